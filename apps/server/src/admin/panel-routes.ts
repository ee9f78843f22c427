import type { FastifyInstance } from 'fastify';
import { AnnouncementBody, IdParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { sendAnnouncement } from './announcements.js';
import { deleteAllReports, deleteReport, listReports } from './reports-service.js';
import { storageList } from './storage-list.js';
import { recalculateAllStorage, recalculateUserStorage } from './storage-recalculate.js';
import { restartCoturn } from './system-coturn.js';
import { systemResources } from './system-resources.js';
import { cleanupVoiceSessions, voiceSessionsDebug } from './system-voice.js';

/** The admin panel's Storage, Announcements, System and Data Reports tabs (spec 3 §2, §7 Admin). */
export function adminPanelRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/admin/users/storage', async (request) => storageList(ctx, await authenticate(ctx, request)));

  api.post('/admin/recalculate-storage/:id', async (request) => {
    const admin = await authenticate(ctx, request);
    return recalculateUserStorage(ctx, admin, parse(IdParams, request.params).id);
  });

  api.post('/admin/recalculate-all-storage', async (request) =>
    recalculateAllStorage(ctx, await authenticate(ctx, request)),
  );

  api.post('/admin/guardian/send-announcement', async (request) => {
    const admin = await authenticate(ctx, request);
    return sendAnnouncement(ctx, admin, parse(AnnouncementBody, request.body));
  });

  api.get('/admin/system/resources', async (request) => systemResources(ctx, await authenticate(ctx, request)));

  api.post('/admin/coturn/restart', async (request) => restartCoturn(ctx, await authenticate(ctx, request)));

  api.post('/admin/voice/cleanup-sessions', async (request) =>
    cleanupVoiceSessions(ctx, await authenticate(ctx, request)),
  );

  api.get('/admin/voice/sessions/debug', async (request) => voiceSessionsDebug(ctx, await authenticate(ctx, request)));

  api.get('/admin/data-collection/reports', async (request) => listReports(ctx, await authenticate(ctx, request)));

  api.delete('/admin/data-collection/reports/:id', async (request) => {
    const admin = await authenticate(ctx, request);
    return deleteReport(ctx, admin, parse(IdParams, request.params).id);
  });

  api.delete('/admin/data-collection/reports', async (request) =>
    deleteAllReports(ctx, await authenticate(ctx, request)),
  );
}
