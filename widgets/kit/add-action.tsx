import { NavLink } from './nav-link';

export type AddActionProps = { label: string } & ({ path: string; onClick?: never } | { onClick: () => void; path?: never });

/**
 * Every "Add ..." of the product (issue 32 §5: one look, wherever it sits):
 * a link when it opens a page, so it keeps a real address, a button when it
 * opens a dialog or a form row. Its place is beside its title, at the right
 * (SectionPage's and a card header's action), or under the rows it adds to.
 * The look is base.css's `.add-action`.
 */
export function AddAction({ label, path, onClick }: AddActionProps) {
  if (path !== undefined)
    return (
      <NavLink path={path} className="add-action">
        {label}
      </NavLink>
    );
  return (
    <button type="button" className="add-action" onClick={onClick}>
      {label}
    </button>
  );
}
