import type { ReactNode } from 'react';
import SlSkeleton from '@shoelace-style/shoelace/dist/react/skeleton/index.js';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';

export interface LoadStateProps {
  isLoading?: boolean;
  error?: unknown;
  isEmpty?: boolean;
  /** Small panels (queue, calendar, data sources) say just "Error" / "Not Found" (spec section 8). */
  compact?: boolean;
  emptyText?: string;
  errorText?: string;
  /** Skeleton lines while loading. */
  lines?: number;
  children?: ReactNode;
}

/** The four view states every area shows: loading, error, empty, data. */
export function LoadState({ isLoading, error, isEmpty, compact, emptyText = 'No rows found', errorText = 'Oops, something went wrong!', lines = 3, children }: LoadStateProps) {
  if (isLoading) {
    return compact ? (
      <SlSpinner aria-label="Loading" />
    ) : (
      // A status region may carry a name (a plain div may not: axe's aria-prohibited-attr); screen readers hear "Loading".
      <div className="load-state" role="status" aria-busy="true" aria-label="Loading">
        {Array.from({ length: lines }, (_, i) => (
          <SlSkeleton key={i} effect="sheen" className="skeleton-line" />
        ))}
      </div>
    );
  }
  if (error) return <p className="load-state load-state-error" role="alert">{compact ? 'Error' : errorText}</p>;
  if (isEmpty) return <p className="load-state load-state-empty">{compact ? 'Not Found' : emptyText}</p>;
  return <>{children}</>;
}
