/** The real test server's origin, injected by scripts/test-browser.mjs; empty when it is not available. */
declare const __CAREWEAVE_URL__: string;
