import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer } from 'vite';
import { PUBLIC_FORM_LANGUAGES, PUBLIC_FORMS, type PublicFormLanguage, type PublicFormName } from '../shared/public-form-pages.ts';
import { trimShoelacePalette } from './shoelace-palette.ts';

/**
 * Issue 39 section 4: every public form's first screen, in every language, as HTML, the sign-in page's,
 * and the pages' theme tokens. Drawn by the pages' own React code, loaded through Vite (so its `?inline`
 * styles and the trimmed Shoelace theme are the build's), then closed again.
 */
export async function renderFirstScreens(root: string): Promise<{ themeCss: string; screens: Record<PublicFormName, Record<PublicFormLanguage, string>>; login: string }> {
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react(), trimShoelacePalette(root)],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { firstScreenHtml } = (await vite.ssrLoadModule('/widgets/kit/public-first-screen.tsx')) as typeof import('../widgets/kit/public-first-screen.tsx');
    const { themeCss } = (await vite.ssrLoadModule('/shared/widget/styles.ts')) as typeof import('../shared/widget/styles.ts');
    const screens = Object.fromEntries(
      PUBLIC_FORMS.map(({ form, first }) => [form, Object.fromEntries(PUBLIC_FORM_LANGUAGES.map((lang) => [lang, firstScreenHtml(first, lang)]))]),
    ) as Record<PublicFormName, Record<PublicFormLanguage, string>>;
    const { LoginPage } = (await vite.ssrLoadModule('/shell/login-page.tsx')) as typeof import('../shell/login-page.tsx');
    // Without its ids and the labels' links: a password manager, or anything filling "User name", must find the live form's fields, not this copy's.
    const login = renderToStaticMarkup(createElement(LoginPage)).replace(/ (id|for|aria-labelledby|aria-describedby)="[^"]*"/g, '');
    return { themeCss, screens, login };
  } finally {
    await vite.close();
  }
}
