import { createContext, useContext } from 'react';
import { fieldMessage } from '../../shared/api/errors';

/**
 * "is required" reads as a sentence only after the field's label; a server
 * message that is already a sentence ("Must be in the past.") stands alone.
 */
export function fieldText(label: string, message: string): string {
  const text = fieldMessage(message);
  return /^[a-z]/.test(text) ? `${label} ${text}` : text;
}

/**
 * How a field's error reads next to its label (the kit's Field and
 * ErrorSummary): English by default; a translated public form provides its
 * language's (public-i18n.tsx), so staff forms never load the translations.
 */
export const FieldWording = createContext<(label: string, message: string) => string>(fieldText);
export const useFieldWording = () => useContext(FieldWording);
