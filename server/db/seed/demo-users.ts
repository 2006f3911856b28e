import type { Flag } from '../../../shared/permissions';
import { FLAGS } from '../../../shared/permissions';

export const DEMO_PASSWORD = 'careweave-demo';

const CALENDAR: Flag[] = ['calendarAppointment', 'calendarMedicalEvent', 'calendarProcedure', 'calendarSurgery', 'calendarTesting'];

/** One demo login per mode (README lists them). `both` gives access to the second division too. */
export const DEMO_USERS: { userName: string; displayName: string; email: string; flags: Flag[]; both?: boolean }[] = [
  { userName: 'navigator', displayName: 'Nora Navigator', email: 'navigator@careweave.test', flags: ['hasAppNavigator', 'twoOh', 'chat', 'hasReports', 'medicalEvent', 'admission', ...CALENDAR], both: true },
  { userName: 'identity', displayName: 'Ian Identity', email: 'identity@careweave.test', flags: ['hasAppIdentity', 'hasIdentityViewFull'] },
  { userName: 'identity-health', displayName: 'Helen Health', email: 'identity-health@careweave.test', flags: ['hasAppIdentity', 'isIdentityHealthcareUser'] },
  { userName: 'community', displayName: 'Cory Community', email: 'community@careweave.test', flags: ['hasAppCommunity', 'medicalEvent', 'chat'] },
  { userName: 'cit', displayName: 'Cam CIT', email: 'cit@careweave.test', flags: ['hasAppCit', 'medicalEvent'] },
  { userName: 'cit-supervisor', displayName: 'Sam Supervisor', email: 'cit-supervisor@careweave.test', flags: ['hasAppCit', 'citSupervisoryApproval', 'medicalEvent', 'hasReports'] },
  { userName: 'sponsor', displayName: 'Sky Sponsor', email: 'sponsor@careweave.test', flags: ['hasAppSponsor'] },
  { userName: 'hwc', displayName: 'Hal HWC', email: 'hwc@careweave.test', flags: ['handleWithCare'] },
  { userName: 'director', displayName: 'Dana Director', email: 'director@careweave.test', flags: ['hasAppNavigator', 'twoOh', 'isDirector', 'hasReports', ...CALENDAR], both: true },
  { userName: 'admin', displayName: 'Ada Admin', email: 'admin@careweave.test', flags: FLAGS.filter((f) => f !== 'ownCredentialService'), both: true },
];
