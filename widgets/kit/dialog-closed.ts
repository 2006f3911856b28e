/**
 * A dialog's `onSlAfterHide`: `closed` runs once the dialog itself (not a dropdown or tooltip inside it) has
 * finished hiding and is still closed. Shoelace cuts short a hide it is animating when the dialog opens again
 * (Cancel, then Delete at once, or on a busy machine) and still says sl-after-hide: the state that has just
 * opened it again must not be reset, or the dialog would close under the user.
 */
export const whenClosed = (closed: () => void) => (event: Event) => {
  const dialog = event.currentTarget as Element & { open?: boolean };
  if (event.target === dialog && !dialog.open) closed();
};
