import { object, refine, type Infer } from 'superstruct';
import { boundedText, MAX_LENGTH, requiredText } from './strings';

export const LoginSchema = object({
  userName: requiredText(MAX_LENGTH.code),
  password: refine(boundedText(MAX_LENGTH.password), 'password', (v) => v.length > 0 || 'Required'),
});
export type Login = Infer<typeof LoginSchema>;

export const MIN_PASSWORD_LENGTH = 10;

/** A new password: the one rule for changing it and for setting it through a sign-in link. */
export const newPassword = () =>
  refine(boundedText(MAX_LENGTH.password), 'newPassword', (v) =>
    v.length === 0 ? 'Required' : v.length < MIN_PASSWORD_LENGTH ? `Must be at least ${MIN_PASSWORD_LENGTH} characters` : true,
  );

export const ChangePasswordSchema = object({
  currentPassword: refine(boundedText(MAX_LENGTH.password), 'currentPassword', (v) => v.length > 0 || 'Required'),
  newPassword: newPassword(),
});
export type ChangePassword = Infer<typeof ChangePasswordSchema>;

export const DivisionSwitchSchema = object({
  data: object({ attributes: object({ currentDivisionUid: requiredText(MAX_LENGTH.code) }) }),
});

/** A one-time sign-in link's page (issue 14): the token from the link and the user's new password. */
export const SignInLinkSchema = object({
  token: requiredText(MAX_LENGTH.code),
  newPassword: newPassword(),
});
export type SignInLink = Infer<typeof SignInLinkSchema>;
