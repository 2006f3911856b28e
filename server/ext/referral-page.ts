import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { nowMs } from '../../shared/clock';
import { withFirstScreen } from '../../shared/first-screen-slot';
import { DEFAULT_LANG } from '../../shared/i18n-defaults';
import { publicFormHtml, REFERRAL_FIRST_SCREEN_MODULE, type PublicFormLanguage } from '../../shared/public-form-pages';
import { EXT_REGISTERED_COOKIE, EXT_STEPS, extIndexLang } from '../../shared/schemas/ext-referral';
import type { ReferralPageAsked } from '../../widgets/ext/referral-first-screen';
import { TtlCache } from '../cache/ttl-cache';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import { findInstance, linkIndex } from './link-index';

/**
 * How long a link's drawn page is reused (per link, language and step): a change to its division (name, logo, the
 * division's own texts) or to the link shows on the page within a minute, as it does in the live form at once.
 */
export const REFERRAL_PAGE_TTL_MS = 60_000;

/** At most this many drawn pages are kept (each about 20 KB, compressed both ways). */
const KEPT_PAGES = 500;

/** The quality a web server compresses its answers with: the build's 11 takes 15 times as long for a tenth fewer bytes. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page as it is sent: compressed, since it is not a file the build compressed. */
export interface DrawnPage {
  br: Buffer;
  gzip: Buffer;
}

type Draw = (asked: ReferralPageAsked) => string | null;

/**
 * Issue 39 section 4: a referral link's page (/ext/{instance}[/{step}]) with the link's own first screen, its
 * division's frame and the step the visitor is about to see, in the visitor's language, drawn by the live form's
 * components (REFERRAL_FIRST_SCREEN_MODULE) into the form's page as built. Null where there is nothing of a link's
 * own to draw (a link unknown, malformed or closed, a step the link has not, no module built, a failure): the
 * page as built is sent then, whose first screen names no link, so the page tells nothing the link itself would
 * not, and the live form says what is wrong.
 */
export function referralPages(db: Db, distDir: string, log: FastifyBaseLogger): (request: FastifyRequest, lang: PublicFormLanguage) => Promise<DrawnPage | null> {
  const pages = new TtlCache<DrawnPage | null>(REFERRAL_PAGE_TTL_MS, KEPT_PAGES, nowMs);
  let drawing: Promise<Draw | null> | undefined;
  // Imported once: a build without the module draws nothing, and the pages as built are sent.
  const drawer = () =>
    (drawing ??= import(pathToFileURL(path.join(distDir, REFERRAL_FIRST_SCREEN_MODULE)).href).then(
      (module: { referralFirstScreenHtml: Draw }) => module.referralFirstScreenHtml,
      (err: Error & { code?: string }) => {
        if (err.code !== 'ERR_MODULE_NOT_FOUND') log.warn({ err }, 'referral links are sent without their own first screens: their module did not load');
        return null;
      },
    ));

  async function draw(instanceId: string, type: string, registered: boolean, lang: PublicFormLanguage): Promise<DrawnPage | null> {
    const drawScreen = await drawer();
    if (!drawScreen) return null;
    const instance = await findInstance(db, instanceId);
    const attributes = await linkIndex(db, instance, extIndexLang(lang, DEFAULT_LANG));
    const screen = drawScreen({ attributes, type, registered, lang });
    const page = screen && withFirstScreen(await fs.readFile(path.join(distDir, publicFormHtml('ext', lang)), 'utf8'), screen);
    if (!page) return null;
    const [br, gz] = await Promise.all([brotli(page, BROTLI), gzip(page)]);
    return { br, gzip: gz };
  }

  return async (request, lang) => {
    const [instance = '', type = ''] = request.url.split('?')[0].split('/').filter(Boolean).slice(1);
    // Kept per step the address may name: any other is "not found", which the live form says.
    if (type && !EXT_STEPS.includes(type)) return null;
    const registered = request.cookies?.[EXT_REGISTERED_COOKIE] === '1';
    try {
      // A link that is not valid is never kept: its failed load is dropped at once (TtlCache), so made-up names fill nothing.
      return await pages.get(`${instance}\n${type}\n${registered}\n${lang}`, () => draw(instance, type, registered, lang));
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 404)) request.log.warn({ err }, 'the referral link page was sent without its own first screen');
      return null;
    }
  };
}

/** Whether Accept-Encoding takes `coding` (not with q=0). */
const accepts = (header: string | undefined, coding: string) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return name === coding && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });

/** A drawn page as the browser takes it: Brotli, else gzip, else as it is (a client that takes neither is rare). */
export function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, page: DrawnPage): FastifyReply {
  const asked = request.headers['accept-encoding'];
  const encoding = accepts(asked, 'br') ? 'br' : accepts(asked, 'gzip') ? 'gzip' : null;
  reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Accept-Language, Cookie').header('cache-control', 'private, no-cache');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : zlib.gunzipSync(page.gzip));
}
