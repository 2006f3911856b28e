import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Delivery {
  outboxUid: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
}

export interface Transport {
  name: 'file' | 'smtp';
  send(message: Delivery): Promise<void>;
}

/** Without a provider each message becomes a file a person can read (and /demo/outbox lists). */
export function fileTransport(dataDir: string): Transport {
  const dir = path.join(dataDir, 'outbox');
  return {
    name: 'file',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${message.outboxUid}.json`), JSON.stringify({ ...message, deliveredAt: new Date().toISOString() }, null, 2));
    },
  };
}

/** E-mail through SMTP_URL. Text messages still go to files: no SMS provider is configured yet. */
export function smtpTransport(smtpUrl: string, dataDir: string): Transport {
  const mailer = nodemailer.createTransport(smtpUrl);
  const files = fileTransport(dataDir);
  const from = process.env.MAIL_FROM ?? 'Careweave <no-reply@careweave.local>';
  return {
    name: 'smtp',
    async send(message) {
      if (message.channel !== 'email') return files.send(message);
      await mailer.sendMail({ from, to: message.recipient, subject: message.subject ?? 'Careweave', text: message.body });
    },
  };
}
