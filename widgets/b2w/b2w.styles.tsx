/** Back to Work layout inside the shadow root: phone first, one column, 44 px touch targets. */
const css = /* css */ `
.b2w { max-width: 36rem; }
.b2w input:not([type='radio']), .b2w select { min-height: 44px; width: 100%; box-sizing: border-box; font-size: 1rem; }
.b2w sl-button::part(base) { min-height: 44px; }
.b2w fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.b2w fieldset.field { margin-bottom: var(--care-space-m); }
.b2w legend { font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); padding: 0; margin-bottom: var(--care-space-3xs); }
.choice-group { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); }
.choice { display: inline-flex; align-items: center; gap: var(--care-space-xs); min-height: 44px; min-width: 6rem; padding: 0 var(--care-space-s); border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); font-weight: var(--care-font-weight-normal); cursor: pointer; box-sizing: border-box; }
.choice input { width: 1.25rem; height: 1.25rem; margin: 0; }
.choice:has(input:checked) { border-color: var(--care-color-primary); }
.b2w-vendor { color: var(--care-color-text-muted); }
.b2w-or { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-s); color: var(--care-color-text-muted); }
.form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); justify-content: flex-end; align-items: center; }
.start-over { min-height: 44px; padding: 0 var(--care-space-xs); }
.b2w-result { margin-bottom: var(--care-space-m); }
@media (max-width: 575.98px) { .form-buttons sl-button { flex: 1 1 100%; } .start-over { order: 2; } .choice { flex: 1 1 40%; } }
`;

export function B2wStyles() {
  return <style>{css}</style>;
}
