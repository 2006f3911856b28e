import { useEffect, useRef } from 'react';
import { ApiError } from '../../shared/api/errors';
import { useFormText } from './public-i18n';

/** Issue 39: what a public form says about its work with no connection and about what the device keeps (shared/i18n, `offline.*`). */

/** The server gave no answer at all: a step that needs it says so plainly (`offline.needsConnection`). */
export const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Shown while submissions of this form wait on the device for a connection (useIdempotentSubmit's
 * savedOnDevice). A long form was scrolled to its button: the notice at its top comes into view.
 */
export function SavedOnDevice({ count }: { count: number }) {
  const { t } = useFormText();
  const notice = useRef<HTMLParagraphElement>(null);
  const shown = useRef(0);
  useEffect(() => {
    if (count > shown.current) notice.current?.scrollIntoView({ block: 'nearest' });
    shown.current = count;
  }, [count]);
  if (!count) return null;
  return (
    <p ref={notice} className="public-form-saved" role="status" data-testid="saved-on-device">
      {t('offline.savedOnDevice', { count })}
    </p>
  );
}

/** What the device keeps, and a way to clear it by hand on a shared device. */
export function DeviceNote({ onClear }: { onClear: () => void }) {
  const { t } = useFormText();
  return (
    <p className="public-form-device">
      {t('offline.kept')}{' '}
      <button type="button" className="link-button" onClick={onClear}>
        {t('offline.clear')}
      </button>
    </p>
  );
}
