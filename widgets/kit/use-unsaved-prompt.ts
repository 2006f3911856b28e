import { useCallback, useEffect, useState } from 'react';
import { setUnsaved } from '../../shared/widget/leave-guard';

/**
 * While `isDirty`, leaving the page (a link, the menu, reload, close) asks
 * first. Call the returned `release` once the changes are saved, before
 * navigating on, so saving never asks.
 */
export function useUnsavedPrompt(isDirty: boolean): () => void {
  const [owner] = useState(() => ({}));
  useEffect(() => {
    setUnsaved(owner, isDirty);
    return () => setUnsaved(owner, false);
  }, [owner, isDirty]);
  return useCallback(() => setUnsaved(owner, false), [owner]);
}
