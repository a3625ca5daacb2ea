import type { FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The 200 answer is a text/event-stream whose events the response schema describes (for the
     * document only: the handler hijacks the reply and writes the events itself).
     */
    eventStream?: boolean;
  }
}

/** The 200 answer of an event-stream route, under its own media type; errors stay JSON. */
export function describeEventStream(
  routeSchema: FastifySchema | undefined,
  response: Record<string, unknown>,
): void {
  if (!routeSchema?.eventStream || !response[200]) return;
  const { description, ...schema } = response[200] as { description?: string };
  response[200] = {
    description: description ?? 'Server-sent events',
    content: { 'text/event-stream': { schema } },
  };
}
