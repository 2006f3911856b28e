import dayjs from 'dayjs';
import { Suspense, useCallback, useId, useMemo, useState, type MouseEvent } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { nowMs } from '../../shared/clock';
import { isIsoDate } from '../../shared/dates';
import { useEmit } from '../../shared/widget/emit';
import { SlDialog } from '../kit/lazy-shoelace';
import { LoadState } from '../kit/load-state';
import { toast, Toasts } from '../kit/toasts';
import { RemindersStyles } from './reminders.styles';
import { patientPath, ReminderItem, type ReminderActions, type SnoozeChoice } from './reminder-item';
import { isDueToday, useNavigators, useTodayReminders, type Navigator, type Reminder } from './reminders.resource';
import { whenClosed } from '../kit/dialog-closed';

export const EMPTY_MINE = 'No reminders assigned to you for today';
export const EMPTY_UNASSIGNED = 'No unassigned reminders for today';
export const UPDATE_FAILED = 'The reminder could not be updated. Please try again.';
export const DELETE_FAILED = 'The reminder could not be deleted. Please try again.';
const DELETE_CONFIRM = 'This action cannot be undone. Please confirm you want to delete this reminder.';

/**
 * A snoozed reminder keeps its time of day on the chosen day: the clock's
 * hour and minute, not the time elapsed since midnight, which a
 * daylight-saving change makes an hour longer or shorter.
 */
export function snoozedDate(reminder: Reminder, day: dayjs.Dayjs): string {
  const due = dayjs(reminder.reminderDate);
  return day.hour(due.hour()).minute(due.minute()).second(due.second()).millisecond(due.millisecond()).toISOString();
}

const SNOOZE_DAYS: Record<Exclude<SnoozeChoice, 'Customize'>, number> = { Tomorrow: 1, 'Next Week': 7 };

/** A failure leaves the reminder as it was (the resource puts it back) and says so, also to an embedder. */
export function useFailureReport() {
  const emit = useEmit();
  return useCallback(
    (message: string) => (error: unknown) => {
      toast(message, 'danger');
      emit('care-error', { message, status: error instanceof ApiError ? error.status : undefined });
    },
    [emit],
  );
}

export function useNavigate() {
  const emit = useEmit();
  return useCallback(
    (path: string, event?: MouseEvent) => {
      event?.preventDefault();
      emit('care-navigate', { path });
    },
    [emit],
  );
}

function ReminderList({ title, reminders, emptyText, navigators, actions }: { title: string; reminders: Reminder[]; emptyText: string; navigators: Navigator[] | null; actions: ReminderActions }) {
  const titleId = useId();
  return (
    <section className="reminder-list" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <LoadState isEmpty={reminders.length === 0} emptyText={emptyText}>
        <ul>
          {reminders.map((r) => (
            <ReminderItem key={r.id} reminder={r} navigators={navigators} {...actions} />
          ))}
        </ul>
      </LoadState>
    </section>
  );
}

/** Home card (spec 000 "Home dashboard"): today's unread reminders, mine and unassigned, newest first. */
export function RemindersCard() {
  // Today's lists never wait for the navigators (for Reassign): those arrive beside them, off the first paint's path.
  const reminders = useTodayReminders();
  const me = reminders.who?.providerUid ?? null;
  const navigatorList = useNavigators(reminders.who?.orgUid);
  const navigators = navigatorList.data;
  const navigate = useNavigate();
  const failed = useFailureReport();
  const titleId = useId();
  const [deleting, setDeleting] = useState<Reminder | null>(null);
  const [customizing, setCustomizing] = useState<Reminder | null>(null);
  const [customDay, setCustomDay] = useState('');
  const [customError, setCustomError] = useState('');

  const dueToday = useMemo(
    () => (reminders.data ?? []).filter((r) => !r.isRead && isDueToday(r)).sort((a, b) => b.reminderDate.localeCompare(a.reminderDate) || a.id.localeCompare(b.id)),
    [reminders.data],
  );
  const mine = me ? dueToday.filter((r) => r.targetUid === me) : [];
  const unassigned = dueToday.filter((r) => r.targetUid === null);

  const { change, remove } = reminders;
  const snooze = (reminder: Reminder, day: dayjs.Dayjs) => change(reminder, { reminderDate: snoozedDate(reminder, day) }).catch(failed(UPDATE_FAILED));
  const actions: ReminderActions = {
    onDone: (r) => void change(r, { isRead: true }).catch(failed(UPDATE_FAILED)),
    onReassign: (r, to) => void change(r, { targetUid: to?.providerUid ?? null, displayName: to?.displayName ?? null }).catch(failed(UPDATE_FAILED)),
    onSnooze: (r, choice) => {
      if (choice === 'Customize') {
        setCustomDay('');
        setCustomError('');
        setCustomizing(r);
      } else void snooze(r, dayjs(nowMs()).add(SNOOZE_DAYS[choice], 'day'));
    },
    onDelete: setDeleting,
    onOpenPatient: (r, event) => navigate(patientPath(r.patientUid), event),
  };

  const confirmDelete = () => {
    if (deleting) void remove(deleting).catch(failed(DELETE_FAILED));
    setDeleting(null);
  };
  const saveCustom = () => {
    if (!isIsoDate(customDay)) return setCustomError(customDay ? 'Snooze until must be a date' : 'Snooze until is required');
    if (customizing) void snooze(customizing, dayjs(customDay));
    setCustomizing(null);
  };

  return (
    <section className="card reminders-card" aria-labelledby={titleId}>
      <RemindersStyles />
      <div className="card-header">
        <h2 id={titleId}>Reminders</h2>
        <a href="/home/reminders" onClick={(e) => navigate('/home/reminders', e)}>
          View all
        </a>
      </div>
      <LoadState isLoading={reminders.isLoading} error={reminders.error ?? navigatorList.error}>
        <ReminderList title="Assigned to me" reminders={mine} emptyText={EMPTY_MINE} navigators={navigators} actions={actions} />
        <ReminderList title="Unassigned" reminders={unassigned} emptyText={EMPTY_UNASSIGNED} navigators={navigators} actions={actions} />
      </LoadState>
      <Suspense fallback={null}>
        <SlDialog label="Delete reminder" open={deleting !== null} onSlAfterHide={whenClosed(() => setDeleting(null))}>
          <p>{DELETE_CONFIRM}</p>
          <SlButton slot="footer" onClick={() => setDeleting(null)}>
            Cancel
          </SlButton>
          <SlButton slot="footer" variant="danger" onClick={confirmDelete}>
            Delete
          </SlButton>
        </SlDialog>
        <SlDialog label="Snooze reminder" open={customizing !== null} onSlAfterHide={whenClosed(() => setCustomizing(null))}>
          <div className="field">
            <label htmlFor={`${titleId}-snooze`}>Snooze until</label>
            <input
              id={`${titleId}-snooze`}
              type="date"
              value={customDay}
              min={dayjs(nowMs()).format('YYYY-MM-DD')}
              aria-invalid={customError !== ''}
              aria-describedby={customError ? `${titleId}-snooze-error` : undefined}
              onChange={(e) => setCustomDay(e.target.value)}
            />
            {customError && (
              <span id={`${titleId}-snooze-error`} className="field-error">
                {customError}
              </span>
            )}
          </div>
          <SlButton slot="footer" onClick={() => setCustomizing(null)}>
            Cancel
          </SlButton>
          <SlButton slot="footer" variant="primary" onClick={saveCustom}>
            Snooze
          </SlButton>
        </SlDialog>
      </Suspense>
      <Toasts />
    </section>
  );
}
