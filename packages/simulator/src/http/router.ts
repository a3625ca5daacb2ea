import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestUrl } from './body.js';
import { HttpError } from './errors.js';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Named segments (":name") and the tail ("*" as `rest`), URL-decoded. */
  params: Record<string, string>;
}

export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

export interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: RouteHandler;
}

/** `route('GET', '/api/files/:location/*', handler)`. */
export function route(method: string, path: string, handler: RouteHandler): Route {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('rest');
        return '(.+)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // eslint-disable-next-line security/detect-non-literal-regexp -- built from route literals in code, literal segments escaped above
  return { method, pattern: new RegExp(`^${source}/?$`), names, handler };
}

/**
 * Finds the route for a request: 404 when no path matches, 405 when the path exists for other
 * methods. `notFound` lets a protocol word the 404 its own way.
 */
export async function dispatch(
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  notFound = 'Not Found',
): Promise<void> {
  const url = requestUrl(req);
  let pathMatched = false;
  for (const candidate of routes) {
    const match = candidate.pattern.exec(url.pathname);
    if (!match) continue;
    pathMatched = true;
    if (candidate.method !== req.method) continue;
    const params: Record<string, string> = {};
    candidate.names.forEach((name, index) => {
      params[name] = safeDecode(match[index + 1] as string);
    });
    await candidate.handler({ req, res, url, params });
    return;
  }
  throw pathMatched ? new HttpError(405, 'Method Not Allowed') : new HttpError(404, notFound);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, 'Malformed path');
  }
}
