// The demo EHR's own script (not Careweave's). A clinician picks a patient;
// "Open Careweave" asks the EHR for a launch context and opens Careweave's
// launch URL with it (SMART on FHIR EHR launch); the embedded tab puts
// <care-session smart-iss smart-launch> around Careweave's elements. "Send
// Referral" sends a Gravity referral to Careweave's FHIR API (through the EHR's
// own server), and the table shows each referral's Task status as Careweave sets it.
const practitioner = document.getElementById('ehr-practitioner');
const list = document.getElementById('ehr-patients');
const chart = document.getElementById('ehr-chart');
const notice = document.getElementById('ehr-notice');
const embedded = document.getElementById('ehr-embedded');
let current = null;
let context = null;

async function newLaunch() {
  const response = await fetch('/demo/ehr/launch', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ patient: current.id, practitioner: practitioner.value }),
  });
  if (!response.ok) throw new Error(`The EHR could not make a launch (${response.status})`);
  return response.json();
}

function select(tab) {
  for (const id of ['summary', 'embedded']) {
    document.getElementById(`tab-${id}`).setAttribute('aria-selected', String(id === tab));
    document.getElementById(`panel-${id}`).hidden = id !== tab;
  }
  if (tab === 'embedded') void embed();
}

function open(patient) {
  current = patient;
  document.getElementById('ehr-patient-name').textContent = patient.name;
  const [y, m, d] = patient.birthDate.split('-');
  document.getElementById('ehr-patient-facts').textContent = `DOB ${m}/${d}/${y} · MRN ${patient.mrn}`;
  for (const li of list.children) li.firstElementChild.setAttribute('aria-current', String(li.dataset.id === patient.id));
  notice.hidden = true;
  chart.hidden = false;
  embedded.replaceChildren();
  select('summary');
}

// Careweave elements never navigate by themselves: the chart shows the record, or Add Patient when Careweave has none.
async function embed() {
  const { iss, launch } = await newLaunch();
  const session = document.createElement('care-session');
  session.setAttribute('api-base', '/api');
  session.setAttribute('smart-iss', iss);
  session.setAttribute('smart-launch', launch);
  session.addEventListener('care-navigate', (event) => {
    event.preventDefault();
    const match = /^\/patients\/([0-9a-f-]{36})(?:\/(.+))?$/.exec(event.detail.path);
    if (match) {
      const record = document.createElement('care-patient-record');
      record.setAttribute('patient-id', match[1]);
      record.setAttribute('page', match[2] ?? 'face-sheet');
      session.replaceChildren(record);
    } else if (event.detail.path.startsWith('/patients/add')) {
      const add = document.createElement('care-add-patient');
      add.setAttribute('from-ehr', '');
      session.replaceChildren(add);
    }
  });
  embedded.replaceChildren(session);
}

document.getElementById('tab-summary').addEventListener('click', () => select('summary'));
document.getElementById('tab-embedded').addEventListener('click', () => select('embedded'));
document.getElementById('ehr-open-careweave').addEventListener('click', async () => {
  // Opened before the launch is made, so the browser counts it as the click's window.
  const tab = window.open('about:blank', '_blank');
  try {
    const { iss, launch } = await newLaunch();
    const url = `/smart/launch?${new URLSearchParams({ iss, launch })}`;
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (err) {
    tab?.close();
    notice.hidden = false;
    notice.textContent = err.message;
  }
});
practitioner.addEventListener('change', () => current && open(current));

const referralRows = document.getElementById('ehr-referrals');
const referralNotice = document.getElementById('ehr-referral-notice');
const cell = (text) => {
  const td = document.createElement('td');
  td.textContent = text || '—';
  return td;
};
async function showReferrals() {
  try {
    const response = await fetch('/demo/ehr/referrals');
    if (!response.ok) throw new Error(`Careweave did not answer (${response.status})`);
    const rows = await response.json();
    referralRows.replaceChildren(
      ...(rows.length
        ? rows.map((r) => {
            const tr = document.createElement('tr');
            tr.append(cell(r.patient), cell(r.service), cell(r.status), cell([r.businessStatus, r.output].filter(Boolean).join(' · ')), cell(r.lastModified && new Date(r.lastModified).toLocaleString()));
            return tr;
          })
        : [Object.assign(document.createElement('tr'), { innerHTML: '<td colspan="5">No referrals sent yet</td>' })]),
    );
  } catch (err) {
    referralRows.replaceChildren(Object.assign(document.createElement('tr'), { innerHTML: '<td colspan="5"></td>' }));
    referralRows.querySelector('td').textContent = err.message;
  }
}
document.getElementById('ehr-referrals-refresh').addEventListener('click', () => void showReferrals());
document.getElementById('ehr-refer').addEventListener('click', async () => {
  referralNotice.hidden = false;
  referralNotice.textContent = 'Sending…';
  const response = await fetch('/demo/ehr/refer', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ patient: current.id, service: document.getElementById('ehr-referral-service').value }),
  });
  const answer = await response.json().catch(() => null);
  referralNotice.textContent = response.ok ? `Sent to Careweave: ${current.name}, ${document.getElementById('ehr-referral-service').selectedOptions[0].text}.` : `Careweave refused it: ${answer?.issue?.[0]?.diagnostics ?? answer?.errors?.[0]?.message ?? response.status}`;
  void showReferrals();
});
void showReferrals();

context = await (await fetch('/demo/ehr/context')).json();
practitioner.replaceChildren(...context.practitioners.map((p) => new Option(p.name, p.id)));
list.replaceChildren(
  ...context.patients.map((p) => {
    const li = document.createElement('li');
    li.dataset.id = p.id;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = p.name;
    button.addEventListener('click', () => open(p));
    li.append(button);
    return li;
  }),
);
