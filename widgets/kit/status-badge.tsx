import type { ReactNode } from 'react';
import { adoptCss } from './adopt-css';

export type BadgeVariant = 'success' | 'danger' | 'warning';

const css = /* css */ `
.status-badge { display: inline-block; padding: 0.1em 0.6em; border-radius: var(--sl-border-radius-pill); font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); white-space: nowrap; border: 1px solid; }
.status-badge.success { background: var(--sl-color-success-50); color: var(--sl-color-success-800); border-color: var(--sl-color-success-300); }
.status-badge.danger { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); border-color: var(--sl-color-danger-300); }
.status-badge.warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); border-color: var(--sl-color-warning-300); }
`;

/** A status as a coloured pill; the caller's rule picks the colour, the text always says the status. */
export function StatusBadge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return (
    <span ref={(el) => adoptCss(el, css)} className={`status-badge ${variant}`} data-variant={variant}>
      {children}
    </span>
  );
}
