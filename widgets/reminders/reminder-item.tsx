import dayjs from 'dayjs';
import { Suspense, useId, type MouseEvent, type ReactNode } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { SlDropdown, SlMenu, SlMenuItem } from '../kit/lazy-shoelace';
import type { SlSelectEvent } from '@shoelace-style/shoelace';
import { SNOOZE_CHOICES } from '../../shared/constants';
import type { Navigator, Reminder } from './reminders.resource';

export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

export interface ReminderActions {
  onDone: (reminder: Reminder) => void;
  onReassign: (reminder: Reminder, to: Navigator | null) => void;
  onSnooze: (reminder: Reminder, choice: SnoozeChoice) => void;
  onDelete: (reminder: Reminder) => void;
  onOpenPatient: (reminder: Reminder, event: MouseEvent) => void;
}

export interface ReminderItemProps extends ReminderActions {
  reminder: Reminder;
  /** The colleagues a reminder may go to; null while they load. */
  navigators: Navigator[] | null;
}

const UNASSIGN = '';
/** Spec 002 section 9: times hh:mm a (the card lists one day, so the date is left out). */
const TIME_FORMAT = 'hh:mm a';
export const patientPath = (patientUid: string) => `/patients/${encodeURIComponent(patientUid)}/details`;
const patientName = (r: Reminder) => `${r.patientFirstName} ${r.patientLastName}`;

/** A small dropdown of choices; until its code has loaded, its trigger shows disabled. */
function ChoiceMenu({ label, onSelect, children }: { label: string; onSelect: (e: SlSelectEvent) => void; children: ReactNode }) {
  const trigger = (disabled: boolean) => (
    <SlButton slot="trigger" size="small" caret disabled={disabled}>
      {label}
    </SlButton>
  );
  return (
    <Suspense fallback={trigger(true)}>
      <SlDropdown hoist>
        {trigger(false)}
        <SlMenu onSlSelect={onSelect}>{children}</SlMenu>
      </SlDropdown>
    </Suspense>
  );
}

/** One reminder on the card: who, what, when, and the four actions of spec 000 "Home dashboard". */
export function ReminderItem({ reminder, navigators, onDone, onReassign, onSnooze, onDelete, onOpenPatient }: ReminderItemProps) {
  const nameId = useId();
  const targets = (navigators ?? []).filter((n) => n.providerUid !== reminder.targetUid);
  const reassign = (event: SlSelectEvent) => {
    const value = event.detail.item.value;
    onReassign(reminder, value === UNASSIGN ? null : (navigators?.find((n) => n.providerUid === value) ?? null));
  };
  return (
    <li className="reminder" aria-labelledby={nameId} data-reminder-id={reminder.id}>
      <div className="reminder-text">
        <a id={nameId} className="reminder-patient" href={patientPath(reminder.patientUid)} onClick={(e) => onOpenPatient(reminder, e)}>
          {patientName(reminder)}
        </a>
        <time className="reminder-time" dateTime={reminder.reminderDate}>
          {dayjs(reminder.reminderDate).format(TIME_FORMAT)}
        </time>
        <p className="reminder-note">{reminder.note}</p>
      </div>
      <div className="reminder-actions" role="group" aria-label={`Actions for ${patientName(reminder)}`}>
        <SlButton size="small" onClick={() => onDone(reminder)}>
          Mark as Done
        </SlButton>
        <ChoiceMenu label="Reassign" onSelect={reassign}>
          {navigators === null && <SlMenuItem disabled>Loading navigators…</SlMenuItem>}
          {targets.map((n) => (
            <SlMenuItem key={n.providerUid} value={n.providerUid}>
              {n.displayName}
            </SlMenuItem>
          ))}
          {reminder.targetUid !== null && <SlMenuItem value={UNASSIGN}>Unassign</SlMenuItem>}
        </ChoiceMenu>
        <ChoiceMenu label="Snooze" onSelect={(e) => onSnooze(reminder, e.detail.item.value as SnoozeChoice)}>
          {SNOOZE_CHOICES.map((choice) => (
            <SlMenuItem key={choice} value={choice}>
              {choice}
            </SlMenuItem>
          ))}
        </ChoiceMenu>
        <SlButton size="small" variant="danger" outline onClick={() => onDelete(reminder)}>
          Delete
        </SlButton>
      </div>
    </li>
  );
}
