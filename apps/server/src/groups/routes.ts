import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CategoryQuery,
  ChannelQuery,
  CreateCategoryBody,
  CreateChannelBody,
  CreateGroupBody,
  GroupIdParams,
  GroupUserParams,
  IdParams,
  PutPermissionsBody,
  RenameCategoryBody,
  RenameGroupBody,
  UpdateChannelBody,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { requireAdmin } from './access.js';
import { parse } from '../http/errors.js';
import * as groups from './groups-service.js';
import * as categories from './categories-service.js';
import * as channels from './channels-service.js';
import * as permissions from './permissions-service.js';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The admin making a state-changing call, counted against the per-user write limit. Checked before
   * the body is parsed, so a non-admin learns only that they may not, whatever they sent.
   */
  const admin = async (request: FastifyRequest) => {
    const user = await authenticate(ctx, request);
    requireAdmin(user);
    return user;
  };
  const id = (request: FastifyRequest) => parse(IdParams, request.params).id;

  app.get('/group', async (request) => groups.listGroups(ctx, await authenticate(ctx, request)));
  app.post('/group', async (request, reply) => {
    const user = await admin(request);
    const body = parse(CreateGroupBody, request.body);
    return reply.code(201).send(await groups.createGroup(ctx, user, body.name, body.icon ?? null));
  });
  app.patch('/group/:id', async (request) => {
    const user = await admin(request);
    return groups.renameGroup(ctx, user, id(request), parse(RenameGroupBody, request.body).name);
  });
  app.delete('/group/:id', async (request, reply) => {
    await groups.deleteGroup(ctx, await admin(request), id(request));
    return reply.code(204).send();
  });

  app.get('/category', async (request) => {
    const user = await authenticate(ctx, request);
    return categories.listCategories(ctx, user, parse(CategoryQuery, request.query).group_id);
  });
  app.post('/category', async (request, reply) => {
    const user = await admin(request);
    const body = parse(CreateCategoryBody, request.body);
    return reply.code(201).send(await categories.createCategory(ctx, user, body.name, body.group_id));
  });
  app.patch('/category/:id', async (request) => {
    const user = await admin(request);
    return categories.renameCategory(ctx, user, id(request), parse(RenameCategoryBody, request.body).name);
  });
  app.delete('/category/:id', async (request, reply) => {
    await categories.deleteCategory(ctx, await admin(request), id(request));
    return reply.code(204).send();
  });

  const listChannels = async (request: FastifyRequest) => {
    const user = await authenticate(ctx, request);
    return channels.listChannels(ctx, user, parse(ChannelQuery, request.query).group_id);
  };
  app.get('/channel', listChannels);
  app.get('/channel/', listChannels);
  app.get('/channel/:id', async (request) => channels.getChannel(ctx, await authenticate(ctx, request), id(request)));
  app.post('/channel', async (request, reply) => {
    const user = await admin(request);
    return reply.code(201).send(await channels.createChannel(ctx, user, parse(CreateChannelBody, request.body)));
  });
  app.patch('/channel/:id', async (request) => {
    const user = await admin(request);
    return channels.updateChannel(ctx, user, id(request), parse(UpdateChannelBody, request.body));
  });
  app.delete('/channel/:id', async (request, reply) => {
    await channels.deleteChannel(ctx, await admin(request), id(request));
    return reply.code(204).send();
  });

  app.get('/user/group-permissions/:group_id', async (request) => {
    const user = await authenticate(ctx, request);
    return permissions.myGroupPermissions(ctx, user, parse(GroupIdParams, request.params).group_id);
  });
  app.get('/admin/groups/:id/permissions', async (request) => {
    const user = await authenticate(ctx, request);
    return permissions.listGroupPermissions(ctx, user, id(request));
  });
  app.get('/admin/groups/:id/permissions/:userId', async (request) => {
    const user = await authenticate(ctx, request);
    const p = parse(GroupUserParams, request.params);
    return permissions.getUserGroupPermissions(ctx, user, p.id, p.userId);
  });
  app.put('/admin/groups/:id/permissions/:userId', async (request) => {
    const user = await admin(request);
    const p = parse(GroupUserParams, request.params);
    const body = parse(PutPermissionsBody, request.body);
    return permissions.setUserGroupPermissions(ctx, user, p.id, p.userId, body.permissions);
  });
}
