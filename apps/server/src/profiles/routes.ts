import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  BioBody,
  NicknameBody,
  PROFILE_IMAGE_MAX_BYTES,
  PronounsBody,
  SocialLinksBody,
  TEXT,
  UsernameParams,
} from '@hearth/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { HttpError, parse } from '../http/errors.js';
import { fileRoute } from '../http/file-routes.js';
import { removeProfileImage, serveProfileImage, uploadProfileImage, type ProfileImageKind } from './profile-images.js';
import { announcePicture, profileByUsername, socialLinksFrom, updateProfile } from './service.js';

const KeyParams = z.object({ key: z.string().max(100) });

/** Profiles (spec 3 §7): reading anyone's, editing one's own, the picture and banner. */
export async function profileRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.get('/user/profile/:username', async (request) => {
    const user = await authenticate(ctx, request);
    return profileByUsername(ctx, user, parse(UsernameParams, request.params).username);
  });

  api.put('/user/update-nickname', async (request) => {
    const user = await authenticate(ctx, request);
    const { nickname } = parse(NicknameBody, request.body);
    return updateProfile(ctx, user, { nickname: nickname || null }, 'Nickname updated successfully!');
  });

  api.put('/user/update-pronouns', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(PronounsBody, request.body);
    const pronouns = body.pronouns || null;
    return updateProfile(
      ctx,
      user,
      {
        pronouns,
        // Colours without pronouns would colour nothing: they go with them.
        pronouns_bg_color: pronouns ? (body.pronouns_bg_color ?? null) : null,
        pronouns_text_color: pronouns ? (body.pronouns_text_color ?? null) : null,
      },
      'Pronouns updated successfully!',
    );
  });

  api.put('/user/update-bio', async (request) => {
    const user = await authenticate(ctx, request);
    const { bio } = parse(BioBody, request.body);
    return updateProfile(ctx, user, { bio: bio || null }, 'Bio updated successfully!');
  });

  api.put('/user/update-social-links', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(SocialLinksBody, request.body);
    return updateProfile(ctx, user, { social_links: socialLinksFrom(body) }, 'Social links updated successfully!');
  });

  // Multipart for the two upload routes alone; the limit sits just above the 10 MB the spec allows, so
  // the service can answer with the spec's text instead of the parser cutting the upload short.
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    const upload = (path: string, kind: ProfileImageKind, field: 'image_url' | 'banner_url') =>
      scope.post(path, async (request) => {
        const user = await authenticate(ctx, request);
        if (!request.isMultipart()) throw new HttpError(415, TEXT.uploadNotMultipart);
        const { url, usedBytes } = await uploadProfileImage(ctx, user, kind, await request.file());
        if (kind === 'avatar') await announcePicture(ctx, user.id);
        return { [field]: url, storage_info: { used_bytes: usedBytes } };
      });
    upload('/upload/profile-image', 'avatar', 'image_url');
    upload('/upload/profile-banner', 'banner', 'banner_url');
  });

  const remove = (path: string, kind: ProfileImageKind) =>
    api.delete(path, async (request) => {
      const user = await authenticate(ctx, request);
      const { usedBytes } = await removeProfileImage(ctx, user, kind);
      if (kind === 'avatar') await announcePicture(ctx, user.id);
      return { storage_info: { used_bytes: usedBytes } };
    });
  remove('/profile-image', 'avatar');
  remove('/profile-banner', 'banner');

  fileRoute(api, '/profile-images/:key', async (request, reply) =>
    serveProfileImage(ctx, reply, parse(KeyParams, request.params).key),
  );
}
