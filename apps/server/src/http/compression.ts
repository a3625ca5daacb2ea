import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Answers held whole up to this size are compressed in one call on the event loop (brotli at
 * quality 4: 0.19 ms of CPU for devices-states' 53 kB, about 1 ms at this limit) rather than
 * through a zlib stream. On two cores the plugin streamed everything over 8 kB, and each
 * stream's brotli context (0.6 ms, megabytes of memory outside the heap while the answer is
 * in flight) set off garbage collections: 300 streamed answers, 4 collections and 58 ms; 300
 * compressed in one call, none (issue 31, docs/benchmarks.md). Larger answers still stream.
 */
const COMPRESS_IN_ONE_CALL_BYTES = 256 * 1024;
/**
 * JSON answers and text; never file downloads (octet-stream, G-code, video, images), which
 * keep their length and byte ranges, and never request bodies (no inflating uploads).
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream|x\.gcode)|[+/]json(?:;|$)|^application\/javascript|\+xml(?:;|$)/;

/**
 * Compresses API answers on the fly (brotli at quality 4, or gzip, by Accept-Encoding) and sets
 * Vary. Registered before the routes: the plugin attaches itself to each route as it is added.
 * The built web app is compressed at build time instead (web-app.ts serves those files).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
