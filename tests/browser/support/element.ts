import { REPORT_TEXT } from '../../../shared/schemas/reports';
import { text, waitFor } from './dom';

/** The real test server (injected by scripts/test-browser.mjs). */
const url = __CAREWEAVE_URL__;

/**
 * Puts `<tag>` on the page the way an embedder does: pointed at the test
 * server's API, with the given attributes (token, patient-id, ...).
 */
export function mountElement(tag: string, attributes: Record<string, string> = {}): HTMLElement {
  const el = document.createElement(tag);
  el.setAttribute('api-base', `${url}/api`);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

export const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot!;

/** A Shoelace button of the element by its text. */
export const slButton = (el: HTMLElement, label: string) => [...shadow(el).querySelectorAll<HTMLElement & { disabled: boolean }>('sl-button')].find((b) => text(b) === label);

/**
 * A report opens run (issue 32 §5): once that run is in, runs it again with
 * the filters as the test set them (Update Report) and gives back the calls
 * of that second run alone.
 */
export async function updateReport<C>(el: HTMLElement, calls: C[]): Promise<C[]> {
  const ready = () => {
    const button = slButton(el, REPORT_TEXT.update);
    return button && !button.disabled ? button : null;
  };
  const update = await waitFor(ready, { message: 'Update Report enabled' });
  const from = calls.length;
  update.click();
  await waitFor(() => calls.length > from && ready(), { message: 'the run done' });
  return calls.slice(from);
}

/** A plain button of the element by its text. */
export const plainButton = (el: HTMLElement, label: string) => [...shadow(el).querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === label);

/** The error text shown under a kit Field (`data-field` is the form's field name). */
export const fieldError = (el: HTMLElement, name: string) => text(shadow(el).querySelector(`[data-field="${name}"] .field-error`));

/** A tab window.open would have opened: where it was sent, whether it was closed, whether it can reach back. */
export interface CaughtTab {
  opener: unknown;
  location: { href: string };
  closed: boolean;
  close(): void;
}

/**
 * Catches the tabs the page opens (`window.open`) instead of opening them,
 * for a signed link opened in a new tab; `opened` lists each call's
 * `url|target`. Call `restore()` when done.
 */
export function catchNewTabs() {
  const real = window.open;
  const tabs: CaughtTab[] = [];
  const opened: string[] = [];
  window.open = ((target?: string | URL, name?: string) => {
    opened.push(`${String(target ?? '')}|${name ?? ''}`);
    const tab: CaughtTab = { opener: {}, location: { href: '' }, closed: false, close: () => void (tab.closed = true) };
    tabs.push(tab);
    return tab as unknown as Window;
  }) as typeof window.open;
  return { tabs, opened, restore: () => void (window.open = real) };
}

/** Catches what the page copies (`navigator.clipboard.writeText`) instead of copying it; call `restore()` when done. */
export function catchClipboard() {
  const clipboard = navigator.clipboard;
  const real = clipboard.writeText;
  const copied: string[] = [];
  clipboard.writeText = async (value: string) => void copied.push(value);
  return { copied, restore: () => void (clipboard.writeText = real) };
}
