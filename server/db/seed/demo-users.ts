import { ROLE_TEMPLATES } from '../../../shared/role-templates';
import type { Flag } from '../../../shared/permissions';

export const DEMO_PASSWORD = 'careweave-demo';

const T = ROLE_TEMPLATES;

/**
 * One demo login per mode (README lists them), each with the flags of its
 * role template (shared/role-templates.ts). `both` gives access to the second division too.
 */
export const DEMO_USERS: { userName: string; displayName: string; email: string; role: string; flags: Flag[]; both?: boolean }[] = [
  { userName: 'navigator', displayName: 'Nora Navigator', email: 'navigator@careweave.test', role: T.navigator.label, flags: T.navigator.flags, both: true },
  { userName: 'identity', displayName: 'Ian Identity', email: 'identity@careweave.test', role: T.identity.label, flags: T.identity.flags },
  { userName: 'identity-health', displayName: 'Helen Health', email: 'identity-health@careweave.test', role: T.identityHealthcare.label, flags: T.identityHealthcare.flags },
  { userName: 'community', displayName: 'Cory Community', email: 'community@careweave.test', role: T.community.label, flags: T.community.flags },
  { userName: 'cit', displayName: 'Cam CIT', email: 'cit@careweave.test', role: T.cit.label, flags: T.cit.flags },
  // Issue 38 in the demo: the CIT supervisor may break the glass, the director is told and reviews.
  { userName: 'cit-supervisor', displayName: 'Sam Supervisor', email: 'cit-supervisor@careweave.test', role: T.citSupervisor.label, flags: [...T.citSupervisor.flags, 'breakGlass'] },
  { userName: 'sponsor', displayName: 'Sky Sponsor', email: 'sponsor@careweave.test', role: T.sponsor.label, flags: T.sponsor.flags },
  { userName: 'hwc', displayName: 'Hal HWC', email: 'hwc@careweave.test', role: T.hwc.label, flags: T.hwc.flags },
  { userName: 'director', displayName: 'Dana Director', email: 'director@careweave.test', role: T.director.label, flags: [...T.director.flags, 'privacyOfficer'], both: true },
  { userName: 'admin', displayName: 'Ada Admin', email: 'admin@careweave.test', role: T.administrator.label, flags: T.administrator.flags, both: true },
];
