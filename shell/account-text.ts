import account from '../shared/i18n/staff/en/account.json';
import { staffText } from '../shared/i18n/staff-text';

/** The words of sign-in and the account's pages and dialogs, loaded with them. */
export const accountText = staffText(account);
