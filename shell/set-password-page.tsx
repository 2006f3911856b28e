import { useState } from 'react';
import { useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { ApiError } from '../shared/api/errors';
import { MIN_PASSWORD_LENGTH, SignInLinkSchema, type SignInLink } from '../shared/schemas/auth';
import { FieldError } from './field-error';
import { usePageTitle } from './page-title';
import { shellApi } from './api';
import { adopt, type SessionDoc } from './session-actions';
import './account-forms.css';
import { accountText as t } from './account-text';
import { shellText } from './shell-text';

/** The token arrives in the fragment (`#token=...`), which never reaches a server; it leaves the address bar at once. */
function takeToken(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (window.location.hash) history.replaceState(history.state, '', window.location.pathname);
  return token;
}

/** Issue 14: a one-time link's new password; the answer is a session, as a sign-in's. */
async function signInWithLink(token: string, newPassword: string): Promise<void> {
  const doc = await shellApi({ onUnauthorized: undefined }).post<SessionDoc>('auth/sign-in-link', { token, newPassword });
  adopt(doc.data.attributes);
}

/**
 * Issue 14: a one-time sign-in link (the first administrator's, a new user's,
 * a password reset) opens this page; the new password follows the same rule
 * as a change, and setting it signs the user in.
 */
export function SetPasswordPage() {
  usePageTitle(t('setPassword.title'));
  const [, navigate] = useLocation();
  const [token] = useState(takeToken);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInLink>({ resolver: superstructResolver(SignInLinkSchema), defaultValues: { token, newPassword: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: SignInLink) => {
    setServerError(null);
    try {
      await signInWithLink(values.token, values.newPassword);
      navigate('/home', { replace: true });
    } catch (err) {
      setServerError(err instanceof ApiError ? err.errors.map((e) => e.message).join(' ') : t('signIn.unreachable'));
    }
  };

  return (
    <main className="care-page care-login">
      <form className="care-card care-login-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="set-password-title">
        <p className="care-logo care-logo-large" aria-hidden="true">
          {shellText('product')}
        </p>
        <h1 id="set-password-title">{t('setPassword.title')}</h1>
        {(serverError || !token) && (
          <div className="care-alert care-alert-danger" role="alert">
            {serverError ?? t('setPassword.incompleteLink')}
          </div>
        )}
        <div className="care-field">
          <label htmlFor="set-password-new">{t('setPassword.newPassword')}</label>
          <input id="set-password-new" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} aria-describedby="set-password-hint set-password-error" {...register('newPassword')} />
          <span id="set-password-hint" className="care-hint">
            {t('password.minLength', { count: MIN_PASSWORD_LENGTH })}
          </span>
          {errors.newPassword && <FieldError id="set-password-error" label={t('setPassword.newPassword')} message={errors.newPassword.message} />}
        </div>
        <button type="submit" className="care-button care-button-primary" disabled={isSubmitting || !token}>
          {isSubmitting ? t('signIn.signingIn') : t('setPassword.submit')}
        </button>
      </form>
    </main>
  );
}
