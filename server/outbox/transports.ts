import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { smsTransport } from './sms';
import { restHookTransport, REST_HOOK } from './rest-hook';
import type { OutboxChannel } from './outbox.repository';
import type { Db } from '../db/connect';
import { FHIR_REFERRAL_CHANNEL, FHIR_REFERRAL_UPDATE_CHANNEL } from '../fhir/outbound-referral';
import { fhirReferralTransport, fhirReferralUpdateTransport } from '../fhir/outbound-sync';
import { now } from '../../shared/clock';

export interface Delivery {
  outboxUid: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

export interface Transport {
  send(message: Delivery): Promise<void>;
}

/** One transport per channel; a channel without one keeps its messages waiting in the outbox. */
export type Transports = Partial<Record<Delivery['channel'], Transport>>;

/** Without a mail provider each e-mail becomes a file under DATA_DIR/outbox. */
export function fileTransport(dataDir: string): Transport {
  const dir = path.join(dataDir, 'outbox');
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${message.outboxUid}.json`), JSON.stringify({ ...message, deliveredAt: now().toISOString() }, null, 2));
    },
  };
}

/** E-mail through SMTP_URL. */
export function smtpTransport(smtpUrl: string): Transport {
  const mailer = nodemailer.createTransport(smtpUrl);
  const from = process.env.MAIL_FROM ?? 'Careweave <no-reply@careweave.local>';
  return {
    async send(message) {
      // One Message-ID per outbox row: a retry after a lost answer is recognisable as the same e-mail.
      await mailer.sendMail({ from, to: message.recipient, subject: message.subject ?? 'Careweave', text: message.body, messageId: `<${message.outboxUid}@careweave.outbox>` });
    },
  };
}

/**
 * E-mail goes to SMTP_URL or, without one, to files; text messages go only to
 * SMS_URL. A text carries a one-time code: without a provider it waits in the
 * outbox (an administrator can read it there), it is never written to disk.
 * A FHIR client's REST-hook goes to the endpoint its Subscription names; a
 * referral to a facility that takes them by FHIR, and each edit of it, goes to its FHIR server.
 */
export function transportsFor(config: Pick<Config, 'smtpUrl' | 'smsUrl' | 'dataDir'>, db: Db): Transports {
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dataDir),
    ...(config.smsUrl ? { sms: smsTransport(config.smsUrl) } : {}),
    [REST_HOOK]: restHookTransport(),
    [FHIR_REFERRAL_CHANNEL]: fhirReferralTransport(db),
    [FHIR_REFERRAL_UPDATE_CHANNEL]: fhirReferralUpdateTransport(db),
  };
}
