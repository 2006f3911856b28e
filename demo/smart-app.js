// Growth Chart, an outside SMART app (not Careweave's code): a standalone
// launch with fhirclient. "Sign In with Careweave" sends the browser to
// Careweave's authorization server; Careweave asks the user to sign in, shows
// what the app asks for and which patient it may read, then sends the browser
// back here with a code that fhirclient trades for a token (PKCE). The page
// then reads that patient over Careweave's FHIR API.
/* global FHIR */
const start = document.getElementById('app-start');
const status = document.getElementById('app-status');
const card = document.getElementById('app-patient');

const say = (text) => {
  status.textContent = text;
  status.hidden = !text;
};

const display = (concept) => concept?.text ?? concept?.coding?.[0]?.display ?? concept?.coding?.[0]?.code ?? 'Unnamed';

function fill(listId, bundle, pick) {
  const list = document.getElementById(listId);
  const items = (bundle.entry ?? []).map((e) => pick(e.resource));
  list.replaceChildren(...(items.length ? items : ['None recorded']).map((text) => Object.assign(document.createElement('li'), { textContent: text })));
}

async function show(client) {
  say('Reading the record…');
  const patient = await client.patient.read();
  const name = patient.name?.[0];
  document.getElementById('app-patient-name').textContent = name ? [...(name.given ?? []), name.family].filter(Boolean).join(' ') : 'Unnamed Patient';
  document.getElementById('app-patient-facts').textContent = [patient.birthDate && `Born ${patient.birthDate}`, patient.gender].filter(Boolean).join(' · ');
  const search = (type) => client.request(`${type}?patient=${encodeURIComponent(client.patient.id)}`);
  const [conditions, allergies, medications] = await Promise.all([search('Condition'), search('AllergyIntolerance'), search('MedicationStatement')]);
  fill('app-conditions', conditions, (c) => display(c.code));
  fill('app-allergies', allergies, (a) => display(a.code));
  fill('app-medications', medications, (m) => display(m.medicationCodeableConcept));
  document.getElementById('app-granted').textContent = `Granted by Careweave: ${client.state.tokenResponse?.scope ?? ''}`;
  say('');
  card.hidden = false;
}

async function signIn() {
  const config = await (await fetch('/demo/smart-app/config.json')).json();
  await FHIR.oauth2.authorize({ iss: config.iss, clientId: config.clientId, scope: config.scope, redirectUri: `${location.origin}/demo/smart-app.html`, pkceMode: 'required' });
}

document.getElementById('app-sign-in').addEventListener('click', () => void signIn().catch((error) => say(`Careweave could not be reached: ${error.message}`)));
document.getElementById('app-sign-out').addEventListener('click', () => {
  sessionStorage.clear();
  location.assign('/demo/smart-app.html');
});

const returning = new URLSearchParams(location.search);
// Back from Careweave (a code or a refusal), or signed in earlier in this tab.
if (returning.has('state') || sessionStorage.getItem('SMART_KEY')) {
  FHIR.oauth2
    .ready()
    .then(show)
    .catch((error) => {
      say(`Not signed in: ${error.message}`);
      start.hidden = false;
    });
} else {
  start.hidden = false;
}
