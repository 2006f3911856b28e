import { DEFAULT_PRIMARY_COLOR } from '../shared/constants';
import { primaryColorOf, type Session } from '../shared/session-store';

/** Light-DOM pages of the shell read the same variable widgets get from their provider. */
export function applyTheme(session: Session | null): void {
  const color = primaryColorOf(session);
  const valid = color && CSS.supports('color', color);
  document.documentElement.style.setProperty('--care-color-primary', valid ? color : DEFAULT_PRIMARY_COLOR);
}
