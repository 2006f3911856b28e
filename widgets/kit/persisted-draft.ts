import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Fields no draft ever holds, whatever the caller lists: on a shared device
 * (a patrol laptop, a clinic's tablet) the next person must not find an SSN
 * (whole or its last 4 digits), a birth date, an agency or district code or
 * an officer's name (issue 39). They stay in the page's memory only.
 */
export const NEVER_KEPT: readonly string[] = ['ssn', 'birthDate', 'childBirthDate', 'officerName', 'code', 'district', 'vendorCode'];

/**
 * Keeps what was typed into a public form in sessionStorage (this tab only,
 * gone when it closes), so a reload or a crash of the page loses nothing.
 * `exclude` names the fields that are NOT kept (fixed values the form sets
 * itself, credentials); NEVER_KEPT is always excluded too. A draft found in
 * storage holding an excluded field (left by an older page) is restored
 * without it and written back at once without it.
 * Call `clear()` once the submission was accepted.
 */
export function usePersistedDraft<T extends FieldValues>(formId: string, form: UseFormReturn<T>, exclude: (keyof T & string)[] = []) {
  const storageKey = `careweave.draft.${formId}`;
  useEffect(() => {
    const excluded = new Set<string>([...NEVER_KEPT, ...exclude]);
    const kept = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([k]) => !excluded.has(k)));
    const saved = sessionStorage.getItem(storageKey);
    if (saved) {
      try {
        const draft = kept(JSON.parse(saved) as Record<string, unknown>);
        sessionStorage.setItem(storageKey, JSON.stringify(draft));
        form.reset({ ...form.getValues(), ...draft } as T);
      } catch {
        sessionStorage.removeItem(storageKey);
      }
    }
    const subscription = form.watch((values) => sessionStorage.setItem(storageKey, JSON.stringify(kept(values))));
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);
  return { clear: () => sessionStorage.removeItem(storageKey) };
}
