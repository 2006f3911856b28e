import { useLayoutEffect } from 'react';
import { FIRST_SCREEN_ID } from './first-screen-slot';

/** The page's first screen, while it is still there. */
export const firstScreen = () => document.getElementById(FIRST_SCREEN_ID);

/** Called by what draws the live page (a public form's frame, a page of the shell): the first screen gives way in the same frame as it paints. */
export function useFirstScreenGone(): void {
  useLayoutEffect(() => firstScreen()?.remove(), []);
}
