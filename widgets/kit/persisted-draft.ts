import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Keeps what was typed into a public form in sessionStorage (this tab only,
 * gone when it closes), so a reload or a crash of the page loses nothing.
 * Call `clear()` once the submission was accepted.
 */
export function usePersistedDraft<T extends FieldValues>(formId: string, form: UseFormReturn<T>, skip: (keyof T)[] = []) {
  const storageKey = `careweave.draft.${formId}`;
  useEffect(() => {
    const saved = sessionStorage.getItem(storageKey);
    if (saved) {
      try {
        form.reset({ ...form.getValues(), ...(JSON.parse(saved) as Partial<T>) });
      } catch {
        sessionStorage.removeItem(storageKey);
      }
    }
    const subscription = form.watch((values) => {
      const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !skip.includes(k as keyof T)));
      sessionStorage.setItem(storageKey, JSON.stringify(kept));
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);
  return { clear: () => sessionStorage.removeItem(storageKey) };
}
