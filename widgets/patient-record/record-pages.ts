import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RecordPageProps } from './record-page-props';

export interface RecordPage {
  /** The path under /patients/{id}/, with `:name` parameters. */
  path: string;
  component: LazyExoticComponent<ComponentType<RecordPageProps>>;
  /** The left-menu item the page belongs to when its path is not under that item's route. */
  menu?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const page = <K extends string>(path: string, load: () => Promise<Record<K, ComponentType<any>>>, name: K, menu?: string): RecordPage => ({
  path,
  component: lazy(() => load().then((m) => ({ default: m[name] as ComponentType<RecordPageProps> }))),
  menu,
});

/**
 * Every page of the patient record. A section of the record is one folder
 * (widgets/<area>/) whose page component takes RecordPageProps, one line here
 * and one left-menu row in its migration; each loads on first visit. Paths the
 * spec gives twice (`details` for the face sheet) are listed twice.
 */
const faceSheet = () => import('../face-sheet/face-sheet.component');
const eventDetails = () => import('../face-sheet/event-details.component');
const medicalEvents = () => import('../medical-events/medical-events-list.component');
const medicalEventForm = () => import('../medical-events/medical-event-form.component');

export const RECORD_PAGES: RecordPage[] = [
  page('face-sheet', faceSheet, 'FaceSheet'),
  page('details', faceSheet, 'FaceSheet'),
  page('appointments/:eventId/details', eventDetails, 'AppointmentDetails'),
  page('medical-events', medicalEvents, 'AllMedicalEventsPage'),
  page('medical-events/:name', medicalEvents, 'MedicalEventsPage'),
  page('medical-events/:name/add', medicalEventForm, 'MedicalEventForm'),
  page('medical-events/:name/:eventId/details', medicalEventForm, 'MedicalEventForm'),
  page('medical-events/:name/:eventId/cit-details', () => import('../medical-events/cit-details.component'), 'CitDetails'),
  page('procedures/:eventId/details', eventDetails, 'ProcedureDetails'),
  page('surgeries/:eventId/details', eventDetails, 'SurgeryDetails'),
  page('tests/:eventId/details', eventDetails, 'TestDetails'),
  page('reminders', () => import('../face-sheet/patient-reminders.component'), 'PatientReminders'),
  page('reminders/add', () => import('../reminders/reminder-form.component'), 'ReminderForm'),
  page('docs', () => import('../documents/documents-list.component'), 'PatientDocuments'),
  page('docs/:docId', () => import('../documents/document.component'), 'DocumentPage'),
  page('notes', () => import('../notes/notes-list.component'), 'PatientNotes'),
  page('notes/add', () => import('../notes/note-form.component'), 'NoteForm'),
  page('notes/:noteId/details', () => import('../notes/note-details.component'), 'NoteDetails'),
  page('diagnoses', () => import('../diagnoses/diagnoses-list.component'), 'PatientDiagnoses'),
  page('diagnoses/add', () => import('../diagnoses/diagnosis-form.component'), 'DiagnosisForm'),
  page('diagnoses/new', () => import('../diagnoses/diagnosis-form.component'), 'DiagnosisForm'),
  page('diagnoses/:diagnosisId/details', () => import('../diagnoses/diagnosis-details.component'), 'DiagnosisDetails'),
  page('diagnoses/:diagnosisId/edit', () => import('../diagnoses/diagnosis-form.component'), 'DiagnosisForm'),
  page('admissions', () => import('../admissions/admissions-list.component'), 'PatientAdmissions'),
  page('admissions/add', () => import('../admissions/admission-form.component'), 'AdmissionForm'),
  page('admissions/:admissionId', () => import('../admissions/admission-form.component'), 'AdmissionForm'),
  page('resource', () => import('../resources/patient-resources.component'), 'PatientResources'),
  page('care-team', () => import('../care-team/care-team.component'), 'PatientCareTeam'),
  page('care-team/:memberId', () => import('../care-team/care-team-member-form.component'), 'CareTeamMemberForm'),
  page('care-givers/:careGiverId', () => import('../care-team/care-giver-form.component'), 'CareGiverForm', 'care-team'),
  page('allergies', () => import('../allergies/allergies-list.component'), 'PatientAllergies'),
  page('allergies/:allergyId', () => import('../allergies/allergy-form.component'), 'AllergyForm'),
  page('medications', () => import('../medications/medications-list.component'), 'PatientMedications'),
  page('medications/:medicationId', () => import('../medications/medication-form.component'), 'MedicationForm'),
  page('outbound-referrals', () => import('../outbound-referrals/outbound-referrals-list.component'), 'PatientOutboundReferrals'),
  page('outbound-referrals/add', () => import('../outbound-referrals/outbound-referral-form.component'), 'OutboundReferralForm'),
  page('outbound-referrals/:outboundReferralId', () => import('../outbound-referrals/outbound-referral-form.component'), 'OutboundReferralForm'),
  page('chat', () => import('../chat/chat.component'), 'PatientChatPage'),
  page('audit', () => import('../audit/activity-log.component'), 'ActivityLog'),
  page('badge', () => import('../badges/badges.component'), 'PatientBadges'),
  page('demographics', () => import('../demographics/demographics.component'), 'Demographics'),
  // The six identity pages (spec 001 "Identity pages and their panels").
  page('primary-contacts', () => import('../identity-record/primary-contacts.component'), 'PrimaryContacts'),
  page('childrens-services', () => import('../identity-record/childrens-services.component'), 'ChildrensServices'),
  page('completed-visits', () => import('../identity-record/completed-visits.component'), 'CompletedVisits'),
  page('reports', () => import('../identity-record/reports.component'), 'IdentityReports'),
  page('health-information', () => import('../identity-record/health-information.component'), 'HealthInformation'),
  page('referrals-appointments', () => import('../identity-record/referrals-appointments.component'), 'ReferralsAppointments'),
];

/** The page for `path` and its parameters, or null ("Page not found" inside the record). */
export function matchRecordPage(path: string): { page: RecordPage; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean);
  for (const candidate of RECORD_PAGES) {
    const pattern = candidate.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (pattern.every((p, i) => (p.startsWith(':') ? ((params[p.slice(1)] = decodeURIComponent(parts[i])), true) : p === parts[i]))) return { page: candidate, params };
  }
  return null;
}
