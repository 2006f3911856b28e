import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { ApiError } from '../shared/api/errors';
import { LoginSchema, type Login } from '../shared/schemas/auth';
import { FieldError } from './field-error';
import { usePageTitle } from './page-title';
import { signIn } from './account-actions';
import { SignInProviders } from './sign-in-providers';
import { isSignInProblem, signInProblemText } from '../shared/sign-in-problems';
import './account-forms.css';
import { accountText as t } from './account-text';
import { shellText } from './shell-text';

/** Why a single sign-on or an EHR launch sent the user here (issue 34): the text is ours, the name only shown as text. */
function problemFromAddress(): string | null {
  // Also drawn at build, with no address, as the sign-in page's first screen (scripts/first-screens.ts).
  if (typeof window === 'undefined') return null;
  const query = new URLSearchParams(window.location.search);
  const code = query.get('problem');
  return isSignInProblem(code) ? signInProblemText(code, query.get('about')?.slice(0, 200)) : null;
}

const END_SESSION_KEY = 'careweave.endSession';

/**
 * After signing out of a single sign-on: the provider's own sign-out (account-actions.ts keeps it), offered once.
 * Read while drawing, forgotten once the page is shown: a render React throws away must not lose it.
 */
function readEndSession(): { url: string; name: string } | null {
  if (typeof sessionStorage === 'undefined') return null;
  const raw = sessionStorage.getItem(END_SESSION_KEY);
  try {
    const parsed = raw ? (JSON.parse(raw) as { url: string; name: string }) : null;
    return parsed && /^https?:\/\//.test(parsed.url) ? parsed : null;
  } catch {
    return null;
  }
}

function loginErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return t('signIn.unreachable');
  if (err.status === 429) return t('signIn.waitBeforeRetry');
  return err.errors.map((e) => e.message).join(' ') || t('signIn.failed');
}

/**
 * Signing in changes the session; the route guard in app.tsx then moves on.
 * Plain inputs in the light DOM rather than sl-input: password managers
 * cannot fill fields inside a shadow root.
 */
export function LoginPage() {
  usePageTitle(t('signIn.title'));
  const [serverError, setServerError] = useState<{ text: string; tooMany: boolean } | null>(null);
  const [problem] = useState(problemFromAddress);
  const [endSession] = useState(readEndSession);
  useEffect(() => sessionStorage.removeItem(END_SESSION_KEY), []);
  const { register, handleSubmit, formState } = useForm<Login>({ resolver: superstructResolver(LoginSchema), defaultValues: { userName: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: Login) => {
    setServerError(null);
    try {
      await signIn(values.userName, values.password);
    } catch (err) {
      setServerError({ text: loginErrorText(err), tooMany: err instanceof ApiError && err.status === 429 });
    }
  };

  return (
    <main className="care-page care-login">
      <form className="care-card care-login-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="login-title">
        <p className="care-logo care-logo-large" aria-hidden="true">
          {shellText('product')}
        </p>
        <h1 id="login-title">{t('signIn.title')}</h1>
        {problem && !serverError && (
          <div className="care-alert care-alert-danger" role="alert">
            {problem}
          </div>
        )}
        {endSession && (
          <div className="care-alert care-alert-info" role="status">
            {t('signIn.signedOut')} <a href={endSession.url}>{t('signIn.signOutOf', { provider: endSession.name })}</a>
          </div>
        )}
        <SignInProviders />
        {serverError && (
          <div className={`care-alert ${serverError.tooMany ? 'care-alert-warning' : 'care-alert-danger'}`} role="alert">
            {serverError.tooMany && <strong>{t('signIn.tooMany')} </strong>}
            {serverError.text}
          </div>
        )}
        <div className="care-field">
          <label htmlFor="login-user-name">{t('signIn.userName')}</label>
          <input id="login-user-name" autoComplete="username" aria-invalid={!!errors.userName} aria-describedby="login-user-name-error" {...register('userName')} />
          {errors.userName && <FieldError id="login-user-name-error" label={t('signIn.userName')} message={errors.userName.message} />}
        </div>
        <div className="care-field">
          <label htmlFor="login-password">{t('signIn.password')}</label>
          <input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby="login-password-error" {...register('password')} />
          {errors.password && <FieldError id="login-password-error" label={t('signIn.password')} message={errors.password.message} />}
        </div>
        <button type="submit" className="care-button care-button-primary" disabled={isSubmitting}>
          {isSubmitting ? t('signIn.signingIn') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
