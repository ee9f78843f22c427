import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  FavoriteGifBody,
  GIF_MAX_BYTES,
  GIF_TEXT,
  GifIdParams,
  GifNsfwBody,
  GifRenameBody,
  GifSearchQuery,
  GifTrendingQuery,
  IdParams,
  TEXT,
} from '@hearth/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { HttpError, parse } from '../http/errors.js';
import { fileRoute } from '../http/file-routes.js';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './favorites.js';
import { createGifProvider } from './providers/index.js';
import { pickerCall } from './search.js';
import {
  allGifs,
  deleteGif,
  gifByFile,
  gifsOf,
  ownGifs,
  renameGif,
  serveGif,
  setGifNsfw,
  uploadGif,
} from './user-gifs.js';

const FileNameParams = z.object({ name: z.string().max(100) });
const UserIdParams = z.object({ userId: IdParams.shape.id });

/** GIFs (spec 1 §7, spec 3 Custom GIFs): the picker's provider, favorites, and uploaded GIFs. */
export async function gifRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = createGifProvider(ctx.config, ctx.db);

  /* ---------- the picker: trending, search and categories from the configured provider ---------- */
  api.get('/gif/provider', async (request) => {
    await authenticate(ctx, request);
    return { provider: provider.name };
  });
  api.get('/gif/trending', async (request) => {
    const user = await authenticate(ctx, request);
    const { limit, pos } = parse(GifTrendingQuery, request.query);
    return pickerCall(ctx, user, GIF_TEXT.trendingFailed, () => provider.trending(limit, pos));
  });
  api.get('/gif/search', async (request) => {
    const user = await authenticate(ctx, request);
    const { q, limit, pos } = parse(GifSearchQuery, request.query);
    return pickerCall(ctx, user, GIF_TEXT.searchFailed, () => provider.search(q, limit, pos));
  });
  api.get('/gif/categories', async (request) => {
    const user = await authenticate(ctx, request);
    return { categories: await pickerCall(ctx, user, GIF_TEXT.categoriesFailed, () => provider.categories()) };
  });

  /* ---------- favorites ---------- */
  api.get('/gif/favorites', async (request) => listFavorites(ctx, await authenticate(ctx, request)));
  api.post('/gif/favorites', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { favorite, created } = await addFavorite(ctx, user, parse(FavoriteGifBody, request.body));
    return reply.code(created ? 201 : 200).send(favorite);
  });
  api.delete('/gif/favorites/:gifId', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await removeFavorite(ctx, user, parse(GifIdParams, request.params).gifId);
    return reply.code(204).send();
  });
  api.get('/gif/favorites/check/:gifId', async (request) => {
    const user = await authenticate(ctx, request);
    return { is_favorite: await isFavorite(ctx, user, parse(GifIdParams, request.params).gifId) };
  });

  /* ---------- uploaded GIFs ---------- */
  api.get('/gif/user', async (request) => ownGifs(ctx, await authenticate(ctx, request)));
  api.get('/gif/user/all', async (request) => {
    await authenticate(ctx, request);
    return allGifs(ctx);
  });
  // Uploaded GIFs are shared with the instance, so anyone signed in may look one up: by its author,
  // to draw :name: in that author's messages, and by its file, to know a linked GIF's NSFW flag.
  api.get('/gif/users/:userId', async (request) => {
    await authenticate(ctx, request);
    return gifsOf(ctx, parse(UserIdParams, request.params).userId);
  });
  api.get('/gif/files/:name', async (request) => {
    await authenticate(ctx, request);
    return gifByFile(ctx, parse(FileNameParams, request.params).name);
  });
  // Multipart for the upload alone. The file limit sits one byte above the spec's 10 MB, so the service
  // sees the file is too large and answers with the spec's text (after the type check, as the spec orders).
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: GIF_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });
    scope.post('/gif/upload', async (request, reply) => {
      const user = await authenticate(ctx, request);
      if (!request.isMultipart()) throw new HttpError(415, TEXT.uploadNotMultipart);
      return reply.code(201).send(await uploadGif(ctx, user, request.parts()));
    });
  });
  api.patch('/gif/gifs/user/:id/rename', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return renameGif(ctx, user, id, parse(GifRenameBody, request.body).name);
  });
  api.patch('/gif/gifs/user/:id/nsfw', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return setGifNsfw(ctx, user, id, parse(GifNsfwBody, request.body).is_nsfw);
  });
  api.delete('/gif/user/:id', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await deleteGif(ctx, user, parse(IdParams, request.params).id);
    return reply.code(204).send();
  });

  fileRoute(api, '/gif-files/:name', async (request, reply) =>
    serveGif(ctx, reply, parse(FileNameParams, request.params).name),
  );
}
