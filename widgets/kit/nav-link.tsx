import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useEmit } from '../../shared/widget/emit';

/**
 * A server nav item's link (spec 000 section 3, "Nav item: ... queryParams"):
 * its path with the item's query string, written out again so that only
 * name=value pairs reach the address; the path alone without one.
 */
export function navItemHref(path: string, queryParams: string | null | undefined): string {
  const query = new URLSearchParams(queryParams ?? '').toString();
  return query ? `${path}?${query}` : path;
}

/** A plain left click: one with a modifier or another button opens a tab or a window, and the page stays. */
export const isPlainClick = (e: MouseEvent) => e.button === 0 && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);

/**
 * A link inside a widget: a real href (open in a new tab, copy the address)
 * whose plain click asks the host to navigate with `care-navigate`.
 */
export function NavLink({ path, children, ...rest }: { path: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const emit = useEmit();
  return (
    <a
      {...rest}
      href={path}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        emit('care-navigate', { path });
      }}
    >
      {children}
    </a>
  );
}
