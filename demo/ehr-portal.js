// The portal's own script (not Careweave's): once the visitor is signed in,
// show one <care-queue> card per work queue, and handle "open this patient".
const session = document.querySelector('care-session');
const grid = document.getElementById('queues');
const notice = document.getElementById('portal-notice');

// The session announces itself more than once around a sign-in: only the latest answer
// counts, and the same queues keep their cards (a row being clicked is not swapped out).
let generation = 0;
let shown = '';
async function showQueues() {
  const run = ++generation;
  if (!session.client) {
    shown = '';
    grid.replaceChildren();
    return;
  }
  const { data } = await session.client.get('queues');
  const ids = data.map((queue) => queue.id).join();
  if (run !== generation || ids === shown) return;
  shown = ids;
  grid.replaceChildren(
    ...data.map((queue) => {
      const card = document.createElement('care-queue');
      card.setAttribute('queue-id', queue.id);
      return card;
    }),
  );
}

session.addEventListener('care-session-change', () => void showQueues());
if (session.client) void showQueues();

// Careweave elements never navigate by themselves; the portal decides. A
// patient opens in the portal's chart viewer (one <care-patient-record>, its
// page following the record's own links); a conversation opening inside
// <care-chat> needs nothing from the portal; anything else is only announced.
const chart = document.getElementById('portal-chart');
const record = document.getElementById('portal-record');
const PATIENT_PATH = /^\/patients\/([0-9a-f-]{36})(?:\/(.+))?$/;
// A report card's "Open Report" opens the report in the portal's report viewer (one <care-report>).
const REPORT_PATH = /^\/reports\/(?:configured|custom)\/([\w-]+)$/;
const reportViewer = document.getElementById('portal-report-viewer');
const report = document.getElementById('portal-report');
document.getElementById('portal-report-close').addEventListener('click', () => {
  reportViewer.hidden = true;
});

document.addEventListener('care-navigate', (event) => {
  event.preventDefault();
  if (event.detail.path.startsWith('/chat')) return;
  const reportMatch = REPORT_PATH.exec(event.detail.path);
  if (reportMatch) {
    notice.hidden = true;
    report.setAttribute('name', reportMatch[1]);
    reportViewer.hidden = false;
    reportViewer.scrollIntoView({ block: 'start' });
    return;
  }
  const match = PATIENT_PATH.exec(event.detail.path);
  if (!match) {
    notice.hidden = false;
    notice.textContent = `The portal would open ${event.detail.path} in its own page.`;
    return;
  }
  notice.hidden = true;
  const opening = chart.hidden || record.getAttribute('patient-id') !== match[1];
  record.setAttribute('patient-id', match[1]);
  record.setAttribute('page', match[2] ?? 'face-sheet');
  chart.hidden = false;
  if (opening) chart.scrollIntoView({ block: 'start' });
});

// "Record an outreach contact": the chart's patient's survivor interactions
// (<care-medical-events>); its Add button asks the portal to open the form,
// which the chart viewer then shows.
const outreach = document.getElementById('portal-outreach-panel');
const outreachList = document.getElementById('portal-outreach-list');
document.getElementById('portal-outreach').addEventListener('click', () => {
  outreachList.setAttribute('patient-id', record.getAttribute('patient-id'));
  outreach.hidden = false;
});

document.getElementById('portal-chart-close').addEventListener('click', () => {
  chart.hidden = true;
  outreach.hidden = true;
  record.removeAttribute('patient-id');
});
