import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import {
  BREAK_GLASS_REVIEW_STATUSES, breakGlassReasonText, BreakGlassReviewSchema, MAX_REVIEW_COMMENT, type BreakGlassEventRow, type BreakGlassReview,
} from '../../shared/schemas/break-glass';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { applyServerErrors, Field, SelectField, useCareForm } from '../kit/forms';
import { ErrorSummary } from '../kit/error-summary';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { RowsTable, type RowsColumn } from '../kit/rows-table';
import { SectionPage } from '../kit/section-page';
import { StatusBadge } from '../kit/status-badge';
import { toast, Toasts } from '../kit/toasts';
import { reviewEmergencyAccess, useEmergencyAccessEvent, useEmergencyAccessEvents } from './break-glass.resource';
import { EMERGENCY_ACCESS } from './emergency-access-label';

const PAGE_PATH = '/emergency-access';
const STATUS_LABELS = { appropriate: 'Appropriate', inappropriate: 'Inappropriate' } as const;

function ReviewStatus({ event }: { event: BreakGlassEventRow }) {
  if (!event.reviewStatus) return <StatusBadge variant="warning">Not Reviewed</StatusBadge>;
  return <StatusBadge variant={event.reviewStatus === 'appropriate' ? 'success' : 'danger'}>{STATUS_LABELS[event.reviewStatus]}</StatusBadge>;
}

const COLUMNS: RowsColumn<BreakGlassEventRow>[] = [
  { header: 'When', cell: (e) => <span className="nowrap">{formatDateTime(e.startedAt)}</span> },
  { header: 'Who', cell: (e) => e.userDisplayName },
  { header: 'Record', cell: (e) => e.patientName },
  { header: 'Reason', cell: (e) => breakGlassReasonText(e.reason, e.reasonText), primary: true },
  { header: 'Reads', cell: (e) => e.reads },
  { header: 'Review', cell: (e) => <ReviewStatus event={e} /> },
];

function EventList() {
  const emit = useEmit();
  const events = useEmergencyAccessEvents();
  return (
    <SectionPage title={EMERGENCY_ACCESS}>
      <p className="page-intro">Every time someone in this division opened a restricted record by breaking the glass, newest first. Review each one.</p>
      <LoadState isLoading={events.isLoading} error={events.error} isEmpty={events.data?.length === 0} emptyText="No emergency access yet">
        {events.data && (
          <RowsTable rows={events.data} columns={COLUMNS} rowKey={(e) => e.breakGlassUid} open={(e) => emit('care-navigate', { path: `${PAGE_PATH}/${e.breakGlassUid}` })} minWidth="48rem" />
        )}
      </LoadState>
    </SectionPage>
  );
}

function ReviewForm({ eventId, onReviewed }: { eventId: string; onReviewed: () => void }) {
  const api = useWidgetApi();
  const form = useCareForm(BreakGlassReviewSchema, { mode: 'onSubmit', defaultValues: { status: '' as BreakGlassReview['status'], comment: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reviewEmergencyAccess(api, eventId, values);
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: 'Oops, something went wrong!' });
      return;
    }
    toast('Review saved', 'success');
    onReviewed();
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Review this emergency access">
      <ErrorSummary form={form} labels={{ status: 'Review', comment: 'Comment' }} />
      <SelectField form={form} name="status" label="Review" options={BREAK_GLASS_REVIEW_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))} empty="Choose one" />
      <Field form={form} name="comment" label="Comment" hint="Marked inappropriate, the user loses emergency access until an administrator grants it again.">
        {(control) => <textarea {...control} rows={3} maxLength={MAX_REVIEW_COMMENT} {...form.register('comment')} />}
      </Field>
      <div className="form-buttons">
        <button type="submit" className="care-button care-button-primary" disabled={form.formState.isSubmitting}>
          Save Review
        </button>
      </div>
    </form>
  );
}

function EventDetail({ eventId }: { eventId: string }) {
  const loaded = useEmergencyAccessEvent(eventId);
  const [editing, setEditing] = useState(false);
  const e = loaded.data?.event;
  return (
    <SectionPage title={EMERGENCY_ACCESS} action={<NavLink path={PAGE_PATH}>All Emergency Access</NavLink>}>
      <LoadState isLoading={loaded.isLoading} error={loaded.error} errorText="This emergency access was not found.">
        {e && (
          <>
            <dl className="section-facts">
              <dt>Who</dt>
              <dd>{e.userDisplayName}</dd>
              <dt>Record</dt>
              <dd>{e.patientName}</dd>
              <dt>Reason</dt>
              <dd>{breakGlassReasonText(e.reason, e.reasonText)}</dd>
              <dt>Opened</dt>
              <dd>{formatDateTime(e.startedAt)}</dd>
              <dt>Until</dt>
              <dd>{formatDateTime(e.expiresAt)}</dd>
              <dt>Review</dt>
              <dd>
                <ReviewStatus event={e} />
                {e.reviewedByName && ` by ${e.reviewedByName}, ${formatDateTime(e.reviewedAt)}`}
                {e.reviewComment && <p className="review-comment">{e.reviewComment}</p>}
              </dd>
            </dl>
            <h3>Reads ({loaded.data!.reads.length})</h3>
            <LoadState isLoading={false} error={null} isEmpty={loaded.data!.reads.length === 0} emptyText="Nothing was read under this access">
              <RowsTable rows={loaded.data!.reads} columns={[{ header: 'When', cell: (r) => formatDateTime(r.createdAt) }, { header: 'Call', cell: (r) => r.call ?? '', primary: true }]} rowKey={(r) => r.auditUid} />
            </LoadState>
            {!e.reviewStatus || editing ? (
              <ReviewForm
                eventId={eventId}
                onReviewed={() => {
                  setEditing(false);
                  loaded.reload();
                }}
              />
            ) : (
              <div className="form-buttons">
                <button type="button" className="care-button" onClick={() => setEditing(true)}>
                  Change Review
                </button>
              </div>
            )}
          </>
        )}
      </LoadState>
    </SectionPage>
  );
}

/**
 * Issue 38, `/emergency-access[/{eventId}]`: the division's break-glass
 * events for privacy officers and administrators, each with the reads made
 * under it and its review (appropriate or inappropriate, with a comment).
 */
export function EmergencyAccessPage({ eventId }: { eventId?: string }) {
  return (
    <>
      <style>{'.nowrap { white-space: nowrap; } .review-comment { margin: .25rem 0 0; }'}</style>
      <Toasts />
      {eventId ? <EventDetail key={eventId} eventId={eventId} /> : <EventList />}
    </>
  );
}
