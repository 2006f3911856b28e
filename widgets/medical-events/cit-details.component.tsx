import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useMemo } from 'react';
import { ApiError } from '../../shared/api/errors';
import { camelKeys } from '../../shared/casing';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { CitSheetFacts } from '../cit/cit-submission.component';
import { getOptionsForStaff, getSubmission, openCitPdf, type CitOptions } from '../cit/cit.resource';
import { CitStyles } from '../cit/cit.styles';
import { LoadState } from '../kit/load-state';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { useLoaded } from '../kit/use-loaded';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { eventWhen } from './medical-event-summary';
import { useMedicalEvent, type MedicalEvent } from './medical-events.resource';

/** The approved sheet behind a crisis intervention, read-only in the form's order, for CIT staff (who alone read sheets). */
function CitSheet({ submissionId }: { submissionId: string }) {
  const api = useWidgetApi();
  const sheet = useLoaded(async () => {
    const doc = (await getSubmission(api, submissionId)).data.attributes;
    return { ...doc, submissionJson: camelKeys<Record<string, unknown>>(doc.submissionJson) };
  }, [api, submissionId]);
  const options = useLoaded(async () => (await getOptionsForStaff(api)).data.attributes.options as CitOptions, [api]);
  const lookup = useMemo(() => new Map(Object.values(options.data ?? {}).flat().map((o) => [o.uid, o.label])), [options.data]);
  return (
    <section className="card cit-readonly" aria-label="CIT sheet">
      <CitStyles />
      <LoadState isLoading={sheet.isLoading || options.isLoading} error={sheet.error} lines={8}>
        {sheet.data && <CitSheetFacts doc={sheet.data} lookup={lookup} />}
      </LoadState>
    </section>
  );
}

/** What any reader of the event may see: when, the disposition and where to. */
function EventFacts({ event }: { event: MedicalEvent }) {
  return (
    <dl className="section-facts">
      <dt>Date</dt>
      <dd>{eventWhen(event)}</dd>
      <dt>Disposition</dt>
      <dd>{event.statusLabel}</dd>
      <dt>Facility</dt>
      <dd>{event.facilityName ?? '—'}</dd>
    </dl>
  );
}

/**
 * Spec 002 "Medical event list": `medical-events/cit/{id}/cit-details`, titled
 * Crisis Interventions, with the PDF export and the approved sheet read-only.
 * Only CIT staff read sheets and their PDFs; anyone else who reaches the page
 * (a calendar link) sees the event itself.
 */
export function CitDetails({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const api = useWidgetApi();
  const flags = useFlags();
  const event = useMedicalEvent(params.eventId);
  const submissionId = typeof event.data?.detailObject.citSubmissionUid === 'string' ? event.data.detailObject.citSubmissionUid : null;
  const cit = !!flags?.hasAppCit;
  const pdf = async () => {
    try {
      await openCitPdf(api, patientId, params.eventId);
    } catch (err) {
      toast(err instanceof ApiError ? err.errors[0].message : 'Something went wrong.', 'danger');
    }
  };
  return (
    <SectionPage
      title="Crisis Interventions"
      action={
        cit &&
        submissionId && (
          <SlButton variant="primary" outline onClick={pdf}>
            PDF
          </SlButton>
        )
      }
    >
      <LoadState isLoading={event.isLoading || flags === null} error={event.error} errorText={event.error instanceof ApiError && event.error.status === 404 ? 'Medical event not found' : undefined} lines={4}>
        {event.data && (cit && submissionId ? <CitSheet submissionId={submissionId} /> : <EventFacts event={event.data} />)}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
