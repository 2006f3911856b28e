import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST_MS } from '../../shared/constants';
import { $toasts, toast, Toasts } from '../../widgets/kit/toasts';
import { LoadState } from '../../widgets/kit/load-state';
import { FileDrop, humanSize } from '../../widgets/kit/file-drop';
import { equal, ok } from './support/assert';
import { byLabel, cleanup, render, sleep, text, waitFor } from './support/dom';

describe('toasts', () => {
  afterEach(() => {
    cleanup();
    $toasts.set([]);
  });

  it('shows a toast and closes it after 2500 ms', async () => {
    const root = render(<Toasts />);
    toast('Saved', 'success');
    const alert = await waitFor(() => root.querySelector('sl-alert'));
    equal(text(alert), 'Saved');
    equal(alert.getAttribute('variant'), 'success');
    await sleep(TOAST_MS - 500);
    ok(root.querySelector('sl-alert'), 'still open before 2500 ms');
    await waitFor(() => !root.querySelector('sl-alert'), { timeout: 1500, message: 'auto-close' });
  });

  it('draws each toast once even with several renderers on the page', async () => {
    const a = render(<Toasts />);
    const b = render(<Toasts />);
    toast('Once');
    await waitFor(() => a.querySelector('sl-alert') || b.querySelector('sl-alert'));
    equal(document.querySelectorAll('sl-alert').length, 1);
  });

  // React error 177 (demo portal, CI): such a render can hit a root React is committing.
  it('a widget toasting from an effect renders no other widget inside React\'s effect flush', async () => {
    const seen: string[] = [];
    let phase = 'before';
    function Other() {
      useStore($toasts);
      seen.push(phase);
      return <Toasts />;
    }
    function ToastOnLoad() {
      useEffect(() => toast('Loaded'), []);
      return null;
    }
    // Its effect runs after the two above; its microtask marks the end of the effect flush's task.
    function EffectsDone() {
      useEffect(() => queueMicrotask(() => (phase = 'after')), []);
      return null;
    }
    render(<Other />);
    await waitFor(() => document.querySelector('sl-alert') === null && seen.length > 0);
    await sleep(50);
    seen.length = 0;
    render(
      <>
        <Toasts />
        <ToastOnLoad />
        <EffectsDone />
      </>,
    );
    await waitFor(() => seen.length > 0, { message: 'the other widget re-rendering for the toast' });
    equal(seen.includes('before'), false, `renders of the other widget: ${seen.join(', ')}`);
  });
});

describe('LoadState', () => {
  afterEach(cleanup);

  it('compact mode says exactly "Error" and "Not Found"', async () => {
    const error = render(<LoadState compact error={new Error('x')} />);
    const empty = render(<LoadState compact isEmpty />);
    await waitFor(() => text(error) && text(empty));
    equal(text(error), 'Error');
    equal(text(empty), 'Not Found');
  });

  it('shows a skeleton while loading, the empty text, and children with data', async () => {
    const loading = render(<LoadState isLoading />);
    const empty = render(<LoadState isEmpty emptyText="No events found!" />);
    const data = render(<LoadState>rows</LoadState>);
    await waitFor(() => loading.querySelector('sl-skeleton'));
    await waitFor(() => text(empty) === 'No events found!');
    equal(text(data), 'rows');
  });
});

describe('FileDrop', () => {
  afterEach(cleanup);

  it('formats sizes', () => {
    equal(humanSize(512), '512 B');
    equal(humanSize(1536), '1.5 KB');
    equal(humanSize(3 * 1024 * 1024), '3 MB');
  });

  it('shows the dropped file name and size, and rejects other types', async () => {
    const picked: File[] = [];
    const root = render(<FileDrop label="Referral document" accept={['application/pdf']} onFile={(f) => picked.push(f)} />);
    const input = await waitFor(() => byLabel(root, 'Referral document'));
    equal(input.type, 'file');
    const drop = (file: File) => {
      const data = new DataTransfer();
      data.items.add(file);
      root.querySelector('.file-drop')!.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    };
    drop(new File(['x'.repeat(2048)], 'letter.pdf', { type: 'application/pdf' }));
    await waitFor(() => text(root).includes('letter.pdf (2 KB)'), { message: 'name and size' });
    equal(picked.length, 1);
    drop(new File(['x'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => text(root).includes('File type not accepted'), { message: 'rejection' });
    equal(picked.length, 1);
  });
});
