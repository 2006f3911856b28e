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

/** Why a single sign-on or an EHR launch sent the user here (issue 34): the text is ours, the name only shown as text. */
function problemFromAddress(): string | null {
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
  const raw = sessionStorage.getItem(END_SESSION_KEY);
  try {
    const parsed = raw ? (JSON.parse(raw) as { url: string; name: string }) : null;
    return parsed && /^https?:\/\//.test(parsed.url) ? parsed : null;
  } catch {
    return null;
  }
}

function loginErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'The server could not be reached.';
  if (err.status === 429) return 'Please wait a few minutes before trying again.';
  return err.errors.map((e) => e.message).join(' ') || 'Sign-in failed.';
}

/**
 * Signing in changes the session; the route guard in app.tsx then moves on.
 * Plain inputs in the light DOM rather than sl-input: password managers
 * cannot fill fields inside a shadow root.
 */
export function LoginPage() {
  usePageTitle('Sign in');
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
          Careweave
        </p>
        <h1 id="login-title">Sign in</h1>
        {problem && !serverError && (
          <div className="care-alert care-alert-danger" role="alert">
            {problem}
          </div>
        )}
        {endSession && (
          <div className="care-alert care-alert-info" role="status">
            You are signed out of Careweave. <a href={endSession.url}>Sign out of {endSession.name} too</a>
          </div>
        )}
        <SignInProviders />
        {serverError && (
          <div className={`care-alert ${serverError.tooMany ? 'care-alert-warning' : 'care-alert-danger'}`} role="alert">
            {serverError.tooMany && <strong>Too many sign-in attempts. </strong>}
            {serverError.text}
          </div>
        )}
        <div className="care-field">
          <label htmlFor="login-user-name">User name</label>
          <input id="login-user-name" autoComplete="username" aria-invalid={!!errors.userName} aria-describedby="login-user-name-error" {...register('userName')} />
          {errors.userName && <FieldError id="login-user-name-error" label="User name" message={errors.userName.message} />}
        </div>
        <div className="care-field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby="login-password-error" {...register('password')} />
          {errors.password && <FieldError id="login-password-error" label="Password" message={errors.password.message} />}
        </div>
        <button type="submit" className="care-button care-button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
