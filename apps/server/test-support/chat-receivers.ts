import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for ntfy, Discord and Slack that check the request shapes their documents
 * give and answer as the services do. Each records what it was sent and any shape problem
 * (`problems` must stay empty); tests queue answers (a 429 with Retry-After, a 5xx, a 4xx).
 *
 * - ntfy, "Publish as JSON" (https://docs.ntfy.sh/publish/#publish-as-json): POST to the
 *   server's root, JSON with `topic` (required), `message`, `title`, `tags` (array of strings),
 *   `priority` (1–5), `click` (URL); `Authorization: Bearer <token>` for a protected topic
 *   (https://docs.ntfy.sh/publish/#access-tokens). Answers 200 with the message as JSON.
 * - Discord, "Execute Webhook" (https://discord.com/developers/docs/resources/webhook#execute-webhook):
 *   POST /api/webhooks/{id}/{token}, JSON with at least one of `content` (≤ 2000),
 *   `embeds` (≤ 10; title ≤ 256, description ≤ 4096, color an integer); `?wait=true` answers
 *   200 with the message, else 204; over the limit 429 with `retry_after` in the body and a
 *   Retry-After header (https://discord.com/developers/docs/topics/rate-limits).
 * - Slack incoming webhooks (https://api.slack.com/messaging/webhooks): POST
 *   /services/T…/B…/…, JSON with `text` and/or `blocks` (each with a `type`); answers 200 `ok`,
 *   400 `invalid_payload`, 404 `no_service`, 429 with Retry-After
 *   (https://api.slack.com/apis/rate-limits).
 */
export interface ChatRequestSeen {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
}

export interface QueuedAnswer {
  status: number;
  retryAfterSeconds?: number;
  /** answer only after this many ms (a slow service) */
  delayMs?: number;
}

export type ChatService = 'ntfy' | 'discord' | 'slack';

const isString = (v: unknown): v is string => typeof v === 'string';

function checkNtfy(body: Record<string, unknown>, problems: string[]) {
  if (!isString(body.topic) || !/^[-_A-Za-z0-9]{1,64}$/.test(body.topic))
    problems.push('ntfy: topic');
  if (body.message !== undefined && !isString(body.message)) problems.push('ntfy: message');
  if (body.title !== undefined && !isString(body.title)) problems.push('ntfy: title');
  if (body.tags !== undefined && !(Array.isArray(body.tags) && body.tags.every(isString)))
    problems.push('ntfy: tags');
  if (
    body.priority !== undefined &&
    !(
      Number.isInteger(body.priority) &&
      (body.priority as number) >= 1 &&
      (body.priority as number) <= 5
    )
  )
    problems.push('ntfy: priority');
  if (body.click !== undefined && !(isString(body.click) && /^https?:\/\//.test(body.click)))
    problems.push('ntfy: click');
}

function checkDiscord(body: Record<string, unknown>, problems: string[]) {
  const embeds = body.embeds as Array<Record<string, unknown>> | undefined;
  if (body.content === undefined && embeds === undefined) problems.push('discord: empty');
  if (body.content !== undefined && !(isString(body.content) && body.content.length <= 2000))
    problems.push('discord: content');
  if (embeds !== undefined) {
    if (!Array.isArray(embeds) || embeds.length > 10) problems.push('discord: embeds');
    for (const embed of embeds ?? []) {
      if (embed.title !== undefined && !(isString(embed.title) && embed.title.length <= 256))
        problems.push('discord: embed title');
      if (
        embed.description !== undefined &&
        !(isString(embed.description) && embed.description.length <= 4096)
      )
        problems.push('discord: embed description');
      if (embed.color !== undefined && !Number.isInteger(embed.color))
        problems.push('discord: embed color');
    }
  }
}

function checkSlack(body: Record<string, unknown>, problems: string[]) {
  const blocks = body.blocks as Array<Record<string, unknown>> | undefined;
  if (!isString(body.text) && blocks === undefined) problems.push('slack: no text or blocks');
  if (blocks !== undefined && !(Array.isArray(blocks) && blocks.every((b) => isString(b.type))))
    problems.push('slack: blocks');
}

export async function startChatReceiver(service: ChatService, options: { token?: string } = {}) {
  const seen: ChatRequestSeen[] = [];
  const problems: string[] = [];
  const answers: QueuedAnswer[] = [];
  let nextId = 1;

  function pathOk(path: string): boolean {
    if (service === 'ntfy') return path === '/';
    if (service === 'discord') return /^\/api\/webhooks\/\d+\/[\w-]+$/.test(path);
    return /^\/services\/T\w+\/B\w+\/\w+$/.test(path);
  }

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      ...headers,
    });
    res.end(text);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      if (req.method !== 'POST' || !pathOk(url.pathname)) {
        problems.push(`${service}: ${req.method} ${url.pathname}`);
        return send(res, 404, service === 'slack' ? 'no_service' : { message: 'Unknown' });
      }
      if (!String(req.headers['content-type']).startsWith('application/json'))
        problems.push(`${service}: content-type`);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        problems.push(`${service}: not JSON`);
        return send(res, 400, service === 'slack' ? 'invalid_payload' : { message: 'bad JSON' });
      }
      seen.push({
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: Date.now(),
      });
      if (service === 'ntfy') checkNtfy(body, problems);
      if (service === 'discord') checkDiscord(body, problems);
      if (service === 'slack') checkSlack(body, problems);
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
        return send(res, 403, { code: 40301, http: 403, error: 'forbidden' });
      }
      const answer = answers.shift() ?? { status: 200 };
      const reply = () => {
        if (answer.status === 429) {
          const seconds = answer.retryAfterSeconds ?? 1;
          const headers = { 'retry-after': String(seconds) };
          if (service === 'discord')
            return send(
              res,
              429,
              { message: 'You are being rate limited.', retry_after: seconds, global: false },
              headers,
            );
          return send(
            res,
            429,
            service === 'slack'
              ? 'rate_limited'
              : { code: 42901, http: 429, error: 'limit reached' },
            headers,
          );
        }
        if (answer.status !== 200)
          return send(
            res,
            answer.status,
            service === 'slack' ? 'invalid_token' : { message: 'no' },
          );
        if (service === 'slack') return send(res, 200, 'ok');
        if (service === 'discord') {
          if (url.searchParams.get('wait') !== 'true') return send(res, 204, '');
          return send(res, 200, { id: String(nextId++), embeds: body.embeds ?? [] });
        }
        return send(res, 200, { id: String(nextId++), event: 'message', topic: body.topic });
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const url =
    service === 'ntfy'
      ? base
      : service === 'discord'
        ? `${base}/api/webhooks/1234567890/secret-token_abc`
        : `${base}/services/T000/B000/XXXXsecret`;
  return {
    url,
    seen,
    problems,
    answer(next: QueuedAnswer[]) {
      answers.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ChatReceiver = Awaited<ReturnType<typeof startChatReceiver>>;
