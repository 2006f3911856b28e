import '../../widgets/opt-out/opt-out.element';
import { OPT_OUT_ALREADY_USED, OPT_OUT_CANCELLED, OPT_OUT_DONE, OPT_OUT_FAILED } from '../../shared/schemas/opt-out';
import { equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { mountElement, shadow } from './support/element';

const url = __CAREWEAVE_URL__;

const mount = (token: string) => mountElement('care-opt-out', { 'opt-out-token': token });
const slButton = (el: HTMLElement, label: string) => [...shadow(el).querySelectorAll<HTMLElement & { disabled: boolean }>('sl-button')].find((b) => text(b) === label)!;
const alert = (el: HTMLElement) => shadow(el).querySelector<HTMLElement & { variant: string }>('sl-alert');

describe('<care-opt-out> against the real server', function () {
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => {
    document.querySelectorAll('care-opt-out').forEach((el) => el.remove());
    sessionStorage.clear();
  });

  it('cancel: calls nothing, disables both buttons, "You\'ve cancelled this action."', async () => {
    const el = mount('demo-opt-out-5');
    await waitFor(() => slButton(el, 'Cancel'), { timeout: 10000 });
    // Whose link: the division of the token's patient, with its logo (reading it does not use the token).
    await waitFor(() => text(shadow(el).querySelector('.public-form-name')!) === 'Franklin County Care', { message: "the division's name" });
    ok(shadow(el).querySelector('.public-form-brand img')?.getAttribute('src')?.startsWith('data:image/svg+xml'), "the division's logo");
    const real = window.fetch;
    let calls = 0;
    window.fetch = ((...args: Parameters<typeof fetch>) => (calls++, real(...args))) as typeof fetch;
    try {
      slButton(el, 'Cancel').click();
      await waitFor(() => alert(el), { message: 'the info alert' });
    } finally {
      window.fetch = real;
    }
    equal(text(alert(el)), OPT_OUT_CANCELLED);
    equal(alert(el)!.variant, 'primary');
    ok(slButton(el, 'Opt out').disabled && slButton(el, 'Cancel').disabled, 'both disabled');
    equal(calls, 0);
  });

  it('opt out: loading, then success; buttons disabled after the first click; the token works once', async () => {
    const el = mount('demo-opt-out-4');
    await waitFor(() => slButton(el, 'Opt out'), { timeout: 10000 });
    slButton(el, 'Opt out').click();
    await waitFor(() => slButton(el, 'Opt out').disabled, { message: 'disabled at once' });
    slButton(el, 'Opt out').click();
    await waitFor(() => alert(el), { timeout: 10000, message: 'the result' });
    equal(text(alert(el)), OPT_OUT_DONE);
    equal(alert(el)!.variant, 'success');
    ok(slButton(el, 'Cancel').disabled, 'Cancel disabled too');
    el.remove();
    sessionStorage.clear();

    const again = mount('demo-opt-out-4');
    await waitFor(() => slButton(again, 'Opt out'), { timeout: 10000 });
    slButton(again, 'Opt out').click();
    await waitFor(() => alert(again), { timeout: 10000, message: 'the second answer' });
    equal(text(alert(again)), OPT_OUT_ALREADY_USED);
  });

  it('an unknown token: danger "Something went wrong."', async () => {
    const el = mount('no-such-token-at-all');
    await waitFor(() => slButton(el, 'Opt out'), { timeout: 10000 });
    slButton(el, 'Opt out').click();
    await waitFor(() => alert(el), { timeout: 10000, message: 'the danger alert' });
    equal(alert(el)!.variant, 'danger');
    ok(text(alert(el)).startsWith(OPT_OUT_FAILED));
    ok(text(alert(el)).includes('This link is not valid.'));
  });
});
