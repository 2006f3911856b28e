import type { ReactNode } from 'react';

export type BadgeVariant = 'success' | 'danger' | 'warning';

/** A status as a coloured pill (styles in shared/widget/styles.ts); the caller's rule picks the colour, the text always says the status. */
export function StatusBadge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return (
    <span className={`status-badge ${variant}`} data-variant={variant}>
      {children}
    </span>
  );
}
