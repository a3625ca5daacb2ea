import { HttpError } from '../http/errors.js';
import { pythonJson, sendPythonJson } from './python-json.js';
import { sendEmpty, sendJsonText } from '../http/respond.js';
import { route, type Route } from '../http/router.js';
import { requireKey } from './auth.js';
import { sendCommands } from './commands.js';
import type { OctoPrintContext } from './context.js';
import { historyPoint, statePayload, temperaturePayload } from './payloads.js';
import { readJson, requireOperational } from './request.js';

const DEFAULT_HISTORY_LIMIT = 300;

/** OctoPrint's default afterPrintCancelled, the one script worth naming (A.4). */
const SCRIPTS: Record<string, string[]> = {
  afterPrintCancelled: ['M84', 'M104 T0 S0', 'M140 S0', 'M106 S0'],
  afterPrintDone: [],
  beforePrintStarted: [],
  afterPrinterConnected: [],
};

/** Reading state and temperatures, raw commands, and the last error (A.3.3, A.3.7). */
export function printerRoutes(ctx: OctoPrintContext): Route[] {
  return [
    route('GET', '/api/printer', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      requireOperational(ctx);
      const exclude = new Set((url.searchParams.get('exclude') ?? '').split(','));
      const body: Record<string, unknown> = {};
      if (!exclude.has('temperature')) body.temperature = temperatures(ctx, url, ['tool0', 'bed']);
      if (!exclude.has('state')) body.state = statePayload(ctx);
      sendJsonText(res, 200, pythonJson(body));
    }),
    route('GET', '/api/printer/tool', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      requireOperational(ctx);
      sendJsonText(res, 200, pythonJson(temperatures(ctx, url, ['tool0'])));
    }),
    route('GET', '/api/printer/bed', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      requireOperational(ctx);
      sendJsonText(res, 200, pythonJson(temperatures(ctx, url, ['bed'])));
    }),
    route('POST', '/api/printer/command', async (rc) => {
      requireKey(ctx, rc.req, rc.url);
      requireOperational(ctx);
      sendCommands(ctx, commandLines(await readJson(ctx, rc)));
      sendEmpty(rc.res);
    }),
    route('GET', '/api/printer/error', ({ req, res, url }) => {
      requireKey(ctx, req, url);
      const error = ctx.connection.error;
      sendPythonJson(
        res,
        200,
        error
          ? {
              error,
              reason: 'firmware',
              consequence: 'disconnect',
              faq: 'firmware-error',
              logs: [],
            }
          : { error: '', reason: '' },
      );
    }),
  ];
}

/** `temperature` keyed by heater, plus `history` when asked for (A.3.3). */
function temperatures(ctx: OctoPrintContext, url: URL, keys: string[]): Record<string, unknown> {
  const current = temperaturePayload(ctx);
  const body: Record<string, unknown> = {};
  for (const key of keys) body[key] = current[key];
  if (url.searchParams.get('history') === 'true') {
    const limit = Number(url.searchParams.get('limit') ?? DEFAULT_HISTORY_LIMIT);
    const count = Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_HISTORY_LIMIT;
    body.history = ctx.printer.history
      .all()
      .slice(-count)
      .map((sample) => {
        const point = historyPoint(sample);
        return Object.fromEntries(
          Object.entries(point).filter(([k]) => k === 'time' || keys.includes(k)),
        );
      });
  }
  return body;
}

function commandLines(data: Record<string, unknown>): string[] {
  const has = (key: string) => data[key] !== undefined;
  if (has('command') && has('commands')) {
    throw new HttpError(400, "'command' and 'commands' are mutually exclusive");
  }
  const parameters = data.parameters;
  const substitute = (line: string) =>
    typeof parameters === 'object' && parameters !== null
      ? line.replace(/%\((\w+)\)[sdif]/g, (whole, name: string) =>
          Object.hasOwn(parameters, name)
            ? String((parameters as Record<string, unknown>)[name])
            : whole,
        )
      : line;
  if (has('script')) {
    const name = data.script;
    const lines = typeof name === 'string' && Object.hasOwn(SCRIPTS, name) ? SCRIPTS[name] : null;
    if (!lines) throw new HttpError(404, `Unknown script: ${String(data.script)}`);
    return lines;
  }
  if (typeof data.command === 'string') return [substitute(data.command)];
  if (Array.isArray(data.commands) && data.commands.every((c) => typeof c === 'string')) {
    return (data.commands as string[]).map(substitute);
  }
  throw new HttpError(400, 'Need either a single command, a list of commands or a script');
}
