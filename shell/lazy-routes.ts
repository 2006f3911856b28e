import { widget } from './lazy-widget';

/**
 * Widgets of pages not on the way to /home load when first visited, so a
 * staff member's first load does not carry every public form (and a public
 * form's visitor does not carry the dashboards or the patient record).
 * The public forms are in public-forms.ts.
 */

export const AppConsentPage = widget(() => import('../widgets/smart-apps/app-consent.component'), 'AppConsentPage');
export const EmergencyAccessPage = widget(() => import('../widgets/break-glass/emergency-access.component'), 'EmergencyAccessPage');
export const AdminPage = widget(() => import('../widgets/admin/admin.component'), 'AdminPage');
export const AddPatient = widget(() => import('../widgets/add-patient/add-patient.component'), 'AddPatient');
export const CalendarPage = widget(() => import('../widgets/calendar/calendar.component'), 'CalendarPage');
// The navigator's calendar card: loaded with the home's data, not part of every user's first load.
export const CalendarCard = widget(() => import('../widgets/calendar/calendar.component'), 'CalendarCard');
// Home cards of the rarer modes: a navigator's home does not carry them.
export const CitHomePanel = widget(() => import('../widgets/cit/cit-home-panel.component'), 'CitHomePanel');
export const CitSubmissionsCard = widget(() => import('../widgets/cit/cit-submissions.component'), 'CitSubmissionsCard');
export const HwcEntriesCard = widget(() => import('../widgets/hwc/hwc-entries.component'), 'HwcEntriesCard');
// Shows only while another division's referral waits here: most homes never draw it.
export const IncomingReferrals = widget(() => import('../widgets/outbound-referrals/incoming-referrals.component'), 'IncomingReferrals');
// The identity home's left panel and results: other modes' homes do not carry them.
export const IdentitySearch = widget(() => import('../widgets/identity-search/identity-search.component'), 'IdentitySearch');
export const ChatPage = widget(() => import('../widgets/chat/chat.component'), 'Chat');
// Loads the chat module (and socket.io-client) after the first paint, only for users with the chat flag.
export const ChatUnreadBadge = widget(() => import('../widgets/chat/chat-badge'), 'ChatUnreadBadge');
export const CitSubmissionView = widget(() => import('../widgets/cit/cit-submission.component'), 'CitSubmissionView');
export const HwcDetail = widget(() => import('../widgets/hwc/hwc-detail.component'), 'HwcDetail');
export const RemindersPage = widget(() => import('../widgets/reminders/reminders-page.component'), 'RemindersPage');
export const PatientRecord = widget(() => import('../widgets/patient-record/patient-record.component'), 'PatientRecord');
export const QueuePage = widget(() => import('../widgets/queue/queue-page.component'), 'QueuePage');
export const PatientList = widget(() => import('../widgets/patient-list/patient-list.component'), 'PatientList');
// Reports carry chart.js, which loads later still: with the first chart drawn.
export const ReportsPage = widget(() => import('../widgets/reports/reports.component'), 'ReportsPage');
// Home report cards and the program dashboard draw SVG bars: no chart.js, and not in the shell's first load either.
export const ReportCards = widget(() => import('../widgets/reports/report-cards.component'), 'ReportCards');
export const ProgramDashboard = widget(() => import('../widgets/reports/report-cards.component'), 'ProgramDashboard');
export const ResourceLibrary = widget(() => import('../widgets/resources/resource-library.component'), 'ResourceLibrary');
// A signed-in visitor never needs the login form's code (react-hook-form, its schema).
export const LoginPage = widget(() => import('./login-page'), 'LoginPage');
export const SetPasswordPage = widget(() => import('./set-password-page'), 'SetPasswordPage');
export const SessionTimeoutPage = widget(() => import('./session-timeout-page'), 'SessionTimeoutPage');
// Asks nothing of the first paint: it only counts the idle time and warns at 50 minutes.
export const InactivityDialog = widget(() => import('./inactivity-dialog'), 'InactivityDialog');
