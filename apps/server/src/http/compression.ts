import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
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
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
