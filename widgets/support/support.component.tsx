import { useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { formatPhone } from '../../shared/format';
import { SUPPORT_ISSUE_TYPES, SupportRequestSchema, type SupportRequestValues } from '../../shared/schemas/support';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { DeviceNote, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { PublicFormFrame } from '../kit/public-form-frame';
import { usePublicText } from '../kit/public-i18n';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { toFormErrors, useSupportContact, useSubmitSupportRequest, type SupportAnswer } from './support.resource';
import { SupportStyles } from './support.styles';

const FIELDS: (keyof SupportRequestValues)[] = ['userEmail', 'issueType', 'comment'];

const EMPTY: SupportRequestValues = { userEmail: '', issueType: '', comment: '' };

export interface SupportFormProps {
  /** The urgent support line, shown as given; without it, the organisation's (issue 33). Spec 002 does not give the number. */
  supportPhone?: string;
}

/**
 * The urgent line: the embedder's `support-phone` as given; else the
 * organisation's from the server, formatted; none (no line at all) while it
 * loads and when there is none, so no made-up number ever shows.
 */
function useUrgentPhone(supportPhone: string | undefined): string | null {
  const given = supportPhone?.trim() || null;
  const contact = useSupportContact(given === null);
  if (given) return given;
  return contact.data ? formatPhone(contact.data) : null;
}

/** Spec 002 "Customer support" (/support): userEmail, issueType, comment; triage hours and urgent line on screen. */
export function SupportForm({ supportPhone }: SupportFormProps) {
  const { t } = usePublicText();
  const labels = Object.fromEntries(FIELDS.map((field) => [field, t(`support.${field}`)])) as Record<keyof SupportRequestValues, string>;
  const phone = useUrgentPhone(supportPhone);
  // Spec 002 leaves failure handling "not shown": the summary names the problem, typed text stays; with no urgent line there is no one to call.
  const failed = phone ? t('support.failed') : t('support.failedNoPhone');
  const emit = useEmit();
  const send = useSubmitSupportRequest();
  const form = useCareForm(SupportRequestSchema, { defaultValues: EMPTY });
  const draft = usePersistedDraft('support', form);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const startOver = () => {
    draft.clear();
    form.reset(EMPTY);
  };
  const showSent = (answer: SupportAnswer) => {
    startOver();
    setSentTo(answer.data.attributes.userEmail.trim());
    emit('care-saved', { type: 'support-request', id: answer.data.id });
  };
  const { submit, busy, savedOnDevice } = useIdempotentSubmit<SupportAnswer>('support', {
    onSavedOnDevice: startOver,
    onAnswer: showSent,
    onRefused: (error, sent) => {
      form.reset({ ...EMPTY, ...(sent?.data as Partial<typeof EMPTY> | undefined) });
      if (!applyServerErrors(form, toFormErrors(error))) form.setError('root.server', { type: 'server', message: failed });
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await submit((key) => send(values, key));
      if (answer) showSent(answer);
    } catch (error) {
      // Field errors land on their fields; anything else (429, 500, no answer) is named in the summary and a toast.
      if (!applyServerErrors(form, toFormErrors(error))) form.setError('root.server', { type: 'server', message: failed });
      if (!(error instanceof ApiError) || error.errors.every((e) => !e.field)) toast(failed, 'danger');
      emit('care-error', { message: error instanceof Error ? error.message : failed, status: error instanceof ApiError ? error.status : undefined });
    }
  });

  return (
    <PublicFormFrame purpose={t('support.purpose')} languages>
    <section className="support-form" aria-labelledby="support-title">
      <SupportStyles />
      <Toasts />
      <h2 id="support-title">{t('support.title')}</h2>
      <div className="support-contact">
        <p>
          {t('support.triaged')} <strong>{t('support.hours')}</strong>.
        </p>
        {phone && (
          <p className="support-urgent">
            {t('support.urgent')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>.
          </p>
        )}
      </div>
      {sentTo ? (
        <div className="support-sent">
          <SlAlert variant="success" open>
            {t('support.sent')} {t('support.replyTo', { email: sentTo })}
          </SlAlert>
          <div className="form-buttons">
            <SlButton variant="primary" onClick={() => setSentTo(null)}>
              {t('support.another')}
            </SlButton>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-busy={busy}>
          <SavedOnDevice count={savedOnDevice} />
          <ErrorSummary form={form} labels={labels} title={t('form.correct')} />
          <div className="support-row">
            <Field form={form} name="userEmail" label={labels.userEmail}>
              {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" {...form.register('userEmail')} />}
            </Field>
            <Field form={form} name="issueType" label={labels.issueType}>
              {(control) => (
                <select {...control} {...form.register('issueType')}>
                  <option value="">{t('support.selectIssue')}</option>
                  {SUPPORT_ISSUE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`support.issueTypes.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field form={form} name="comment" label={labels.comment}>
            {(control) => <textarea {...control} rows={5} {...form.register('comment')} />}
          </Field>
          <div className="form-buttons">
            <SlButton type="submit" variant="primary" disabled={busy}>
              {busy ? t('form.sending') : t('support.submit')}
            </SlButton>
          </div>
        </form>
      )}
      <DeviceNote onClear={startOver} />
    </section>
    </PublicFormFrame>
  );
}
