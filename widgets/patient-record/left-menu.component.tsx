import type { ReactNode } from 'react';
import { persistentAtom } from '@nanostores/persistent';
import { useStore } from '@nanostores/react';
import { useTranslate } from '../../shared/i18n';
import { isPlainClick, navItemHref, NavLink } from '../kit/nav-link';
import { LoadState } from '../kit/load-state';
import { useNavItems, type NavItem } from './patient-record.resource';
import { NARROW_RECORD } from './patient-record.styles';

/** Spec 000: the menu's collapsed state is remembered in local storage (null: never chosen on this device). */
export const $recordMenuHidden = persistentAtom<boolean | null>('careweave.record.menuHidden', null, { encode: JSON.stringify, decode: JSON.parse });

const narrow = () => typeof matchMedia === 'function' && matchMedia(NARROW_RECORD).matches;

/**
 * Whether the menu is collapsed: as last chosen, and until then collapsed on
 * a narrow screen, where the open menu would push every page below its
 * twenty items.
 */
export function useMenuHidden(): boolean {
  return useStore($recordMenuHidden) ?? narrow();
}

interface Tree extends NavItem {
  children: Tree[];
}

/** Nested by parent, each level by order then label (the server sends them in that order). */
function treeOf(items: NavItem[]): Tree[] {
  const nodes = new Map(items.map((i) => [i.navItemUid, { ...i, children: [] as Tree[] }]));
  const roots: Tree[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentNavItemUid ? nodes.get(node.parentNavItemUid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function MenuToggle() {
  const hidden = useMenuHidden();
  return (
    <button type="button" className="care-button record-menu-toggle" aria-expanded={!hidden} onClick={() => $recordMenuHidden.set(!hidden)}>
      {hidden ? 'Show Menu' : 'Hide Menu'}
    </button>
  );
}

/**
 * The record's left menu (spec 000 "Patient side navigation"): the server's
 * nav items for patients, already filtered by the caller's flags; the item of
 * the page shown is highlighted. `extras` are the mode's actions after them
 * (identity: 'Dispute the match of this patient'). On a narrow screen a page
 * chosen from it collapses it, so that the page opens at the top.
 */
export function LeftMenu({ patientId, current, extras }: { patientId: string; current: string; extras?: ReactNode }) {
  const items = useNavItems();
  const tr = useTranslate();
  const base = `/patients/${encodeURIComponent(patientId)}`;
  const isCurrent = (route: string) => current === route || current.startsWith(`${route}/`);

  const render = (nodes: Tree[], more?: ReactNode) => (
    <ul>
      {nodes.map((n) => (
        <li key={n.navItemUid}>
          <NavLink path={navItemHref(`${base}/${n.route}`, n.queryParams)} aria-current={isCurrent(n.route) ? 'page' : undefined}>
            {tr(n.navItemLabel)}
          </NavLink>
          {n.children.length > 0 && render(n.children)}
        </li>
      ))}
      {more}
    </ul>
  );

  return (
    <nav
      className="record-menu"
      aria-label={tr('Patient record')}
      onClickCapture={(e) => {
        if (isPlainClick(e) && narrow() && (e.target as Element).closest('a')) $recordMenuHidden.set(true);
      }}
    >
      <LoadState isLoading={items.isLoading} error={items.error} isEmpty={items.data?.length === 0} emptyText="No items." compact>
        {items.data && render(treeOf(items.data), extras)}
      </LoadState>
    </nav>
  );
}
