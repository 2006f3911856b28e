import type { ReactNode } from 'react';

const css = /* css */ `
.section-page { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); max-width: 60rem; }
.section-page h2 { margin: 0; font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-normal); }
.section-head { display: flex; justify-content: space-between; align-items: center; gap: var(--sl-spacing-small); flex-wrap: wrap; }
.section-page form { display: flex; flex-direction: column; gap: var(--sl-spacing-small); max-width: 40rem; }
.section-page .form-buttons { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); margin-top: var(--sl-spacing-small); }
.section-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); margin: 0; }
.section-facts dt { color: var(--sl-color-neutral-600); }
.section-facts dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 575px) { .section-facts { grid-template-columns: minmax(0, 1fr); } }
`;

/**
 * A record section's page (notes, admissions, ...): its title with the
 * page's main link beside it, then the content, in one width.
 */
export function SectionPage({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="section-page">
      <style>{css}</style>
      <div className="section-head">
        <h2>{title}</h2>
        {action}
      </div>
      {children}
    </div>
  );
}
