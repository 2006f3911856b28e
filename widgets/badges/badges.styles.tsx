/**
 * The badge page: groups in 3 columns, 2 under 768 px, 1 under 576 px (spec
 * 001 section 7 "Badges"), measured on the viewport as the spec's breakpoints are.
 */
const css = /* css */ `
.badges-page h2 { margin: var(--care-space-s) 0 var(--care-space-m); font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-normal); }
.badge-groups { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--care-space-m); margin-bottom: var(--care-space-m); }
@media (max-width: 767.98px) { .badge-groups { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (max-width: 575.98px) { .badge-groups { grid-template-columns: minmax(0, 1fr); } }
.badge-group { margin: 0; min-width: 0; padding: var(--care-space-s) var(--care-space-m) var(--care-space-m); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); }
.badge-group legend { display: flex; align-items: center; gap: var(--care-space-xs); padding: 0 var(--care-space-2xs); font-weight: var(--care-font-weight-semibold); }
.badge-swatch { width: 0.75rem; height: 0.75rem; border-radius: 50%; background: var(--care-color-text-subtle); }
.badge-hint { margin: 0 0 var(--care-space-xs); color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.badge-option { display: flex; align-items: center; gap: var(--care-space-xs); padding: var(--care-space-3xs) 0; cursor: pointer; }
.badge-option input { margin: 0; width: 1.1rem; height: 1.1rem; accent-color: var(--care-color-primary); }
.badge-pill { padding: 0 var(--care-space-xs); border-radius: var(--care-radius-pill); font-size: var(--care-font-size-s); color: #fff; background: var(--care-color-text-subtle); overflow-wrap: anywhere; }
.badges-page .form-buttons { display: flex; justify-content: flex-end; }
`;

export function BadgesStyles() {
  return <style>{css}</style>;
}
