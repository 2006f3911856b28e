import { array, enums, object, refine, type Infer } from 'superstruct';
import { ASSIGNABLE_FLAGS } from '../role-templates';
import { email, MAX_LENGTH, requiredText } from './strings';

export const USER_NAME_RULE = 'Use letters, digits, dots, dashes, underscores or @ only';

/** A user name as people type it at sign-in: no spaces, matched without regard to case. */
export const userName = () => refine(requiredText(MAX_LENGTH.code), 'userName', (v) => /^[A-Za-z0-9._@-]+$/.test(v.trim()) || USER_NAME_RULE);

/** One division a user may work in and their flags there. */
export const DivisionAccessSchema = object({
  divisionUid: requiredText(MAX_LENGTH.code),
  flags: refine(array(enums(ASSIGNABLE_FLAGS)), 'flags', (v) => v.length > 0 || 'Choose at least one permission'),
});
export type DivisionAccess = Infer<typeof DivisionAccessSchema>;

/** The admin user form (issue 14 section 2): create and edit. */
export const AdminUserSchema = object({
  displayName: requiredText(MAX_LENGTH.fullName),
  userName: userName(),
  email: email(),
  divisions: refine(array(DivisionAccessSchema), 'divisions', (v) =>
    v.length === 0 ? 'Choose at least one division' : new Set(v.map((d) => d.divisionUid)).size === v.length || 'A division is listed twice',
  ),
});
export type AdminUser = Infer<typeof AdminUserSchema>;
