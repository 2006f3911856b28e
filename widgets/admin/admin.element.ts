import { defineWidget } from '../../shared/widget/define-widget';
import { AdminPage } from './admin.component';

/**
 * Administration for users with the Administrator permission (navigatorAdmin,
 * issue 14): the organisation's users (search, add with role templates and
 * per-flag overrides, edit, deactivate, reactivate, password-reset links), the
 * organisation (its name, divisions with their theme colour, logo and CIT
 * approval setting, and each division's work queues with a live count of the
 * rule), public-form access codes (CIT agencies and officers, Handle with
 * Care districts, Back to Work vendors: add, edit, rotate, revoke; a code is
 * shown once) and the admin audit log. Everyone else gets the server's 403.
 *
 * @element care-admin
 * @attr page - The page under /admin: `users` (default), `users/new`, `users/{id}`, `organization`, `organization/divisions/new`, `organization/divisions/{id}`, `organization/divisions/{id}/queues/new`, `organization/queues/{id}`, `access-codes`, `access-codes/{kind}/new`, `access-codes/{kind}/{id}` or `audit`.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @fires care-navigate - `detail`: `{ path }` for a link to another admin page (`/admin/...`).
 * @cssprop --care-color-primary - Links, buttons and the current page's tab.
 * @csspart root - The widget's outer box.
 */
export const CareAdminElement = defineWidget('care-admin', AdminPage, {
  props: { page: 'string' },
});
