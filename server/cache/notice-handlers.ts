import { forgetSessionRows, sessionCache, sessionsEnded } from '../auth/sessions.repository';
import type { Notice } from './cluster-notices';
import { forgetReferenceRows } from './reference-cache';

/** What another process's notice changes here (server/cache/cluster-notices.ts). */
export function applyNotice(notice: Notice): void {
  if (notice.kind === 'reference') return forgetReferenceRows();
  forgetSessionRows(notice.ids);
  // Their sockets may be on this process: they close as the ones of a session ended here do.
  if (notice.ended) sessionsEnded.emit('ended', notice.ids);
}

/** Back after a lost connection: notices sent meanwhile were missed, so everything kept is read again. */
export function forgetEverything(): void {
  forgetReferenceRows();
  sessionCache.clear();
}
