import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  from: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read; on `port`
 * when given (the mail server coming back where it was).
 */
export async function startSmtpCapture(options: { port?: number } = {}) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            from: parsed.from?.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `to`, waiting for it up to the given time. */
    async waitForMail(to: string, timeoutMs = 5000): Promise<CapturedMail> {
      // loaded here, so benchmarks that start a capture outside Vitest can import this file
      const { vi } = await import('vitest');
      return vi.waitFor(
        () => {
          const mail = mails.findLast((m) => m.to.toLowerCase() === to.toLowerCase());
          if (!mail) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
          return mail;
        },
        { timeout: timeoutMs, interval: 20 },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The first link in a mail's text. */
export function extractLink(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail:\n${text}`);
  return new URL(match[0]);
}
