/**
 * The public forms' pages (shell/public-pages.tsx) and the module each draws. The server answers
 * them with the form's own small entry, dist/forms/{form}.html (issue 39 section 4): the public
 * forms' script (shell/public-main.tsx, no staff page) with the form's own chunks preloaded beside it.
 * /hwc/{id} and /cit-submission/{id} are staff pages; /login stays with the staff shell it signs into.
 */
export const PUBLIC_FORMS = [
  { form: 'cit', page: /^\/cit(\/[^/]+)?\/?$/, module: 'widgets/cit/cit-form.component.tsx' },
  { form: 'hwc', page: /^\/hwc\/?$/, module: 'widgets/hwc/hwc-form.component.tsx' },
  { form: 'ext', page: /^\/ext\/[^/]+(\/[^/]+)?\/?$/, module: 'widgets/ext/referral-form.component.tsx' },
  { form: 'support', page: /^\/support\/?$/, module: 'widgets/support/support.component.tsx' },
  { form: 'b2w', page: /^\/b2w\/?$/, module: 'widgets/b2w/b2w.component.tsx' },
  { form: 'opt-out', page: /^\/engagements\/opt-out\/[^/]+\/?$/, module: 'widgets/opt-out/opt-out.component.tsx' },
] as const;

/** The form whose page `path` is, or null for a staff page. */
export const publicFormOf = (path: string) => PUBLIC_FORMS.find((f) => f.page.test(path))?.form ?? null;

/** Where the build writes a form's page, under dist/. */
export const publicFormHtml = (form: string) => `forms/${form}.html`;
