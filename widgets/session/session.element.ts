/**
 * `<care-session>` on its own, for pages that sign in before loading any widget.
 * Every widget module registers it too (through defineWidget), so one script tag
 * per widget is enough.
 *
 * @element care-session
 * @attr api-base - The server's API root, e.g. `https://care.example.org/api`.
 * @attr token - A bearer token obtained elsewhere; skips the sign-in form.
 * @fires care-session-change - After sign-in, sign-out or when a stored token proves valid or expired.
 * @slot - The widgets that use this session; shown only when signed in.
 * @csspart form - The sign-in form.
 * @csspart bar - The signed-in bar with the user's name and "Sign out".
 * @cssprop --care-color-primary - Colour of the sign-in button.
 */
export { CareSessionElement } from '../../shared/widget/care-session';
