/** The <style> holding the page's theme tokens: a public form's page has it in its HTML (issue 39 section 4), the shell adds it. */
export const THEME_STYLE_ID = 'care-theme';
