import { lazy } from 'react';

/**
 * Shoelace parts that are closed when a page first paints (dialogs, dropdown
 * menus, toasts), as React.lazy components: their code, with floating-ui for
 * the menus, loads right after the first paint instead of with the shell's
 * first load (issue 15). Render each inside a Suspense whose fallback is what
 * shows until then (nothing for a closed dialog, a disabled trigger for a menu).
 */
export const SlDialog = lazy(() => import('@shoelace-style/shoelace/dist/react/dialog/index.js'));
export const SlDropdown = lazy(() => import('@shoelace-style/shoelace/dist/react/dropdown/index.js'));
export const SlMenu = lazy(() => import('@shoelace-style/shoelace/dist/react/menu/index.js'));
export const SlMenuItem = lazy(() => import('@shoelace-style/shoelace/dist/react/menu-item/index.js'));
export const SlAlert = lazy(() => import('@shoelace-style/shoelace/dist/react/alert/index.js'));
