import { trimTrailingSlashes } from '@printdeck/shared';

/**
 * A small client for the Telegram Bot API (https://core.telegram.org/bots/api): requests go to
 * `<TELEGRAM_API_URL>/bot<token>/<method>` and answer `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters: { retry_after } }`.
 *
 * The token is part of every URL, so no URL and no fetch error (whose message may quote the
 * URL) leaves this file: failures carry only the method, the status and Telegram's description.
 */
export type TelegramFailureKind = 'retry' | 'rate_limited' | 'permanent';

export class TelegramError extends Error {
  constructor(
    readonly kind: TelegramFailureKind,
    message: string,
    /** seconds Telegram asked us to wait (429) */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'TelegramError';
  }
}

export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; type: string };
    from?: { id: number; username?: string; language_code?: string };
  };
}

export interface TelegramPhoto {
  data: Buffer;
  contentType: string;
}

export interface TelegramClient {
  sendMessage(chatId: string, html: string): Promise<void>;
  sendPhoto(chatId: string, photo: TelegramPhoto, captionHtml: string): Promise<void>;
  getUpdates(
    offset: number,
    timeoutSeconds: number,
    signal?: AbortSignal,
  ): Promise<TelegramUpdate[]>;
}

const REQUEST_TIMEOUT_MS = 20_000;

interface ApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function createTelegramClient(options: {
  apiUrl: string;
  botToken: string;
}): TelegramClient {
  const base = `${trimTrailingSlashes(options.apiUrl)}/bot${options.botToken}`;

  async function call(
    method: string,
    body: FormData | Record<string, unknown>,
    timeoutMs = REQUEST_TIMEOUT_MS,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const isForm = body instanceof FormData;
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        ...(isForm ? {} : { headers: { 'content-type': 'application/json' } }),
        body: isForm ? body : JSON.stringify(body),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The fetch error may name the URL: keep only what kind of failure it was.
      const name = error instanceof Error ? error.name : 'Error';
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new TelegramError('retry', `Telegram ${method}: network error (${code ?? name})`);
    }
    let answer: ApiAnswer = {};
    try {
      answer = (await response.json()) as ApiAnswer;
    } catch {
      answer = {};
    }
    if (response.ok && answer.ok === true) return answer.result;
    const status = answer.error_code ?? response.status;
    const description = String(answer.description ?? response.statusText).slice(0, 200);
    const message = `Telegram ${method}: ${status} ${description}`;
    if (status === 429) {
      const retryAfter = Number(
        answer.parameters?.retry_after ?? response.headers.get('retry-after') ?? 1,
      );
      throw new TelegramError(
        'rate_limited',
        message,
        Number.isFinite(retryAfter) ? retryAfter : 1,
      );
    }
    throw new TelegramError(status >= 500 ? 'retry' : 'permanent', message);
  }

  return {
    async sendMessage(chatId, html) {
      await call('sendMessage', {
        chat_id: chatId,
        text: html,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
    },

    async sendPhoto(chatId, photo, captionHtml) {
      const form = new FormData();
      form.set('chat_id', chatId);
      form.set('caption', captionHtml);
      form.set('parse_mode', 'HTML');
      const extension = photo.contentType === 'image/png' ? 'png' : 'jpg';
      form.set('photo', new Blob([photo.data], { type: photo.contentType }), `frame.${extension}`);
      await call('sendPhoto', form);
    },

    async getUpdates(offset, timeoutSeconds, signal) {
      const result = await call(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        (timeoutSeconds + 10) * 1000,
        signal,
      );
      return Array.isArray(result) ? (result as TelegramUpdate[]) : [];
    },
  };
}
