import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_PRIMARY_COLOR } from '../../shared/constants';
import type { PublicFirstScreen, PublicFormLanguage } from '../../shared/public-form-pages';
import { widgetCss } from '../../shared/widget/styles';
import { PublicFormFrame } from './public-form-frame';
import { publicI18n, usePublicText } from './public-i18n';

function FirstScreen({ first }: { first: PublicFirstScreen }) {
  const { t } = usePublicText();
  const Heading = first.level === 2 ? 'h2' : 'h1';
  return (
    <PublicFormFrame purpose={t(first.purpose)} wide={first.wide} languages>
      {first.title ? <Heading>{t(first.title)}</Heading> : null}
    </PublicFormFrame>
  );
}

/**
 * Issue 39 section 4: a public form's first screen as HTML, drawn at build
 * (scripts/first-screen-pages.ts) by the same frame the live form draws, so a
 * slow phone paints the form's purpose and title as soon as the page arrives,
 * before any script. The page holds it inert: the live form
 * replaces it whole once its script has run, so nothing can be typed into it and lost.
 */
export function firstScreenHtml(first: PublicFirstScreen, lang: PublicFormLanguage): string {
  return firstScreenMarkup(<FirstScreen first={first} />, lang);
}

/**
 * What a live public form draws first, as HTML in `lang`: in a declarative shadow root with the widgets'
 * styles, as the live form is. Also a referral link's, drawn by the server (widgets/ext/referral-first-screen.tsx).
 */
export function firstScreenMarkup(screen: ReactNode, lang: PublicFormLanguage): string {
  // The catalogues are in the bundle: the language changes before this returns, and the drawing below is synchronous.
  void publicI18n.changeLanguage(lang);
  const body = renderToStaticMarkup(screen);
  // The same boxes as the live page (shell/widget-page.tsx, shared/widget/widget-context.tsx), so nothing moves when it takes over.
  return `<main class="care-page"><div><template shadowrootmode="open"><style>${widgetCss}</style><div class="care-root" style="--care-color-primary: ${DEFAULT_PRIMARY_COLOR}">${body}</div></template></div></main>`;
}
