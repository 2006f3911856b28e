import { useStore } from '@nanostores/react';
import { persistentAtom } from '@nanostores/persistent';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { now } from '../shared/clock';
import { $session } from '../shared/session-store';
import { toast } from '../widgets/kit/toasts';
import './debug-tools.css';
import { accountText as t } from './account-text';

/** Remembered per browser: a developer reloading a page keeps the debug panel open. */
const $debugOn = persistentAtom<boolean>('careweave.debug', false, { encode: JSON.stringify, decode: JSON.parse });

/** The build the server runs (`GET /version.json`, spec 000 section 7): package version and commit. */
export interface BuildInfo {
  version: string;
  commit: string;
}

/** `/version.json` of the server the shell talks to: beside its API root (`/api` → `/version.json`). */
export const versionUrl = (apiBase: string) => new URL('../version.json', new URL(apiBase.replace(/\/*$/, '/'), window.location.href)).href;

/** Reads the build once the tools are shown; null until it answers (or when it cannot). */
function useBuildInfo(): BuildInfo | null {
  const [build, setBuild] = useState<BuildInfo | null>(null);
  useEffect(() => {
    let live = true;
    fetch(versionUrl($session.get().apiBase), { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<Partial<BuildInfo>>) : null))
      .then((b) => {
        if (live && b && typeof b.version === 'string' && typeof b.commit === 'string') setBuild({ version: b.version, commit: b.commit });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return build;
}

function pageInfo(route: string, build: BuildInfo | null): string {
  const { session } = $session.get();
  const division = session?.accessibleDivisions.find((d) => d.divisionUid === session.currentDivisionUid);
  return JSON.stringify(
    {
      version: build?.version ?? null,
      commit: build?.commit ?? null,
      url: window.location.href,
      route,
      userName: session?.userName,
      userUid: session?.userUid,
      divisionUid: session?.currentDivisionUid,
      divisionName: division?.divisionName,
      time: now().toISOString(),
      viewport: `${window.innerWidth}x${window.innerHeight}`,
      userAgent: navigator.userAgent,
    },
    null,
    2,
  );
}

/** Spec 000 section 2, debug mode: a bug toggle and a copy-page-info action; the info starts with the build (version and commit). */
export function DebugTools() {
  const on = useStore($debugOn);
  const [route] = useLocation();
  const build = useBuildInfo();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pageInfo(route, build));
      toast(t('debug.copied'), 'success');
    } catch {
      toast(t('debug.copyFailed'), 'danger');
    }
  };
  return (
    <div className="care-debug-tools">
      <button type="button" className="care-icon-button" aria-pressed={on} aria-label={t('debug.toggle')} title={t('debug.toggle')} onClick={() => $debugOn.set(!on)}>
        <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" fill="currentColor">
          <path d="M4.355.522a.5.5 0 0 1 .623.333l.291.956A5 5 0 0 1 8 1c1.007 0 1.946.298 2.731.811l.29-.956a.5.5 0 1 1 .957.29l-.41 1.352A5 5 0 0 1 13 6h.5a.5.5 0 0 0 .5-.5V5a.5.5 0 0 1 1 0v.5A1.5 1.5 0 0 1 13.5 7H13v1h1.5a.5.5 0 0 1 0 1H13v1h.5a1.5 1.5 0 0 1 1.5 1.5v.5a.5.5 0 1 1-1 0v-.5a.5.5 0 0 0-.5-.5H13a5 5 0 0 1-10 0h-.5a.5.5 0 0 0-.5.5v.5a.5.5 0 1 1-1 0v-.5A1.5 1.5 0 0 1 2.5 10H3V9H1.5a.5.5 0 0 1 0-1H3V7h-.5A1.5 1.5 0 0 1 1 5.5V5a.5.5 0 0 1 1 0v.5a.5.5 0 0 0 .5.5H3c0-1.364.547-2.601 1.432-3.503l-.41-1.352a.5.5 0 0 1 .333-.623M4 7v4a4 4 0 0 0 3.5 3.97V7zm4.5 0v7.97A4 4 0 0 0 12 11V7zM12 6a4 4 0 0 0-1.334-2.982A3.98 3.98 0 0 0 8 2a3.98 3.98 0 0 0-2.667 1.018A4 4 0 0 0 4 6z" />
        </svg>
      </button>
      <button type="button" className="care-button" onClick={copy}>
        {t('debug.copy')}
      </button>
      {on && (
        <pre className="care-debug-panel" aria-label={t('debug.panel')}>
          {pageInfo(route, build)}
        </pre>
      )}
    </div>
  );
}
