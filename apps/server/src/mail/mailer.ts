import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL; headers are built by nodemailer, never from raw user text. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP the mail, with its link, goes to the log so a developer can follow it. */
export function createLogMailer(logger: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(message) {
      logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
    close: () => undefined,
  };
}
