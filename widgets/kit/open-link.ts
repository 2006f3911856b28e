/**
 * Opens a link that has to be asked for first (a short-lived signed link) in
 * a new tab. The tab is opened within the click, so popup blockers let it
 * through, then sent to the link; it is closed again when the link cannot be
 * had, and that error is rethrown for the caller's toast. The opened page
 * never gets a handle on ours (`opener` cleared).
 */
export async function openInNewTab(getLink: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const link = await getLink();
    if (tab) {
      tab.opener = null;
      tab.location.href = link;
    } else window.open(link, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}
