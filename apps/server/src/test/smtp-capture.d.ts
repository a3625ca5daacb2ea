export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  from: string;
}
/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read. */
export declare function startSmtpCapture(): Promise<{
  url: string;
  mails: CapturedMail[];
  /** The newest mail to `to`, waiting for it up to the given time. */
  waitForMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close: () => Promise<void>;
}>;
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
/** The first link in a mail's text. */
export declare function extractLink(text: string): URL;
