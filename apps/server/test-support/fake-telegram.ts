import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), speaking its
 * documented protocol: `POST /bot<token>/<method>` with JSON or multipart/form-data, answers
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`. It knows
 * sendMessage, sendPhoto and getUpdates (long polling with offset confirmation); tests queue
 * failures (429 with retry_after, 5xx, 400) and updates, and read what was sent.
 */
export interface SentMessage {
  method: 'sendMessage' | 'sendPhoto';
  chat_id: string;
  /** text, or the photo's caption */
  text: string;
  parse_mode: string | undefined;
  photo: { size: number; type: string } | null;
  at: number;
}

export interface ApiCall {
  method: string;
  chat_id?: string;
  status: number;
  at: number;
}

type Failure = { status: number; description: string; retryAfter?: number };

export async function startFakeTelegram(token: string) {
  const sent: SentMessage[] = [];
  const calls: ApiCall[] = [];
  const failures: Failure[] = [];
  let isDown = false;
  const updates: Array<{ update_id: number; message: unknown }> = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  const pollers = new Set<() => void>();

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      }).formData();
      const params: Record<string, unknown> = {};
      form.forEach((value, key) => {
        // multipart/form-data turns every line break into CRLF (WHATWG "multipart/form-data
        // encoding algorithm"); Telegram reads both as a new line, so the fake gives back \n.
        params[key] =
          typeof value === 'string'
            ? value.replace(/\r\n/g, '\n')
            : { size: value.size, type: value.type, file: true };
      });
      return params;
    }
    return body.length ? (JSON.parse(body.toString()) as Record<string, unknown>) : {};
  }

  async function getUpdates(params: Record<string, unknown>, res: ServerResponse) {
    const offset = Number(params.offset ?? 0);
    // An update is confirmed (and forgotten) once getUpdates is called with a higher offset.
    while (updates.length && updates[0]!.update_id < offset) updates.shift();
    const deadline = Date.now() + Number(params.timeout ?? 0) * 1000;
    while (updates.length === 0 && Date.now() < deadline && !res.destroyed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0));
        pollers.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      pollers.clear();
    }
    if (!res.destroyed) reply(res, 200, { ok: true, result: updates.slice(0, 100) });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match || req.method !== 'POST') {
        return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      }
      const [, givenToken, method] = match as unknown as [string, string, string];
      const params = await readParams(req);
      if (givenToken !== token) {
        calls.push({ method, status: 401, at: Date.now() });
        return reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      }
      if (method === 'getUpdates') return getUpdates(params, res);
      if (method !== 'sendMessage' && method !== 'sendPhoto') {
        return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      }
      const failure = isDown ? { status: 502, description: 'Bad Gateway' } : failures.shift();
      if (failure) {
        calls.push({
          method,
          chat_id: String(params.chat_id),
          status: failure.status,
          at: Date.now(),
        });
        return reply(res, failure.status, {
          ok: false,
          error_code: failure.status,
          description: failure.description,
          ...(failure.retryAfter !== undefined && {
            parameters: { retry_after: failure.retryAfter },
          }),
        });
      }
      const isPhoto = method === 'sendPhoto';
      const photo = params.photo as { size: number; type: string } | undefined;
      if (!params.chat_id || (isPhoto ? !photo : !params.text)) {
        calls.push({ method, status: 400, at: Date.now() });
        return reply(res, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: message text is empty',
        });
      }
      calls.push({ method, chat_id: String(params.chat_id), status: 200, at: Date.now() });
      sent.push({
        method,
        chat_id: String(params.chat_id),
        text: String(isPhoto ? (params.caption ?? '') : params.text),
        parse_mode: params.parse_mode as string | undefined,
        photo: isPhoto && photo ? { size: photo.size, type: photo.type } : null,
        at: Date.now(),
      });
      const messageId = nextMessageId++;
      return reply(res, 200, {
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: 'private' },
        },
      });
    })().catch(() => reply(res, 500, { ok: false, error_code: 500, description: 'Internal' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    calls,
    /** the next send calls answer these failures, in order */
    failNext(...next: Failure[]) {
      failures.push(...next);
    },
    /** every send answers 502 until set back */
    setDown(down: boolean) {
      isDown = down;
    },
    /** a user writes to the bot in a private chat */
    pushMessage(
      chatId: number,
      text: string,
      from: { username?: string; language_code?: string } = {},
    ) {
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'Tester', ...from },
        },
      });
      for (const wake of pollers) wake();
    },
    pendingUpdates: () => updates.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of pollers) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
