import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { CUSTOM_EMOJI_MAX_BYTES, CustomEmojiListQuery, IdParams, TEXT, UpdateCustomEmojiBody } from '@hearth/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { HttpError, parse } from '../http/errors.js';
import { fileRoute } from '../http/file-routes.js';
import { sendRevalidatedJson } from '../http/revalidated-json.js';
import { serveEmojiImage } from './emoji-images.js';
import { deleteEmoji, listEmoji, updateEmoji, uploadEmoji } from './service.js';

const FileParams = z.object({ key: z.string().max(100) });

/** Custom emoji (spec 1 §7 "Emoji"): listing, uploading, changing and deleting them, and their pictures. */
export async function emojiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Both lists are fetched on every page load (messages render :name: from them) and seldom change:
  // revalidated, so an unchanged list costs a 304 instead of its whole body.
  api.get('/emoji/emojis', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const emojis = await listEmoji(ctx, user, parse(CustomEmojiListQuery, request.query).public === 'true');
    return sendRevalidatedJson(request, reply, emojis);
  });

  // Multipart for the upload alone. The file is cut one byte past 5 MB, so the service sees that it
  // is too large without reading more, and answers with the spec's text instead of the parser's 413
  // (throwFileSizeLimit off). Text fields are cut at a kilobyte, far past any name the rules allow.
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: CUSTOM_EMOJI_MAX_BYTES + 1,
        files: 1,
        fields: 8,
        parts: 9,
        fieldSize: 1024,
        headerPairs: 100,
      },
      throwFileSizeLimit: false,
    });
    scope.post('/emoji/emojis', async (request, reply) => {
      const user = await authenticate(ctx, request);
      if (!request.isMultipart()) throw new HttpError(415, TEXT.uploadNotMultipart);
      return reply.code(201).send(await uploadEmoji(ctx, user, request.parts()));
    });
  });

  api.put('/emoji/emojis/:id', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return updateEmoji(ctx, user, id, parse(UpdateCustomEmojiBody, request.body));
  });

  api.delete('/emoji/emojis/:id', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await deleteEmoji(ctx, user, parse(IdParams, request.params).id);
    return reply.code(204).send();
  });

  fileRoute(api, '/emoji/images/:key', async (request, reply) =>
    serveEmojiImage(ctx, reply, parse(FileParams, request.params).key),
  );
}
