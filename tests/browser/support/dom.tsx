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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await sleep(20);
  }
  throw new Error(`Timed out waiting for ${message}${lastError ? `: ${(lastError as Error).message}` : ''}`);
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
