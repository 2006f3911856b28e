import type { ReactNode } from 'react';

/** A label-and-value list (`<dl class="section-facts">`), two columns, one on a phone: for any view that lists facts. */
export const FACTS_CSS = /* css */ `
.section-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--care-space-xs) var(--care-space-m); margin: 0; }
.section-facts dt { color: var(--care-color-text-subtle); }
.section-facts dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 575px) { .section-facts { grid-template-columns: minmax(0, 1fr); } }
`;

const css = /* css */ `
.section-page { display: flex; flex-direction: column; gap: var(--care-space-m); max-width: 60rem; }
.section-page h2 { margin: 0; font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-normal); }
.section-head { display: flex; justify-content: space-between; align-items: center; gap: var(--care-space-s); flex-wrap: wrap; }
.section-page form { display: flex; flex-direction: column; gap: var(--care-space-s); max-width: 40rem; }
.section-page .form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); margin-top: var(--care-space-s); }
${FACTS_CSS}`;

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
