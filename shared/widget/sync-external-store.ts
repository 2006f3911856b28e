// React 18+ has useSyncExternalStore; wouter imports the shim for React 16 and 17 (vite.config.ts aliases it here).
export { useSyncExternalStore } from 'react';
