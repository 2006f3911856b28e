import { patientLabel } from '../i18n';

/**
 * Issue 39 section 2: the staff side's words, in catalogues of their own beside the public forms'
 * (shared/i18n/staff/<lang>/<namespace>.json): `shell` (the frame the first load draws) and `account`
 * (sign-in and the account's pages and dialogs, loaded with them). The staff side is English for now; a
 * later language is a folder of the same files.
 *
 * A staff message is plain text with {name} arguments, nothing else of ICU (tests/server/i18n-catalogues.test.ts
 * holds them to it and formats each both ways): said here without ICU's runtime, for which the shell's
 * first load has no room. The patient word follows the division's translation, as every label does.
 */
export type Messages = { [key: string]: string | Messages };
export type StaffText = (key: string, values?: Record<string, string | number>) => string;

const lookUp = (messages: Messages, key: string): string | undefined => {
  const found = key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);
  return typeof found === 'string' ? found : undefined;
};

/** The plain formatter of a staff message (exported for the test that compares it with ICU's). */
export const formatPlain = (message: string, values: Record<string, string | number> = {}) => message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** `t(key, values)` over a namespace; a key it lacks says itself (the catalogue test finds every key asked). */
export function staffText(messages: Messages): StaffText {
  return (key, values) => {
    const message = lookUp(messages, key);
    return message === undefined ? key : patientLabel(formatPlain(message, values));
  };
}
