/** Vite's `?inline` CSS import: the stylesheet's text, for a shadow root (scripts/test-browser.mjs mirrors it for esbuild). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
