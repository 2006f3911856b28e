import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { after, before, describe, test } from 'node:test';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { sayToPublic } from '../../server/public-language';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';
import { AFTER_PAINT_LIST } from '../../shared/after-paint-scripts';
import { FIRST_SCREEN_ID } from '../../shared/first-screen-slot';
import { PUBLIC_FORMS, PUBLIC_LANGUAGE_COOKIE, type PublicFormName } from '../../shared/public-form-pages';
import { EXT_REGISTERED_COOKIE } from '../../shared/schemas/ext-referral';
import { loginAs, signIn, startHarness, type Harness } from './support/harness';

/** Each form's page, as a visitor opens it; a referral link the server does not know gets the form's own, as built. */
const PAGES: Record<PublicFormName, string> = { cit: '/cit', hwc: '/hwc', ext: '/ext/no-such-link', support: '/support', b2w: '/b2w?vendorCode=DEMO-B2W', 'opt-out': '/engagements/opt-out/demo-opt-out-2' };
const CATALOGUES = { en: en.translation, es: es.translation };

/** A catalogue text by its key (`hwc.title`). */
const say = (lang: keyof typeof CATALOGUES, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[lang]) as string;

/** The demo referral link's page, and what its division's texts say there. */
const LINK = `/ext/${DEMO_EXT_INSTANCE}`;
const FRANKLIN = { division: 'Franklin County Care', organisation: 'Careweave Demo Health' };

/** Counts, from the first byte, whether the page ever showed the shell's loading spinner. */
async function watchSpinner(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = window as unknown as { spinnerSeen: boolean };
    seen.spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.care-boot-spinner')) seen.spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen);
}

/** Issue 39 section 4: a public form's (and the sign-in page's) first screen is in its HTML, in the visitor's language, and the live page takes its place. */
describe('public forms: the first screen in the page', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('with no script at all, each form shows its purpose and title in the language asked, and nothing in it can be typed into or pressed', async () => {
    for (const [locale, lang, cookie] of [['en-US', 'en', ''], ['es-US', 'es', ''], ['en-US', 'es', 'es']] as const) {
      const context = await h.browser.newContext({ baseURL: h.server.url, javaScriptEnabled: false, locale, viewport: { width: 360, height: 780 } });
      if (cookie) await context.addCookies([{ name: PUBLIC_LANGUAGE_COOKIE, value: cookie, url: h.server.url }]);
      const page = await context.newPage();
      for (const { form, first } of PUBLIC_FORMS) {
        await page.goto(PAGES[form]);
        const screen = page.locator(`#${FIRST_SCREEN_ID}`);
        assert.equal(await page.locator('html').getAttribute('lang'), lang, form);
        await screen.locator('.public-form-purpose').getByText(say(lang, first.purpose), { exact: true }).waitFor();
        if ('title' in first) assert.equal(await screen.locator(`h${'level' in first ? first.level : 1}`).textContent(), say(lang, first.title), form);
        assert.equal(await screen.getAttribute('inert'), '', form);
        // Inert: a tap or Tab cannot reach the language switch before the form can answer it.
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement === document.body), true, form);
      }
      await context.close();
    }
  });

  test('a referral link’s page names its division and the step the visitor will see, with no script and with its scripts blocked', async () => {
    const cases = [
      { locale: 'en-US', lang: 'en', script: false, registered: false },
      { locale: 'es-US', lang: 'es', script: false, registered: false },
      { locale: 'en-US', lang: 'en', script: false, registered: true },
      { locale: 'es-US', lang: 'es', script: true, registered: false },
    ] as const;
    for (const { locale, lang, script, registered } of cases) {
      const name = `${lang}${script ? ', scripts blocked' : ''}${registered ? ', registered' : ''}`;
      const context = await h.browser.newContext({ baseURL: h.server.url, javaScriptEnabled: script, locale, viewport: { width: 390, height: 844 } });
      // The hint the live form leaves on the link's pages once the visitor's registration is confirmed.
      if (registered) await context.addCookies([{ name: EXT_REGISTERED_COOKIE, value: '1', domain: new URL(h.server.url).hostname, path: LINK }]);
      const page = await context.newPage();
      if (script) await page.route('**/*.js', (route) => route.abort());
      await page.goto(LINK);
      const screen = page.locator(`#${FIRST_SCREEN_ID}`);
      assert.equal(await page.locator('html').getAttribute('lang'), lang, name);
      assert.equal(await screen.locator('.public-form-name').textContent(), FRANKLIN.division, name);
      assert.equal(await screen.locator('.public-form-detail').textContent(), FRANKLIN.organisation, name);
      assert.equal(await screen.locator('.public-form-purpose').textContent(), sayToPublic(lang, 'ext.purposeDivision', FRANKLIN), name);
      const step = registered ? 'referral' : 'register';
      assert.equal(await screen.locator('h1').textContent(), say(lang, `ext.${step}.title`), name);
      assert.equal(await screen.locator('h1 + p').textContent(), sayToPublic(lang, `ext.${step}.intro`, FRANKLIN), name);
      assert.equal(await screen.getAttribute('inert'), '', name);
      await context.close();
    }
  });

  test('the referral link’s live form takes its first screen’s place: nothing moves, nothing loads between the two (390 and 1366 px)', async () => {
    const boxes = (page: Page, within: string) =>
      Promise.all(['.public-form-brand img', '.public-form-name', '.public-form-purpose', 'h1', 'h1 + p'].map((part) => page.locator(`${within} ${part}`).boundingBox()));
    // A phone (its scroll bar takes no width when the form grows longer than the screen), and a desktop.
    for (const device of [{ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, { viewport: { width: 1366, height: 900 } }]) {
      const width = device.viewport.width;
      const still = await h.browser.newContext({ baseURL: h.server.url, ...device, javaScriptEnabled: false });
      const plain = await still.newPage();
      await plain.goto(LINK);
      const first = await boxes(plain, `#${FIRST_SCREEN_ID}`);
      await still.close();

      const context = await h.browser.newContext({ baseURL: h.server.url, ...device });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      // What each frame paints, from the first: the first screen, the live form, both or neither, and whether a loading
      // state shows; and how far what was painted moved (the browser's layout shifts, as Lighthouse adds them up).
      // A script of text: the test runner's transform would name a function in it with a helper the page lacks.
      await page.addInitScript(`
        window.painted = [];
        window.shifted = 0;
        new PerformanceObserver((list) => list.getEntries().forEach((shift) => (window.shifted += shift.value))).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(function look() {
          const live = document.querySelector('#root main > div')?.shadowRoot;
          const parts = [document.getElementById('${FIRST_SCREEN_ID}') && 'first screen', live?.querySelector('.public-form') && 'live form', live?.querySelector('.load-state') && 'loading'];
          const state = parts.filter(Boolean).join(' + ') || 'nothing';
          if (window.painted.at(-1) !== state) window.painted.push(state);
          if (state !== 'live form' || !live.querySelector('input')) requestAnimationFrame(look);
        });
      `);
      await page.goto(LINK);
      await page.getByLabel(say('en', 'ext.register.name'), { exact: true }).waitFor();
      const painted: string[] = await page.evaluate('window.painted');
      assert.deepEqual(painted.slice(painted.indexOf('first screen')), ['first screen', 'live form'], `${width}: ${painted.join(' → ')}`);
      assert.deepEqual(await boxes(page, '#root'), first, `${width}`);
      assert.equal(await page.evaluate('window.shifted'), 0, `${width}: layout shift`);
      assert.equal(await page.locator('.public-form').count(), 1);
      assert.equal(await page.locator('h1').textContent(), say('en', 'ext.register.title'));
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('the live form takes the first screen’s place: one frame, in the same language, and what is typed is kept', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, locale: 'es-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const spinnerSeen = await watchSpinner(page);
    await page.goto('/hwc');
    const district = page.getByLabel(es.translation.hwc.district);
    await district.fill('ABC');
    assert.equal(await page.locator(`#${FIRST_SCREEN_ID}`).count(), 0);
    assert.equal(await page.locator('.public-form').count(), 1);
    assert.equal(await page.locator('.public-form').getAttribute('lang'), 'es');
    assert.equal(await page.locator('.public-form-purpose').textContent(), es.translation.hwc.purpose);
    assert.equal(await district.inputValue(), 'ABC');
    // Never a spinner between the first screen and the form.
    assert.equal(await spinnerSeen(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('each page names none of its scripts in its HTML: one loader asks for them after the first screen, and the page’s policy lets it run', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
    for (const address of [...Object.values(PAGES), '/login']) {
      const html = await (await page.request.get(address)).text();
      assert.doesNotMatch(html, /<script type="module"|rel="modulepreload"/, address);
      assert.match(html, new RegExp(`<script type="application/json" id="${AFTER_PAINT_LIST}">`), address);
      await page.goto(address);
      // The live page has taken the first screen's place: its scripts were asked for, and ran.
      await page.locator(`#${FIRST_SCREEN_ID}`).waitFor({ state: 'detached' });
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length);
      assert.ok(scripts > 0, address);
    }
    assert.deepEqual(refused, []);
    await context.close();
  });

  test('/cit?lang=es keeps Spanish through its move to the state’s sheet', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/cit?lang=es');
    await page.getByLabel(es.translation.cit.fields.code).waitFor();
    assert.match(page.url(), /\/cit\/oh\?lang=es$/);
    assert.equal(await page.locator('.public-form').getAttribute('lang'), 'es');
    await context.close();
  });

  test('the sign-in page: its form is in the HTML, inert and found by no label; the live form signs in, and a signed-in visitor moves on home', async () => {
    // How the card sits: the live form must look as the first screen did (their sheets in the same order).
    const place = (page: Page) => page.evaluate(`[getComputedStyle(document.querySelector('.care-logo-large')).fontSize, getComputedStyle(document.querySelector('.care-login')).paddingTop]`);
    const still = await h.browser.newContext({ baseURL: h.server.url, javaScriptEnabled: false });
    const plain = await still.newPage();
    await plain.goto('/login');
    const screen = plain.locator(`#${FIRST_SCREEN_ID}`);
    const firstPlace = await place(plain);
    assert.equal(await screen.getAttribute('inert'), '');
    assert.equal(await screen.locator('h1').textContent(), 'Sign in');
    assert.equal(await screen.locator('input').count(), 2);
    // A password manager, or a test, filling "User name" must reach the live field only.
    assert.equal(await plain.getByLabel('User name').count(), 0);
    await still.close();

    const context = await h.browser.newContext({ baseURL: h.server.url });
    const page = await context.newPage();
    const spinnerSeen = await watchSpinner(page);
    await page.goto('/login');
    await page.getByLabel('User name').waitFor();
    assert.deepEqual(await place(page), firstPlace);
    await signIn(page, 'navigator');
    await page.waitForURL('**/home');
    assert.equal(await page.locator(`#${FIRST_SCREEN_ID}`).count(), 0);
    assert.equal(await spinnerSeen(), false);
    await page.goto('/login');
    await page.waitForURL('**/home');
    await page.getByRole('navigation').first().waitFor();
    assert.equal(await page.locator(`#${FIRST_SCREEN_ID}`).count(), 0);
    await context.close();
    // The helper every e2e file signs in with still works from the page's first screen.
    const again = await h.browser.newContext({ baseURL: h.server.url });
    await loginAs(await again.newPage(), 'navigator');
    await again.close();
  });
});
