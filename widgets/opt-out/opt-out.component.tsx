import { useRef, useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { useEmit } from '../../shared/widget/emit';
import { PublicFormFrame } from '../kit/public-form-frame';
import { sayMessage, usePublicText } from '../kit/public-i18n';
import { useIdempotentSubmit } from '../kit/public-submit';
import { useOptOutBrand, useOptOutCall } from './opt-out.resource';

/** Spec 002 "Opt-out" states (plus `used`: the link was used before). */
export type OptOutState = 'idle' | 'loading' | 'success' | 'danger' | 'info' | 'used';

const css = /* css */ `
.opt-out { max-width: 36rem; }
.opt-out-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-s); margin: var(--care-space-m) 0; }
.opt-out-buttons sl-button::part(base) { min-height: 44px; min-width: 8rem; }
.opt-out-detail { margin: var(--care-space-2xs) 0 0; font-size: var(--care-font-size-s); }
@media (max-width: 575.98px) { .opt-out-buttons sl-button { flex: 1 1 100%; } }
`;

/**
 * Spec 002 "Engagement opt-out": offers the choice (opt out or cancel); after
 * the first choice both buttons stay disabled. Cancel calls nothing: the link
 * keeps working. The token works once on the server. In English and Spanish (issue 39).
 */
export function OptOut({ optOutToken }: { optOutToken?: string }) {
  const { t } = usePublicText();
  const emit = useEmit();
  const call = useOptOutCall();
  const token = optOutToken ?? '';
  const { submit } = useIdempotentSubmit(`opt-out.${token}`);
  const brand = useOptOutBrand(token);
  const [state, setState] = useState<OptOutState>('idle');
  const [detail, setDetail] = useState<string | null>(null);
  const chosen = useRef(false);

  const optOut = async () => {
    if (chosen.current) return;
    chosen.current = true;
    setState('loading');
    try {
      const answer = await submit((key) => call(token, key));
      if (!answer) return;
      setState('success');
      emit('care-saved', { type: 'engagement-opt-out', id: answer.data.id });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setState('used');
        return;
      }
      // 404 (not a valid link) and 429 (too many tries) say why; anything else is just the spec's text.
      setDetail(error instanceof ApiError && (error.status === 404 || error.status === 429) && error.errors[0] ? sayMessage(error.errors[0].message) : null);
      setState('danger');
      emit('care-error', { message: error instanceof Error ? error.message : t('optOut.failed'), status: error instanceof ApiError ? error.status : undefined });
    }
  };
  const cancel = () => {
    if (chosen.current) return;
    chosen.current = true;
    setState('info');
  };

  const disabled = state !== 'idle';
  return (
    <PublicFormFrame purpose={t('optOut.purpose')} brand={brand} languages>
    <section className="opt-out" aria-labelledby="opt-out-title" aria-busy={state === 'loading'}>
      <style>{css}</style>
      <h2 id="opt-out-title">{t('optOut.title')}</h2>
      <p>{t('optOut.question')}</p>
      <div className="opt-out-buttons">
        <SlButton variant="primary" disabled={disabled} loading={state === 'loading'} onClick={optOut}>
          {t('optOut.optOut')}
        </SlButton>
        <SlButton disabled={disabled} onClick={cancel}>
          {t('optOut.cancel')}
        </SlButton>
      </div>
      <div aria-live="polite">
        {state === 'success' && (
          <SlAlert variant="success" open>
            {t('optOut.done')}
          </SlAlert>
        )}
        {state === 'danger' && (
          <SlAlert variant="danger" open>
            {t('optOut.failed')}
            {detail && <p className="opt-out-detail">{detail}</p>}
          </SlAlert>
        )}
        {state === 'info' && (
          <SlAlert variant="primary" open>
            {t('optOut.cancelled')}
          </SlAlert>
        )}
        {state === 'used' && (
          <SlAlert variant="primary" open>
            {t('optOut.alreadyUsed')}
          </SlAlert>
        )}
      </div>
    </section>
    </PublicFormFrame>
  );
}
