import type { FastifyReply } from 'fastify';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Issue 34: `<care-session smart-iss smart-launch>` runs the launch in a
 * popup. The popup ends on this page, which hands the new session to the
 * page that opened it (only to the origin it named, checked when the launch
 * started) and closes. The script is a file of its own: the site's CSP runs no inline script.
 */
export function popupDone(reply: FastifyReply, origin: string, message: Record<string, unknown>) {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Careweave</title></head><body>` +
        `<p id="careweave-smart" data-origin="${escape(origin)}" data-message="${escape(JSON.stringify(message))}">Signed in to Careweave. You can close this window.</p>` +
        `<script src="/smart/popup-done.js"></script></body></html>`,
    );
}

export const POPUP_SCRIPT = `(() => {
  const el = document.getElementById('careweave-smart');
  if (window.opener && el) {
    window.opener.postMessage(JSON.parse(el.dataset.message), el.dataset.origin);
    window.close();
  }
})();
`;
