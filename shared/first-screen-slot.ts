/**
 * The element holding a page's first screen in its HTML (a public form's, the sign-in page's; issue 39
 * section 4), beside #root. The live page removes it when it draws (first-screen.ts).
 */
export const FIRST_SCREEN_ID = 'care-first-screen';

/**
 * A first screen as a page holds it: inert, so nothing can be typed into it, or pressed, before the live page
 * answers, and with #root hidden while it stands: what the live page draws there before it takes the first
 * screen's place (the page's empty frame while a referral link's form waits for its link) would show below it,
 * then jump up to the top when the first screen goes, a layout shift a phone's visitor sees and Lighthouse counts.
 */
export const firstScreenSlot = (screen: string) => `<div id="${FIRST_SCREEN_ID}" inert><style>#${FIRST_SCREEN_ID} ~ #root { display: none; }</style>${screen}</div>`;

/** `page` (a built form's page) with `screen` in its first screen's place instead; null for a page without one. */
export function withFirstScreen(page: string, screen: string): string | null {
  // The slot up to the `</div>` that #root follows: the screen's own divs come before it.
  const slot = new RegExp(`<div id="${FIRST_SCREEN_ID}" inert>[\\s\\S]*?</div>(?=\\s*<div id="root">)`);
  if (!slot.test(page)) return null;
  // A function, so a `$` in what a division wrote is never read as a replacement pattern.
  return page.replace(slot, () => firstScreenSlot(screen));
}
