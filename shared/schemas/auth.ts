import { object, refine, type Infer } from 'superstruct';
import { boundedText, MAX_LENGTH, requiredText } from './strings';

export const LoginSchema = object({
  userName: requiredText(MAX_LENGTH.code),
  password: refine(boundedText(MAX_LENGTH.password), 'password', (v) => v.length > 0 || 'Required'),
});
export type Login = Infer<typeof LoginSchema>;

export const MIN_PASSWORD_LENGTH = 10;

export const ChangePasswordSchema = object({
  currentPassword: refine(boundedText(MAX_LENGTH.password), 'currentPassword', (v) => v.length > 0 || 'Required'),
  newPassword: refine(boundedText(MAX_LENGTH.password), 'newPassword', (v) =>
    v.length === 0 ? 'Required' : v.length < MIN_PASSWORD_LENGTH ? `Must be at least ${MIN_PASSWORD_LENGTH} characters` : true,
  ),
});
export type ChangePassword = Infer<typeof ChangePasswordSchema>;

export const DivisionSwitchSchema = object({
  data: object({ attributes: object({ currentDivisionUid: requiredText(MAX_LENGTH.code) }) }),
});
