import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy. `reportingOrigins`: the error-reporting and analytics services the
 * server's environment names (spec part 1 §2, §8), the only other places the app may call.
 */
function buildAppCsp(reportingOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    // Telegram's Login Widget: its script, and the frame it opens for the person to confirm.
    "script-src 'self' https://telegram.org",
    'frame-src https://oauth.telegram.org',
    // Mantine writes its CSS variables in style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    ["connect-src 'self'", ...reportingOrigins].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Headers for every answer (checklist C35); the CSP applies to the web app, not the API docs. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  reportingOrigins: readonly string[] = [],
): void {
  const appCsp = buildAppCsp(reportingOrigins);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!request.url.startsWith('/api/')) reply.header('content-security-policy', appCsp);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
