import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Answers smaller than this are sent as they are: they fit one TCP segment either way, and the
 * encoding's own framing would eat most of what compressing saves.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the JSON answers of the scope it is registered in (the API), brotli or gzip, as the
 * client accepts. Registered inside the API scope only: the web client's files were compressed at
 * build time (see web-client.ts), and the live connection on /ws is an upgrade that never reaches
 * Fastify's routes.
 */
export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Answers up to 64 KB (a page of history is 15-30 KB) are compressed in one synchronous call
    // (about 0.05 ms for a page) instead of through a zlib stream on the thread pool, whose setup
    // and scheduling cost about 0.5 ms per answer. The plugin's default on a two-core host is 8 KB.
    syncThreshold: 64 * 1024,
    // zstd would be picked on newer Node versions when a browser offers it; two encodings are
    // enough and keep answers the same on every Node version. Brotli stays at the plugin's quality 4:
    // per request, 11 costs far more time than the few bytes it saves.
    encodings: ['br', 'gzip'],
    // Request bodies stay plain JSON: no client sends compressed bodies, and decompressing them would
    // only let a small upload expand into a large one.
    globalDecompression: false,
  });
}
