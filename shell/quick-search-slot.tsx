import { useStore } from '@nanostores/react';
import { $translations, searchPatientsLabel } from '../shared/i18n';

/**
 * Holds the top bar's place for the quick-search widget of a later issue:
 * a disabled but labelled box, so the layout and the translated label are
 * already right and nobody types into a search that does nothing.
 */
export function QuickSearchSlot() {
  useStore($translations);
  const label = searchPatientsLabel();
  return (
    <div className="care-quick-search">
      <label htmlFor="care-quick-search" className="visually-hidden">
        {label}
      </label>
      <input id="care-quick-search" type="search" placeholder={label} disabled />
    </div>
  );
}
