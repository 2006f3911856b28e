/**
 * The badge page: groups in 3 columns, 2 under 768 px, 1 under 576 px (spec
 * 001 section 7 "Badges"), measured on the viewport as the spec's breakpoints are.
 */
const css = /* css */ `
.badges-page h2 { margin: var(--sl-spacing-small) 0 var(--sl-spacing-medium); font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-normal); }
.badge-groups { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--sl-spacing-medium); margin-bottom: var(--sl-spacing-medium); }
@media (max-width: 767.98px) { .badge-groups { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (max-width: 575.98px) { .badge-groups { grid-template-columns: minmax(0, 1fr); } }
.badge-group { margin: 0; min-width: 0; padding: var(--sl-spacing-small) var(--sl-spacing-medium) var(--sl-spacing-medium); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); }
.badge-group legend { display: flex; align-items: center; gap: var(--sl-spacing-x-small); padding: 0 var(--sl-spacing-2x-small); font-weight: var(--sl-font-weight-semibold); }
.badge-swatch { width: 0.75rem; height: 0.75rem; border-radius: 50%; background: var(--sl-color-neutral-600); }
.badge-hint { margin: 0 0 var(--sl-spacing-x-small); color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.badge-option { display: flex; align-items: center; gap: var(--sl-spacing-x-small); padding: var(--sl-spacing-3x-small) 0; cursor: pointer; }
.badge-option input { margin: 0; width: 1.1rem; height: 1.1rem; accent-color: var(--care-color-primary); }
.badge-pill { padding: 0 var(--sl-spacing-x-small); border-radius: var(--sl-border-radius-pill); font-size: var(--sl-font-size-small); color: #fff; background: var(--sl-color-neutral-600); overflow-wrap: anywhere; }
.badges-page .form-buttons { display: flex; justify-content: flex-end; }
`;

export function BadgesStyles() {
  return <style>{css}</style>;
}
