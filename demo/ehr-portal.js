// The portal's own script (not Careweave's): once the visitor is signed in,
// show one <care-queue> card per work queue, and handle "open this patient".
const session = document.querySelector('care-session');
const grid = document.getElementById('queues');
const notice = document.getElementById('portal-notice');

async function showQueues() {
  grid.replaceChildren();
  if (!session.client) return;
  const { data } = await session.client.get('queues');
  for (const queue of data) {
    const card = document.createElement('care-queue');
    card.setAttribute('queue-id', queue.id);
    grid.append(card);
  }
}

session.addEventListener('care-session-change', () => void showQueues());
if (session.client) void showQueues();

// Careweave elements never navigate by themselves; the portal decides.
document.addEventListener('care-navigate', (event) => {
  event.preventDefault();
  notice.hidden = false;
  notice.textContent = `The portal would open ${event.detail.path} in its chart viewer.`;
});
