import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { TOAST_MS } from '../../shared/constants';
import { $toasts, toast, Toasts } from '../../widgets/kit/toasts';
import { LoadState } from '../../widgets/kit/load-state';
import { FileDrop, humanSize } from '../../widgets/kit/file-drop';
import { AddAction } from '../../widgets/kit/add-action';
import { EmailAddress } from '../../widgets/kit/email-address';
import { ButtonWithReason } from '../../widgets/kit/button-with-reason';
import { StatusBadge } from '../../widgets/kit/status-badge';
import { useForm } from 'react-hook-form';
import { usePersistedDraft } from '../../widgets/kit/persisted-draft';
import { useIdempotentSubmit } from '../../widgets/kit/public-submit';
import { noteSubmission, SAVED_ON_DEVICE, submissionsOf } from '../../shared/offline-submissions';
import { nowMs } from '../../shared/clock';
import { WidgetMount } from '../../shell/widget-mount';
import { ConfirmDialog } from '../../widgets/kit/confirm-dialog';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, description, render, text, typeInto, waitFor } from './support/dom';

/** Renders as a widget is drawn (a shadow root with the widget styles); the shadow root once drawn. */
async function renderWidget(node: React.ReactNode): Promise<ShadowRoot> {
  const container = render(<WidgetMount>{node}</WidgetMount>);
  return waitFor(() => {
    const shadow = container.querySelector('div')?.shadowRoot;
    return shadow?.querySelector('.care-root > *') ? shadow : null;
  }, { message: 'the widget drawn' });
}

describe('toasts', () => {
  afterEach(() => {
    cleanup();
    $toasts.set([]);
  });

  it('shows a toast and closes it after 2500 ms', async () => {
    const root = render(<Toasts />);
    // The instant the toast leaves the page (a mutation observer), rather than a look at one moment.
    let drawn = false;
    let closedAt = 0;
    const watch = new MutationObserver(() => {
      if (root.querySelector('sl-alert')) drawn = true;
      else if (drawn && !closedAt) closedAt = performance.now();
    });
    watch.observe(root, { childList: true, subtree: true });
    const toasted = performance.now();
    toast('Saved', 'success');
    const alert = await waitFor(() => root.querySelector('sl-alert'));
    equal(text(alert), 'Saved');
    equal(alert.getAttribute('variant'), 'success');
    try {
      await waitFor(() => closedAt, { timeout: TOAST_MS + 1500, message: 'auto-close' });
    } finally {
      watch.disconnect();
    }
    const open = closedAt - toasted;
    ok(open >= TOAST_MS - 5 && open < TOAST_MS + 1000, `closed ${Math.round(open)} ms after it was raised, ${TOAST_MS} ms expected`);
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
    let otherCommitted = false;
    function Other() {
      useStore($toasts);
      seen.push(phase);
      useEffect(() => {
        otherCommitted = true;
      });
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
    // Its first render done, effects and all: only the toast below can render it again.
    await waitFor(() => document.querySelector('sl-alert') === null && otherCommitted, { message: 'the other widget drawn' });
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

describe('a dialog opened again while it hides (whenClosed)', () => {
  afterEach(cleanup);

  it('Cancel, then the same action at once: the dialog stays open once the cut-short hide has ended', async () => {
    let setOpen: (open: boolean) => void = () => {};
    let closes = 0;
    function Probe() {
      const [open, set] = useState(true);
      setOpen = set;
      return (
        <ConfirmDialog label="Delete probe" open={open} busy={false} action="Delete" onConfirm={() => {}} onClose={() => (closes++, set(false))}>
          <p>Sure?</p>
        </ConfirmDialog>
      );
    }
    const shadow = await renderWidget(<Probe />);
    const dialog = await waitFor(() => shadow.querySelector<HTMLElement & { open: boolean }>('sl-dialog[open]'), { message: 'the dialog open' });
    await waitFor(() => dialog.shadowRoot?.querySelector('[part="panel"]')?.getAnimations().length === 0, { message: 'the show animation over' });
    setOpen(false);
    // The hide animation has started; the user asks again before it ends.
    await waitFor(() => dialog.shadowRoot!.querySelector('[part="panel"]')!.getAnimations().length > 0, { message: 'the hide animating' });
    setOpen(true);
    // Shoelace still says sl-after-hide for the hide it cut short. React's listener was added at render,
    // before this one, so by the time this one runs the close handler has run too, or never will.
    await new Promise((resolve) => dialog.addEventListener('sl-after-hide', resolve, { once: true }));
    ok(dialog.open && dialog.hasAttribute('open'), 'still open');
    equal(closes, 0);
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

describe('one product (issue 32 §5)', () => {
  afterEach(cleanup);

  it('AddAction: a link when it opens a page, a button when it opens a dialog, the one look either way, beside its title', async () => {
    let clicked = 0;
    const paths: string[] = [];
    const root = await renderWidget(
      <>
        <div className="card-header">
          <h3>Notes</h3>
          <AddAction path="/patients/p-1/notes/add" label="Add Note" />
        </div>
        <AddAction onClick={() => clicked++} label="Add Address" />
      </>,
    );
    root.host.addEventListener('care-navigate', (e) => (paths.push((e as CustomEvent<{ path: string }>).detail.path), e.preventDefault()));
    const [link, button] = [...root.querySelectorAll<HTMLElement>('.add-action')];
    equal(link.tagName, 'A');
    equal(link.getAttribute('href'), '/patients/p-1/notes/add');
    equal(button.tagName, 'BUTTON');
    equal(button.getAttribute('type'), 'button');
    deepEqual([text(link), text(button)], ['Add Note', 'Add Address'], 'the "+" is decoration, not part of the name');
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor, s.borderTopStyle, s.borderTopWidth, s.borderTopColor, s.borderTopLeftRadius, s.fontSize, s.fontWeight, s.paddingTop, s.paddingLeft, s.textDecorationLine, s.whiteSpace];
    };
    deepEqual(look(link), look(button));
    equal(getComputedStyle(link).textDecorationLine, 'none');
    equal(getComputedStyle(link).borderTopStyle, 'solid');
    const header = root.querySelector('.card-header')!.getBoundingClientRect();
    ok(Math.abs(link.getBoundingClientRect().right - header.right) < 1, 'at the right of its title');
    link.click();
    button.click();
    deepEqual(paths, ['/patients/p-1/notes/add']);
    equal(clicked, 1);
  });

  /** The text of `el` line by line, as drawn. */
  function linesOf(el: Element): string[] {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getClientRects()[0].top);
        if (lines.at(-1)?.top !== top) lines.push({ top, text: '' });
        lines.at(-1)!.text += node.textContent![i];
      }
    }
    return lines.map((l) => l.text);
  }

  it('EmailAddress wraps only after its "@" or before a ".", never inside a word, even where cells break anywhere', async () => {
    const address = 'robin.obrien@athens.jfs.example';
    const root = render(
      <div style={{ width: '7rem', overflowWrap: 'anywhere', fontSize: '16px' }}>
        <EmailAddress address={address} />
      </div>,
    );
    const email = await waitFor(() => root.querySelector('span'), { message: 'the address' });
    equal(text(email), address, 'copied or read whole');
    const lines = linesOf(email);
    ok(lines.length > 1, `it wraps in 7rem: ${lines.join(' | ')}`);
    equal(lines.join(''), address);
    for (let i = 1; i < lines.length; i++) ok(lines[i].startsWith('.') || lines[i - 1].endsWith('@'), `broken inside a word: ${lines.join(' | ')}`);
    const linked = render(<EmailAddress address={address} link />);
    const link = await waitFor(() => linked.querySelector('a'), { message: 'the mailto link' });
    equal(link.getAttribute('href'), `mailto:${address}`);
  });

  it('ButtonWithReason: an ordinary button until it has a reason; then it stays focusable, says why and does nothing', async () => {
    let clicks = 0;
    const onBox = render(<ButtonWithReason onClick={() => clicks++}>Print</ButtonWithReason>);
    const on = await waitFor(() => onBox.querySelector('button'), { message: 'the button' });
    equal(on.getAttribute('aria-disabled'), null);
    on.click();
    equal(clicks, 1);
    const offBox = render(
      <ButtonWithReason onClick={() => clicks++} disabledReason="Printing needs a legal status.">
        Print
      </ButtonWithReason>,
    );
    const off = await waitFor(() => offBox.querySelector('button'), { message: 'the button that is off' });
    equal(off.getAttribute('aria-disabled'), 'true');
    equal(off.disabled, false, 'not disabled: a disabled button takes no focus and shows no tooltip');
    equal(description(off), 'Printing needs a legal status.');
    off.click();
    equal(clicks, 1);
  });

  it("a kit piece's own rules reach each shadow root it is drawn in, once however many it holds", async () => {
    const root = await renderWidget(
      <>
        <StatusBadge variant="success">Enrolled</StatusBadge>
        <StatusBadge variant="danger">Declined</StatusBadge>
      </>,
    );
    const badge = root.querySelector('.status-badge')!;
    equal(getComputedStyle(badge).display, 'inline-block');
    equal(getComputedStyle(badge).borderTopStyle, 'solid');
    equal(root.adoptedStyleSheets.length, 2, 'the widget styles and the badge rules once');
  });
});

describe('usePersistedDraft', () => {
  const KEY = 'careweave.draft.kit-draft-test';
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(KEY);
  });

  /** A form with a name, a fixed value the form sets itself and an SSN; `exclude` is the list the caller passes. */
  function DraftForm({ exclude }: { exclude: ('name' | 'fixed' | 'ssn')[] }) {
    const form = useForm({ defaultValues: { name: '', fixed: 'set-by-form', ssn: '' } });
    usePersistedDraft('kit-draft-test', form, exclude);
    return (
      <form>
        <label>
          Name <input {...form.register('name')} />
        </label>
        <label>
          SSN <input {...form.register('ssn')} />
        </label>
      </form>
    );
  }

  it('keeps what was typed except the fields listed, and never an SSN, even when the caller does not list it', async () => {
    const root = render(<DraftForm exclude={['fixed']} />);
    await waitFor(() => root.querySelector('input'), { message: 'the form drawn' });
    typeInto(byLabel(root, 'SSN'), '123-45-6789');
    // Typed again until the hook, subscribed after the first render, writes it: each write holds every value of the form.
    const saved = await waitFor(
      () => {
        typeInto(byLabel(root, 'Name'), 'Wren');
        const draft = sessionStorage.getItem(KEY);
        return draft?.includes('Wren') ? draft : null;
      },
      { message: 'the draft written' },
    );
    deepEqual(JSON.parse(saved), { name: 'Wren' }, 'the listed field and the SSN are left out');
    ok(!/\d{4}/.test(saved), `no SSN digits in ${saved}`);
  });

  it('a draft left holding an SSN is restored without it and written back without it', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ name: 'Old', ssn: '987654321' }));
    const root = render(<DraftForm exclude={[]} />);
    await waitFor(() => byLabel(root, 'Name').value === 'Old', { message: 'the draft restored' });
    equal(byLabel(root, 'SSN').value, '', 'the SSN is not restored');
    deepEqual(JSON.parse(sessionStorage.getItem(KEY)!), { name: 'Old' }, 'nor left in storage');
  });
});

describe('on a shared device (issue 39)', () => {
  const KEY = 'careweave.draft.kit-shared-device';
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(KEY);
  });

  function OfficerForm() {
    const form = useForm({ defaultValues: { code: '', officerName: '', birthDate: '', note: '' } });
    usePersistedDraft('kit-shared-device', form);
    return (
      <form>
        {(['code', 'officerName', 'birthDate', 'note'] as const).map((name) => (
          <label key={name}>
            {name} <input {...form.register(name)} />
          </label>
        ))}
      </form>
    );
  }

  it('a draft never holds an agency code, an officer name or a birth date, whatever the form lists', async () => {
    const root = render(<OfficerForm />);
    await waitFor(() => root.querySelector('input'), { message: 'the form drawn' });
    typeInto(byLabel(root, 'code'), 'AGENCY-7');
    typeInto(byLabel(root, 'officerName'), 'Officer Hale');
    typeInto(byLabel(root, 'birthDate'), '1988-04-02');
    const saved = await waitFor(
      () => {
        typeInto(byLabel(root, 'note'), 'calm now');
        const draft = sessionStorage.getItem(KEY);
        return draft?.includes('calm now') ? draft : null;
      },
      { message: 'the draft written' },
    );
    deepEqual(JSON.parse(saved), { note: 'calm now' });
  });

  /** A form whose submissions the service worker kept: what the hook says, and what reaches the form later. */
  function KeptForm({ events }: { events: string[] }) {
    const { submit, savedOnDevice } = useIdempotentSubmit<{ data: { id: string } }>('kit-kept', {
      onSavedOnDevice: () => events.push('saved on device'),
      onAnswer: (answer) => events.push(`answer ${answer.data.id}`),
      onRefused: (error, sent) => events.push(`refused ${error.status} ${error.errors[0].message} ${JSON.stringify(sent)}`),
    });
    return (
      <>
        <button type="button" onClick={() => void submit(async (key) => ({ [SAVED_ON_DEVICE]: { key } }) as never)}>
          Send
        </button>
        <output>{savedOnDevice}</output>
      </>
    );
  }

  it('a kept submission counts as saved on the device; the answers the worker records later reach the form once', async () => {
    const events: string[] = [];
    const root = render(<KeptForm events={events} />);
    (await waitFor(() => root.querySelector('button'), { message: 'the form drawn' })).click();
    await waitFor(() => text(root.querySelector('output')!) === '1', { message: 'one saved on the device' });
    deepEqual(events, ['saved on device']);
    const [kept] = await submissionsOf('kit-kept', nowMs());
    ok(kept?.key, 'the page recorded which form it came from');
    cleanup();

    // The worker sent it (and a second one, refused) while no page of the form was open.
    await noteSubmission({ key: kept.key, answer: { status: 201, text: JSON.stringify({ data: { id: 'sheet-1' } }) } });
    await noteSubmission({ key: 'refused-key', form: 'kit-kept', queuedAt: nowMs(), answer: { status: 422, text: JSON.stringify({ errors: [{ field: 'last_name', message: 'Required' }] }), sent: JSON.stringify({ first_name: 'Morgan' }) } });
    const later = render(<KeptForm events={events} />);
    await waitFor(() => events.length === 3, { message: 'both answers delivered' });
    deepEqual(events.slice(1).sort(), ['answer sheet-1', 'refused 422 Required {"firstName":"Morgan"}']);
    equal(text(later.querySelector('output')!), '0');
    deepEqual(await submissionsOf('kit-kept', nowMs()), [], 'each answer is read once, then forgotten');
  });
});
