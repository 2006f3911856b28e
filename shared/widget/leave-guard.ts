/** Spec 001 section 4 "Admission form": the prompt before an edited form is left. */
export const UNSAVED_CHANGES = 'You have unsaved changes. These will be lost if you leave this page.';

/** Forms with changes not saved yet (any widget on the page). */
const unsaved = new Set<object>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Browsers show their own wording on unload; older ones read returnValue.
  event.returnValue = UNSAVED_CHANGES;
}

/** Where the form with unsaved changes is, to come back to when the browser's Back is refused. */
let formUrl = '';

/** The Navigation API's `navigate` event (where the browser has it), as far as it is used here. */
type NavigateEvent = Event & { navigationType: string };
const navigation = (globalThis as { navigation?: EventTarget }).navigation;

/**
 * The browser's Back and Forward, asked before the address changes: the
 * Navigation API lets a page cancel a traversal within itself (after the user
 * has interacted with it).
 */
function onNavigate(event: Event) {
  if ((event as NavigateEvent).navigationType === 'traverse' && event.cancelable && !mayLeave()) event.preventDefault();
}

/**
 * Back and Forward where they could not be cancelled beforehand: the address
 * has already changed, so staying puts the form's address back. A capturing
 * listener on window runs before the router's own, which then never hears of
 * the refused move.
 */
function onPopState(event: PopStateEvent) {
  if (mayLeave()) return;
  event.stopImmediatePropagation();
  history.pushState(null, '', formUrl);
}

function sync() {
  if (unsaved.size > 0) {
    if (!formUrl) formUrl = location.href;
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState, true);
    navigation?.addEventListener('navigate', onNavigate);
  } else {
    formUrl = '';
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('popstate', onPopState, true);
    navigation?.removeEventListener('navigate', onNavigate);
  }
}

/** Marks `owner`'s form as holding (or no longer holding) unsaved changes; reloading or closing the page asks first. */
export function setUnsaved(owner: object, isUnsaved: boolean): void {
  if (isUnsaved) unsaved.add(owner);
  else unsaved.delete(owner);
  sync();
}

/**
 * Asked before every in-app navigation (widget links, the shell's links):
 * true when nothing is unsaved or the user chose to leave anyway, after which
 * the changes are given up and not asked about again.
 */
export function mayLeave(): boolean {
  if (unsaved.size === 0) return true;
  if (!window.confirm(UNSAVED_CHANGES)) return false;
  unsaved.clear();
  sync();
  return true;
}
