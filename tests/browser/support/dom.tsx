import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders into a fresh container on the page; cleanup() removes everything rendered. */
export function render(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(node);
  mounted.push({ root, container });
  return container;
}

export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
}

/**
 * Real time passing. Not a way to wait for something: wait for the event that
 * shows it (waitFor, a request count, settle()). The test tree's guard
 * (tests/server/test-tree.test.ts) allows it only where its list says why.
 */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One turn of the event loop: a message posted now is handled after every task queued before it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * Resolves once what the last action started has been drawn: the first task
 * turn comes after the microtasks it queued (a form's asynchronous
 * validation), the second after the render those scheduled (React's
 * scheduler posts a task, and a default-priority render commits within it).
 * No timer is involved, so it is for "nothing happened" checks whose effect
 * would be drawn at once (an error shown on blur, a field shown for a value);
 * a debounce or a request is waited for by its event or its count instead.
 */
export async function settle(): Promise<void> {
  await nextTask();
  await nextTask();
}

/** Polls until `check` returns a truthy value (or stops throwing), then returns it. */
export async function waitFor<T>(check: () => T, { timeout = 5000, message = 'condition' } = {}): Promise<NonNullable<T>> {
  const start = performance.now();
  let lastError: unknown;
  while (performance.now() - start < timeout) {
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    await sleep(20); // the poll's interval; the deadline above is what ends the wait
  }
  throw new Error(`Timed out waiting for ${message}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

/** Polls an asynchronous check (the server's state, a page it serves) until it returns a truthy value, then returns it. */
export async function waitForAsync<T>(check: () => Promise<T>, { timeout = 5000, interval = 50, message = 'condition' } = {}): Promise<NonNullable<T>> {
  const start = performance.now();
  while (performance.now() - start < timeout) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    await sleep(interval); // the poll's interval; the deadline above is what ends the wait
  }
  throw new Error(`Timed out waiting for ${message}`);
}

/** Sets a React-controlled input's value the way typing does. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Picks a file in a file input, as the file chooser does. */
export function pickFile(input: HTMLInputElement, file: File): void {
  const data = new DataTransfer();
  data.items.add(file);
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function selectOption(select: HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export function byLabel<E extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): E {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(text));
  if (!label) throw new Error(`No label "${text}"`);
  const control = label.htmlFor ? (root.querySelector(`[id="${label.htmlFor}"]`) as E | null) : (label.querySelector('input,select,textarea') as E | null);
  if (!control) throw new Error(`Label "${text}" has no control`);
  return control;
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`No button "${text}"`);
  return button;
}

export function text(root: ParentNode | null | undefined): string {
  if (!root) return '';
  return ((root as Element).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The text an element's aria-describedby points at (its accessible description), in its own document or shadow root. */
export function description(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => text(root.getElementById(id)))
    .join(' ');
}

/** The colour a widget's links take for a theme colour: a shade darker than it (--care-color-link in shared/design-tokens.css). */
export function themeLinkColor(primary: string): string {
  const probe = document.createElement('span');
  probe.style.color = `color-mix(in srgb, ${primary} 75%, black)`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}
