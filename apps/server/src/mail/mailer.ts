import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { AppError } from '../http/app-error.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** For the CLI and the OpenAPI export, which send no mail: what they do is told elsewhere. */
export const noMailer: Mailer = { send: async () => undefined, close: () => undefined };

/** nodemailer over SMTP_URL; headers are built by nodemailer, never from raw user text. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        // a permanent refusal (5xx: no such mailbox) is that mail's own error; anything else
        // (refused connection, timeout, 4xx) means the mail server is away for now
        const code = (error as { responseCode?: number }).responseCode;
        if (typeof code === 'number' && code >= 500) throw error;
        throw mailUnavailable();
      }
    },
    close: () => transport.close(),
  };
}

/** 503 with a message a person understands; the caller's action sent nothing. */
export const mailUnavailable = () =>
  new AppError(
    'mail_unavailable',
    'We could not send the e-mail: our mail server is not reachable right now. Please try again in a few minutes.',
  );

/**
 * Without SMTP_URL each mail is written as an .eml file under DATA_DIR/mail/ (open it with any
 * mail program); the log says only that a mail was written and where, never its link (C43).
 */
export function createFileMailer(input: {
  dataDir: string;
  from: string;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  const directory = path.join(input.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: input.from, ...message });
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const stamp = input.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(directory, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      const temporary = `${file}.tmp`;
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, file);
      input.logger.info({ mailFile: file }, `mail written to ${file}`);
    },
    close: () => transport.close(),
  };
}
