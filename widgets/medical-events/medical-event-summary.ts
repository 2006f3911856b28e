import { formatDate } from '../../shared/format';
import {
  CONTACT_PHASES,
  DETAIL_OPTIONS,
  SURVIVOR_CHANNELS,
  type AnswerMember,
} from '../../shared/schemas/medical-events';
import type { MedicalEvent } from './medical-events.resource';

/** MM/DD/YYYY with hh:mm a when the event has a time (spec 002 section 9), on the event's own clocks. */
export function eventWhen(e: Pick<MedicalEvent, 'eventDateLocal' | 'eventTime'>): string {
  if (!e.eventTime) return formatDate(e.eventDateLocal);
  const [h, m] = e.eventTime.split(':').map(Number);
  return `${formatDate(e.eventDateLocal)} ${String(((h + 11) % 12) + 1).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

const labelOf = (member: AnswerMember, value: unknown) => DETAIL_OPTIONS[member]?.find((o) => o.value === value)?.label ?? (typeof value === 'string' ? value : '');

/** "2 others met": the active people of a human interaction. */
function othersMet(d: Record<string, unknown>): string | null {
  const people = Array.isArray(d.humanInteractions) ? d.humanInteractions.filter((p: { isActive?: boolean }) => p.isActive !== false).length : 0;
  return people ? `${people} ${people === 1 ? 'other' : 'others'} met` : null;
}

/** A row's summary by event type (spec 002 "Medical event list"); `labels` names reference ids (interaction types, outcomes). */
export function eventSummary(e: MedicalEvent, labels: Map<string, string>): string {
  const d = e.detailObject;
  const parts: string[] = [];
  const add = (text: string | null | undefined, prefix = '') => text && parts.push(`${prefix}${text}`);
  switch (e.medicalEventName) {
    case 'drug_overdose':
      add(labelOf('naloxoneAdministered', d.naloxoneAdministered), 'Naloxone: ');
      add(labelOf('wasOverdoseFatal', d.wasOverdoseFatal), 'Fatal: ');
      add(e.facilityName);
      break;
    case 'survivor_interaction':
      add(SURVIVOR_CHANNELS.find((o) => o.value === d.contactAttemptType)?.label);
      add(CONTACT_PHASES.find((o) => o.value === d.contactPhase)?.label);
      add(labelOf('survivorContacted', d.survivorContacted), 'Contacted: ');
      add(othersMet(d));
      break;
    case 'other_interaction': {
      add(labels.get(String(d.type)));
      add(typeof d.name === 'string' ? d.name : null);
      add(labelOf('method', d.method));
      const relationship = typeof d.otherContactType === 'string' ? labelOf('otherContactType', d.otherContactType) : '';
      const contact = typeof d.otherContactName === 'string' ? d.otherContactName : '';
      add(contact && relationship ? `${contact} (${relationship})` : contact || relationship);
      add(othersMet(d));
      break;
    }
    case 'treatment_referral':
      add(e.reasonLabel);
      add(labels.get(String(d.referToRole)), 'To: ');
      add(e.facilityName);
      add(labels.get(String(d.outcome)), 'Outcome: ');
      break;
    default:
      add(e.reasonLabel);
      add(e.facilityName);
  }
  return parts.join(' · ');
}
