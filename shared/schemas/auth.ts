import { object, refine, string, type Infer } from 'superstruct';
import { requiredText } from './strings';

export const LoginSchema = object({
  userName: requiredText(),
  password: refine(string(), 'password', (v) => v.length > 0 || 'Required'),
});
export type Login = Infer<typeof LoginSchema>;

export const MIN_PASSWORD_LENGTH = 10;

export const ChangePasswordSchema = object({
  currentPassword: refine(string(), 'currentPassword', (v) => v.length > 0 || 'Required'),
  newPassword: refine(string(), 'newPassword', (v) =>
    v.length === 0 ? 'Required' : v.length < MIN_PASSWORD_LENGTH ? `Must be at least ${MIN_PASSWORD_LENGTH} characters` : true,
  ),
});
export type ChangePassword = Infer<typeof ChangePasswordSchema>;

export const DivisionSwitchSchema = object({
  data: object({ attributes: object({ currentDivisionUid: requiredText() }) }),
});
