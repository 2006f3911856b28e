/** Spec 001 section 4 "Admission form": the prompt before an edited form is left. */
export const UNSAVED_CHANGES = 'You have unsaved changes. These will be lost if you leave this page.';

/** Forms with changes not saved yet (any widget on the page). */
const unsaved = new Set<object>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Browsers show their own wording on unload; older ones read returnValue.
  event.returnValue = UNSAVED_CHANGES;
}

function sync() {
  if (unsaved.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
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
