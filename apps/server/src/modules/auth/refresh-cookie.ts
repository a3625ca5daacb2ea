import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  REFRESH_COOKIE_HEADER,
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  TOKEN_TTL,
  type TokenPair,
} from '@printdeck/shared';

/**
 * The browser keeps its refresh token in an HttpOnly, SameSite=Strict cookie scoped to the
 * refresh path (checklist C12), so no script can read it. The web app asks for this with a
 * custom header, which also makes every cookie-carrying call non-simple (CSRF, C37); API
 * clients without the header keep the body contract.
 */
export function wantsRefreshCookie(request: FastifyRequest): boolean {
  return request.headers[REFRESH_COOKIE_HEADER] === '1';
}

/** The refresh token from the cookie; only together with the custom header. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  if (!wantsRefreshCookie(request)) return undefined;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE_NAME) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function cookie(value: string, maxAgeSeconds: number, isSecure: boolean): string {
  return [
    `${REFRESH_COOKIE_NAME}=${encodeURIComponent(value)}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isSecure ? ['Secure'] : []),
  ].join('; ');
}

/** For a browser: the refresh token goes into the cookie and out of the body. */
export function sendTokenPair(
  request: FastifyRequest,
  reply: FastifyReply,
  pair: TokenPair,
  isSecure: boolean,
): TokenPair {
  if (!wantsRefreshCookie(request) || !pair.refresh) return pair;
  reply.header('set-cookie', cookie(pair.refresh, TOKEN_TTL.refreshSessionSeconds, isSecure));
  return { access: pair.access };
}

export function clearRefreshCookie(reply: FastifyReply, isSecure: boolean): void {
  reply.header('set-cookie', cookie('', 0, isSecure));
}
