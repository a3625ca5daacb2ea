import type { FastifyInstance } from 'fastify';

const APP_CSP = [
  "default-src 'self'",
  // Telegram's Login Widget: its script, and the frame it opens for the person to confirm.
  "script-src 'self' https://telegram.org",
  'frame-src https://oauth.telegram.org',
  // Mantine writes its CSS variables in style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Headers for every answer (checklist C35); the CSP applies to the web app, not the API docs. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!request.url.startsWith('/api/')) reply.header('content-security-policy', APP_CSP);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
