/**
 * Issue 34: why a single sign-on or an EHR launch did not sign the user in.
 * The server sends only the code (and the name it is about) to /login,
 * which shows the text: nothing from a provider's answer is shown as-is.
 */
export const SIGN_IN_PROBLEMS = {
  state: 'This sign-in was already used or took too long. Start it again.',
  provider: '{name} did not answer in time. Try again in a few minutes, or ask your administrator.',
  token: "{name}'s answer could not be verified, so you were not signed in. Start again; if it happens again, tell your administrator.",
  'unknown-user': 'Your {name} account is not linked to a Careweave user. Ask your administrator to add you.',
  'ehr-user': 'Your {name} account is not linked to a Careweave user yet. Your administrator has been asked to approve it.',
  inactive: 'This Careweave account is turned off. Ask your administrator.',
  'no-division': "Your Careweave account has no access to the division {name}'s patients belong to. Ask your administrator.",
  'unregistered-ehr': 'Careweave does not know the EHR at {name}, so nothing was asked of it. Ask your administrator to register it.',
  'no-patient': 'The patient open in {name} cannot be opened in Careweave.',
  'password-off': 'Your organisation signs in through its own service: use the button above.',
  cancelled: 'Sign-in was cancelled at {name}.',
} as const;

export type SignInProblem = keyof typeof SIGN_IN_PROBLEMS;

export const isSignInProblem = (code: string | null | undefined): code is SignInProblem => !!code && Object.hasOwn(SIGN_IN_PROBLEMS, code);

/** The text for a code; `name` is the provider or EHR it is about (shown as text, never as markup). */
export const signInProblemText = (code: SignInProblem, name: string | null | undefined) => SIGN_IN_PROBLEMS[code].replace('{name}', name?.trim() || 'The sign-in service');
