import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useEmit } from '../../shared/widget/emit';

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
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        emit('care-navigate', { path });
      }}
    >
      {children}
    </a>
  );
}
