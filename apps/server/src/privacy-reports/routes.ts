import type { FastifyInstance } from 'fastify';
import { DataReportBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { submitDataReport } from './service.js';

export function privacyReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/privacy/report', async (request) => {
    const user = await authenticate(ctx, request);
    return submitDataReport(ctx, user, parse(DataReportBody, request.body), request.ip);
  });
}
