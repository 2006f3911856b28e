/** What only the resource pages add to the section page. */
const css = /* css */ `
.resource-target { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small) var(--sl-spacing-large); border: 0; padding: 0; margin: 0; }
.resource-target legend { font-weight: var(--sl-font-weight-semibold); padding: 0; margin-bottom: var(--sl-spacing-2x-small); }
.resource-target label { display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); }
.resource-site { overflow-wrap: anywhere; color: var(--sl-color-neutral-700); }
.data-table th { white-space: nowrap; }
.resource-added { white-space: nowrap; }
`;

export function ResourcesStyles() {
  return <style>{css}</style>;
}
