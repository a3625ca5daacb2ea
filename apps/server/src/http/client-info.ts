import type { FastifyRequest } from 'fastify';
import type { Locale } from '@printdeck/shared';
import type { ClientInfo } from '../modules/auth/auth.service.js';
import { pickLocale } from '../mail/mail-templates.js';

/** request.ip honours X-Forwarded-For only for the configured proxy hops (TRUST_PROXY_HOPS). */
export function getClientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function getRequestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}
