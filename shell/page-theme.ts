import { themeCss } from '../shared/widget/styles';
import { THEME_STYLE_ID } from '../shared/widget/theme-style';

/*
 * The page's Shoelace and Careweave tokens come from the same module every
 * widget's shadow root adopts, rather than a second copy in the shell's CSS
 * (4 KB gzip of the first load). Put first in <head> so shell.css, which
 * sets the division's colour over the theme's, still comes after it.
 */
if (!document.getElementById(THEME_STYLE_ID)) {
  const style = document.createElement('style');
  style.id = THEME_STYLE_ID;
  style.textContent = themeCss;
  document.head.prepend(style);
}
