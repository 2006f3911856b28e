/**
 * The public forms' pages (shell/public-pages.tsx) and the module each draws. The server answers
 * them with the form's own small entry, dist/forms/{form}.{lang}.html (issue 39 section 4): the public
 * forms' script (shell/public-main.tsx, no staff page) with the form's own chunks preloaded beside it,
 * and the form's first screen already in the HTML, in the visitor's language (`first`: the catalogue
 * keys of what the frame shows before the script has run; widgets/kit/public-first-screen.tsx).
 * /hwc/{id} and /cit-submission/{id} are staff pages; /login is the staff shell's page with its sign-in form drawn in (SIGN_IN_HTML).
 */
export const PUBLIC_FORMS = [
  { form: 'cit', page: /^\/cit(\/[^/]+)?\/?$/, module: 'widgets/cit/cit-form.component.tsx', first: { purpose: 'cit.purpose', title: 'cit.title', wide: true } },
  { form: 'hwc', page: /^\/hwc\/?$/, module: 'widgets/hwc/hwc-form.component.tsx', first: { purpose: 'hwc.purpose', title: 'hwc.title' } },
  // Built with no link's division or step: the server draws each link's own first screen per request (server/ext/referral-page.ts), and sends this one for a link it does not know.
  { form: 'ext', page: /^\/ext\/[^/]+(\/[^/]+)?\/?$/, module: 'widgets/ext/referral-form.component.tsx', first: { purpose: 'ext.purpose', wide: true } },
  { form: 'support', page: /^\/support\/?$/, module: 'widgets/support/support.component.tsx', first: { purpose: 'support.purpose', title: 'support.title', level: 2 } },
  { form: 'b2w', page: /^\/b2w\/?$/, module: 'widgets/b2w/b2w.component.tsx', first: { purpose: 'b2w.purpose', title: 'b2w.title', level: 2 } },
  { form: 'opt-out', page: /^\/engagements\/opt-out\/[^/]+\/?$/, module: 'widgets/opt-out/opt-out.component.tsx', first: { purpose: 'optOut.purpose', title: 'optOut.title', level: 2 } },
] as const satisfies readonly { form: string; page: RegExp; module: string; first: PublicFirstScreen }[];

/** What a form's page shows before its script runs: the frame with its purpose, and the form's title. */
export interface PublicFirstScreen {
  purpose: string;
  title?: string;
  /** The title's heading level, as the form itself draws it (h1 unless said). */
  level?: 1 | 2;
  wide?: boolean;
}

export type PublicFormName = (typeof PUBLIC_FORMS)[number]['form'];

/** The languages of the public forms' catalogues (shared/i18n/{lang}.json), English first. */
export const PUBLIC_FORM_LANGUAGES = ['en', 'es'] as const;
export type PublicFormLanguage = (typeof PUBLIC_FORM_LANGUAGES)[number];

/** The language chosen on a form, remembered for the server's first screen (and on the device, by the form). */
export const PUBLIC_LANGUAGE_COOKIE = 'careweave_lang';

/** The CIT sheet's address without a state (spec 002: it redirects to /cit/oh). */
export const CIT_WITHOUT_STATE = /^\/cit\/?$/;

/** The form whose page `path` is, or null for a staff page. */
export const publicFormOf = (path: string) => PUBLIC_FORMS.find((f) => f.page.test(path))?.form ?? null;

/** The sign-in page, with its form in the HTML (issue 39 section 4): the staff shell's page otherwise. */
export const SIGN_IN_PAGE = /^\/login\/?$/;
export const SIGN_IN_HTML = 'login.html';

/** Where the build writes a form's page in a language, under dist/. */
export const publicFormHtml = (form: string, lang: PublicFormLanguage) => `forms/${form}.${lang}.html`;

/** Where the build writes the module the server draws a referral link's first screen with (widgets/ext/referral-first-screen.tsx), under dist/. */
export const REFERRAL_FIRST_SCREEN_MODULE = 'ssr/referral-first-screen.mjs';
