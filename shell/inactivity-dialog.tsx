import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { SlDialog } from '../widgets/kit/lazy-shoelace';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import type SlButtonElement from '@shoelace-style/shoelace/dist/components/button/button.js';
import { nowMs } from '../shared/clock';
import { SESSION_CHECK_MS } from '../shared/constants';
import { confirmActivity, readLastActivity, watchUserActivity } from './activity';
import { shellApi } from './api';
import { rememberAttemptedRoute } from './attempted-route';
import { formatCountdown, sessionState, type SessionClock } from './session-clock';
import { expireSession } from './account-actions';
import { accountText as t } from './account-text';

/**
 * Spec 002 "Session": checks the shared last-activity stamp every second,
 * warns at 50 minutes, sends to /session-timeout at 60. Mounted only while
 * signed in, so the timeout page never shows the dialog.
 */
export function InactivityDialog() {
  const [location, navigate] = useLocation();
  const [clock, setClock] = useState<SessionClock>({ kind: 'active' });
  const buttonRef = useRef<SlButtonElement>(null);

  useEffect(() => watchUserActivity(), []);

  useEffect(() => {
    const check = () => {
      const last = readLastActivity();
      if (last === null) {
        // Another tab's logout or a division switch cleared storage; start counting from now.
        confirmActivity();
        return;
      }
      setClock(sessionState(last, nowMs()));
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (clock.kind !== 'expired') return;
    // Sign-in afterwards returns the user to the page they were on.
    rememberAttemptedRoute(location + window.location.search);
    void expireSession(() => navigate('/session-timeout', { replace: true }));
  }, [clock.kind]);

  const warning = clock.kind === 'warning';
  /*
   * A dialog that first renders already open (its code, loaded after the
   * first paint, arrived when the warning had begun) gets no
   * sl-initial-focus from Shoelace: the button takes the focus itself.
   */
  const focusButton = useCallback(
    (button: SlButtonElement | null) => {
      buttonRef.current = button;
      if (button && warning) void button.updateComplete.then(() => requestAnimationFrame(() => button.focus()));
    },
    [warning],
  );

  const stillActive = () => {
    confirmActivity();
    setClock({ kind: 'active' });
    void shellApi().get('session/current').catch(() => undefined);
  };

  return (
    <Suspense fallback={null}>
      <SlDialog
        label={t('inactivity.label')}
        noHeader
        open={warning}
        className="care-inactivity-dialog"
        // Only the button answers the question; Escape or a click outside would dismiss it unanswered.
        onSlRequestClose={(e) => e.preventDefault()}
        onSlInitialFocus={(e) => {
          e.preventDefault();
          buttonRef.current?.focus();
        }}
      >
        <p>
          {t('inactivity.expiresIn', { time: clock.kind === 'warning' ? formatCountdown(clock.remainingMs) : '' })}
        </p>
        <p>
          <strong>{t('inactivity.question')}</strong>
        </p>
        <SlButton ref={focusButton} slot="footer" variant="primary" onClick={stillActive}>
          {t('inactivity.stillActive')}
        </SlButton>
      </SlDialog>
    </Suspense>
  );
}
