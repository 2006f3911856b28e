import shell from '../shared/i18n/staff/en/shell.json';
import { staffText } from '../shared/i18n/staff-text';

/** The words of the shell's frame (top bar, menu, page titles, home), in the first load. */
export const shellText = staffText(shell);
