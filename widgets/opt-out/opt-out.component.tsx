import { useRef, useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { OPT_OUT_ALREADY_USED, OPT_OUT_CANCELLED, OPT_OUT_DONE, OPT_OUT_FAILED } from '../../shared/schemas/opt-out';
import { useEmit } from '../../shared/widget/emit';
import { PublicFormFrame } from '../kit/public-form-frame';
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
 * keeps working. The token works once on the server.
 */
export const OPT_OUT_PURPOSE = 'Stop being contacted about a care program. Your choice goes only to the care team that contacted you.';

export function OptOut({ optOutToken }: { optOutToken?: string }) {
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
      setDetail(error instanceof ApiError && (error.status === 404 || error.status === 429) ? error.errors[0]?.message ?? null : null);
      setState('danger');
      emit('care-error', { message: error instanceof Error ? error.message : OPT_OUT_FAILED, status: error instanceof ApiError ? error.status : undefined });
    }
  };
  const cancel = () => {
    if (chosen.current) return;
    chosen.current = true;
    setState('info');
  };

  const disabled = state !== 'idle';
  return (
    <PublicFormFrame purpose={OPT_OUT_PURPOSE} brand={brand}>
    <section className="opt-out" aria-labelledby="opt-out-title" aria-busy={state === 'loading'}>
      <style>{css}</style>
      <h2 id="opt-out-title">Opt out</h2>
      <p>Would you like to opt out? You will no longer be contacted about this program.</p>
      <div className="opt-out-buttons">
        <SlButton variant="primary" disabled={disabled} loading={state === 'loading'} onClick={optOut}>
          Opt out
        </SlButton>
        <SlButton disabled={disabled} onClick={cancel}>
          Cancel
        </SlButton>
      </div>
      <div aria-live="polite">
        {state === 'success' && (
          <SlAlert variant="success" open>
            {OPT_OUT_DONE}
          </SlAlert>
        )}
        {state === 'danger' && (
          <SlAlert variant="danger" open>
            {OPT_OUT_FAILED}
            {detail && <p className="opt-out-detail">{detail}</p>}
          </SlAlert>
        )}
        {state === 'info' && (
          <SlAlert variant="primary" open>
            {OPT_OUT_CANCELLED}
          </SlAlert>
        )}
        {state === 'used' && (
          <SlAlert variant="primary" open>
            {OPT_OUT_ALREADY_USED}
          </SlAlert>
        )}
      </div>
    </section>
    </PublicFormFrame>
  );
}
