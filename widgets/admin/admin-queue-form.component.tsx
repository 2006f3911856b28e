import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { QueueSchema, type QueueInput } from '../../shared/schemas/admin';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { useDebounced } from '../kit/use-debounced';
import { useLoaded } from '../kit/use-loaded';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { useAdminQueue, useAdminQueues, useOrganizationActions, type AdminDivision, type AdminQueue } from './admin.resource';

const LABELS = { queueLabel: 'Label', rule: 'Rule', defaultSort: 'Default Sort', columns: 'Columns', sortOrder: 'Order' };
const PREVIEW_DELAY_MS = 400;
const FIRST_COLUMNS = ['last_name', 'first_name', 'birth_date', 'episode_status_label'];

/** `/admin/organization/divisions/{id}`: the division's work queues, as its navigators' home lists them. */
export function QueueList({ division }: { division: AdminDivision }) {
  const queues = useAdminQueues(division.divisionUid);
  return (
    <SectionPage title="Work Queues" action={<AddAction path={`/admin/organization/divisions/${division.divisionUid}/queues/new`} label="Add Queue" />}>
      <LoadState isLoading={queues.isLoading} error={queues.error} isEmpty={queues.data?.queues.length === 0} emptyText="No work queues yet">
        <ul className="queue-list">
          {queues.data?.queues.map((q) => (
            <li key={q.queueUid}>
              <NavLink path={`/admin/organization/queues/${q.queueUid}`}>{q.queueLabel}</NavLink> <code>{q.rule || 'every patient'}</code>
            </li>
          ))}
        </ul>
      </LoadState>
    </SectionPage>
  );
}

/** The live count of the rule in the division, through the server's list engine; a refused rule shows the engine's message. */
function RulePreview({ divisionId, rule }: { divisionId: string; rule: string }) {
  const { preview } = useOrganizationActions();
  const settled = useDebounced(rule, PREVIEW_DELAY_MS);
  const count = useLoaded(() => preview(divisionId, settled), [preview, divisionId, settled]);
  const refused = count.error instanceof ApiError ? count.error.errors[0]?.message : null;
  return (
    <p className="rule-preview" role="status" aria-live="polite">
      {count.isLoading ? 'Counting ...' : refused ? fieldText(LABELS.rule, refused) : count.error ? SAVE_FAILED : `${count.data} ${count.data === 1 ? 'patient matches' : 'patients match'} this rule now`}
    </p>
  );
}

/** The columns of the queue's list in order: each a view column, its header, and whether it is hidden. */
function ColumnMap({ form, viewColumns }: { form: UseFormReturn<QueueInput>; viewColumns: string[] }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'columns' });
  const message = errorOf(form as never, 'columns');
  return (
    <fieldset className="column-map">
      <legend>{LABELS.columns}</legend>
      {message && <span className="field-error">{fieldText(LABELS.columns, message)}</span>}
      {fields.map((field, i) => (
        <div key={field.id} className="column-row" data-column={i}>
          <Field form={form} name={`columns.${i}.columnName`} label="Column">
            {(control) => (
              <select {...control} {...form.register(`columns.${i}.columnName`)}>
                {viewColumns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form={form} name={`columns.${i}.displayHeader`} label="Header" />
          <label className="column-hidden">
            <input type="checkbox" {...form.register(`columns.${i}.isHidden`)} /> Hidden
          </label>
          <div className="column-moves">
            <SlButton size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
              Up
            </SlButton>
            <SlButton size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
              Down
            </SlButton>
            <SlButton size="small" variant="danger" outline onClick={() => remove(i)}>
              Remove
            </SlButton>
          </div>
        </div>
      ))}
      <AddAction
        onClick={() => append({ columnName: viewColumns.find((c) => !form.getValues('columns').some((x) => x.columnName === c)) ?? viewColumns[0], displayHeader: '', isHidden: false })}
        label="Add Column"
      />
    </fieldset>
  );
}

function QueueForm({ divisionId, queue, viewColumns }: { divisionId: string; queue: AdminQueue | null; viewColumns: string[] }) {
  const emit = useEmit();
  const { saveQueue } = useOrganizationActions();
  const { submit, busy } = useIdempotentSubmit('admin-queue');
  const form = useCareForm(QueueSchema, {
    defaultValues: queue
      ? { queueLabel: queue.queueLabel, rule: queue.rule, defaultSort: queue.defaultSort ?? '', columns: queue.columns, sortOrder: queue.sortOrder }
      : { queueLabel: '', rule: '', defaultSort: '', columns: FIRST_COLUMNS.map((c) => ({ columnName: c, displayHeader: c.replace(/_label$/, '').split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' '), isHidden: false })), sortOrder: 0 },
  });
  const back = () => emit('care-navigate', { path: `/admin/organization/divisions/${divisionId}` });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => saveQueue(divisionId, queue?.queueUid ?? null, values, key));
      if (!saved) return;
      toast(SAVED, 'success');
      back();
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="queue-form">
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="queueLabel" label={LABELS.queueLabel} />
      <Field form={form} name="rule" label={LABELS.rule} hint="Filters as list calls take them, joined by &: episode_status_label=Active&referral_date__>>=2026-01-01. Empty: every patient." />
      <RulePreview divisionId={divisionId} rule={form.watch('rule')} />
      <Field form={form} name="defaultSort" label={LABELS.defaultSort} hint="Columns, - for newest first: -referral_date,last_name." />
      <Field form={form} name="sortOrder" label={LABELS.sortOrder} type="number" hint="Where the queue stands on the home page, smallest first.">
        {(control) => <input type="number" min={0} max={1000} {...control} {...form.register('sortOrder', { valueAsNumber: true })} />}
      </Field>
      <ColumnMap form={form} viewColumns={viewColumns} />
      <FormButtons busy={busy} onCancel={back} />
    </form>
  );
}

/** `/admin/organization/divisions/{id}/queues/new` (`divisionId`) and `/admin/organization/queues/{id}` (`queueId`). */
export function QueuePage({ divisionId, queueId }: { divisionId?: string; queueId?: string }) {
  const queue = useAdminQueue(queueId ?? null);
  const division = divisionId ?? queue.data?.divisionUid;
  return (
    <SectionPage title={queue.data ? `Edit ${queue.data.queueLabel}` : 'Add Queue'}>
      <LoadState isLoading={queue.isLoading} error={queue.error}>
        {division && <QueueFormLoader divisionId={division} queue={queue.data} />}
      </LoadState>
    </SectionPage>
  );
}

function QueueFormLoader({ divisionId, queue }: { divisionId: string; queue: AdminQueue | null }) {
  const queues = useAdminQueues(divisionId);
  return (
    <LoadState isLoading={queues.isLoading} error={queues.error}>
      {queues.data && <QueueForm divisionId={divisionId} queue={queue} viewColumns={queues.data.viewColumns} />}
    </LoadState>
  );
}
