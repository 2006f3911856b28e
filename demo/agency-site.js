// The agency's own script (not Careweave's): one form at a time, chosen from the menu or the URL hash.
// A form is put on the page the first time its tab opens, so hidden forms do not start talking to the server.
const panels = [...document.querySelectorAll('.agency-panel')];
const links = [...document.querySelectorAll('.agency-header nav a')];

function show() {
  const id = location.hash.slice(1) || panels[0].id;
  for (const panel of panels) {
    panel.hidden = panel.id !== id;
    const template = panel.querySelector('template');
    if (!panel.hidden && template) template.replaceWith(template.content.cloneNode(true));
  }
  for (const link of links) {
    if (link.hash === `#${id}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

window.addEventListener('hashchange', show);
show();

// The referral form moves through its steps by itself; the site keeps its own address.
document.addEventListener('care-navigate', (event) => event.preventDefault());
