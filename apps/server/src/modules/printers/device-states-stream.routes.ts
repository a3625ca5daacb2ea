import type { ServerResponse } from 'node:http';
import type { Permission } from '@printdeck/shared';
import { IdParamSchema, StatesStreamEventSchema } from '@printdeck/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAuth } from '../../http/authentication.js';
import {
  STATES_STREAM_TIMING,
  createDeviceStatesStream,
  type StatesListener,
  type StatesStreamTiming,
} from './device-states-stream.js';
import type { PrintersService } from './printers.service.js';
import type { LiveDevices } from '../../gateway/live-devices.js';

/** A tab this far behind is closed (it reconnects and gets a snapshot), never buffered more. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export type StatesStreamOptions = Partial<StatesStreamTiming> & { maxBufferedBytes?: number };

/**
 * GET /api/groups/{g}/devices-states/stream/: the devices-states list as server-sent events
 * (issue 31). The same permission as the list; another workspace answers 404 before the stream
 * opens. Proxies: no compression (compression.ts), `X-Accel-Buffering: no`, a comment every
 * few seconds.
 */
export function registerDeviceStatesStreamRoutes(
  app: FastifyInstance,
  deps: {
    live: LiveDevices;
    printers: PrintersService;
    requireWorkspacePermission(
      userId: number,
      workspaceId: number,
      p: Permission,
    ): Promise<unknown>;
    isCredentialLive(request: FastifyRequest): Promise<boolean>;
    isInMaintenance(): boolean;
    options?: StatesStreamOptions;
  },
): void {
  const maxBufferedBytes = deps.options?.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const stream = createDeviceStatesStream({
    onAnyChange: (listener) => deps.live.onAnyChange(listener),
    readDeviceStates: (workspaceId) => deps.printers.readDeviceStates(workspaceId),
    timing: { ...STATES_STREAM_TIMING, ...deps.options },
    onError: (error) => app.log.error({ err: error }, 'printer states stream: read failed'),
    isInMaintenance: deps.isInMaintenance,
  });
  // every hijacked response, from the moment it is taken: one whose list was still being read
  // at close has no listener yet, and an open response would hold the server's close
  const openResponses = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    stream.closeAll();
    for (const raw of openResponses) raw.destroy();
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/groups/:g/devices-states/stream/', {
    config: { permission: 'VIEW_GROUP' },
    schema: {
      tags: ['printers'],
      summary:
        'Live state of every printer as server-sent events: a snapshot (or `unchanged` for the ' +
        'If-None-Match ETag), then `delta` events (version 2: only the changed values, by JSON ' +
        'Pointer) and `: ping` comments',
      params: z.strictObject({ g: IdParamSchema }),
      eventStream: true,
      response: { 200: StatesStreamEventSchema },
    },
    handler: async (request, reply) => {
      const { userId } = getAuth(request);
      const workspaceId = request.params.g;
      await deps.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      void reply.hijack();
      const raw = reply.raw;
      openResponses.add(raw);
      raw.on('close', () => openResponses.delete(raw));
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write('retry: 5000\n\n');
      let isClosed = false;
      raw.on('error', () => undefined); // a reset by the client ends the stream, nothing more
      const listener: StatesListener = {
        write(chunk) {
          if (isClosed) return false;
          raw.write(chunk);
          if (raw.writableLength <= maxBufferedBytes) return true;
          request.log.warn(
            { workspaceId, bufferedBytes: raw.writableLength },
            'printer states stream: a slow client closed',
          );
          return false;
        },
        close() {
          if (isClosed) return;
          isClosed = true;
          if (raw.writableLength > 0) raw.destroy();
          else raw.end();
        },
        isAllowed: async () =>
          (await deps.isCredentialLive(request)) &&
          (await deps.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP').then(
            () => true,
            () => false,
          )),
      };
      const etag = request.headers['if-none-match'] ?? null;
      const unsubscribe = await stream.subscribe(workspaceId, listener, etag).catch((error) => {
        request.log.error({ err: error }, 'printer states stream: could not open');
        listener.close();
        return () => undefined;
      });
      if (raw.destroyed || raw.writableEnded) unsubscribe();
      raw.on('close', () => {
        isClosed = true;
        unsubscribe();
      });
    },
  });
}
