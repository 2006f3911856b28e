import { useEffect, useState } from 'react';
import { nowMs } from '../../shared/clock';
import { breakGlassReasonText, type BreakGlassWindow } from '../../shared/schemas/break-glass';
import { useFlags } from '../kit/use-flags';
import { useGlassWindow } from './break-glass.resource';

const MINUTE = 60_000;
/** How often the minutes left are counted down. */
const TICK_MS = 15_000;

const minutesLeft = (glass: BreakGlassWindow) => Math.max(0, Math.ceil((Date.parse(glass.expiresAt) - nowMs()) / MINUTE));

/**
 * Issue 38: on every page of a record opened by breaking the glass, a red
 * banner with the reason and the minutes left. The server ends the window on
 * its own; when the count reaches zero the banner says so, and the next call
 * of the record answers "not found".
 */
export function BreakGlassBanner({ patientId }: { patientId: string }) {
  const flags = useFlags();
  const glass = useGlassWindow(patientId, !!flags?.breakGlass).data;
  const [, tick] = useState(0);
  useEffect(() => {
    if (!glass) return;
    const timer = setInterval(() => tick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [glass]);
  if (!glass) return null;
  const left = minutesLeft(glass);
  return (
    <div className="break-glass-banner" role="alert">
      <style>{css}</style>
      <strong>Emergency access</strong>
      <span>{breakGlassReasonText(glass.reason, glass.reasonText)}.</span>
      <span>{left > 0 ? `${left} ${left === 1 ? 'minute' : 'minutes'} left${glass.writesAllowed ? '' : ', read-only'}.` : 'The access has ended: reload to leave the record.'}</span>
    </div>
  );
}

const css = /* css */ `
.break-glass-banner { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; padding: .5rem .75rem; margin-bottom: .75rem;
  background: var(--sl-color-danger-600, #dc2626); color: #fff; border-radius: var(--care-radius, 4px); }
.break-glass-banner strong { text-transform: uppercase; letter-spacing: .03em; }
`;
