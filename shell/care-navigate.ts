import { useEffect } from 'react';

/** Widgets never route (docs/architecture.md): they emit `care-navigate` and the shell moves. */
export function useCareNavigate(navigate: (path: string) => void): void {
  useEffect(() => {
    const onNavigate = (event: Event) => {
      const path = (event as CustomEvent<{ path?: string }>).detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/')) return;
      event.preventDefault();
      navigate(path);
    };
    document.addEventListener('care-navigate', onNavigate);
    return () => document.removeEventListener('care-navigate', onNavigate);
  }, [navigate]);
}
