import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT, AdminDataReportsAnswer } from '@hearth/protocol';
import { REPORT_NOT_FOUND } from '../src/admin/reports-service.js';
import { admin, api, server, serverForFile } from './test-server.js';

serverForFile();

const report = (language: string) => ({
  device_info: { platform: 'Linux x86_64', userAgent: 'Test/1.0', language, screen: { width: 1280, height: 720 } },
  user_agent: 'Test/1.0',
  timezone: 'Europe/Paris',
  language,
});

async function reports() {
  const res = await api.get('/admin/data-collection/reports', admin.token);
  expect(res.status).toBe(200);
  expect(AdminDataReportsAnswer.strict().parse(res.body)).toEqual(res.body);
  return res.body.reports as AdminDataReportsAnswer['reports'];
}

const audits = async (action: string) =>
  (
    await server.ctx.db.query<{ admin_id: number; target_user_id: number | null; details: Record<string, unknown> }>(
      'SELECT admin_id, target_user_id, details FROM admin_audit WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

describe('the Data Reports tab', () => {
  it('lists the reports newest first, deletes one, then all, auditing each', async () => {
    const alice = await api.person('alice');
    const bob = await api.person('bob');
    expect((await api.post('/privacy/report', report('fr-FR'), alice.token)).body.accepted).toBe(true);
    expect((await api.post('/privacy/report', report('en-GB'), bob.token)).body.accepted).toBe(true);

    const listed = await reports();
    expect(listed.map((r) => [r.username, r.language])).toEqual([
      [bob.username, 'en-GB'],
      [alice.username, 'fr-FR'],
    ]);
    expect(listed[1]).toEqual({
      id: expect.any(Number),
      user_id: alice.id,
      username: alice.username,
      device_info: report('fr-FR').device_info,
      user_agent: 'Test/1.0',
      ip_address: expect.stringMatching(/127\.0\.0\.1/),
      timezone: 'Europe/Paris',
      language: 'fr-FR',
      collected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const one = await api.delete(`/admin/data-collection/reports/${listed[1]!.id}`, admin.token);
    expect([one.status, one.body]).toEqual([200, { message: ADMIN_TEXT.reportsDeleted(1), deleted: 1 }]);
    expect((await reports()).map((r) => r.user_id)).toEqual([bob.id]);
    expect(await audits('delete_report')).toEqual([
      { admin_id: admin.id, target_user_id: alice.id, details: { report_id: listed[1]!.id } },
    ]);

    const again = await api.delete(`/admin/data-collection/reports/${listed[1]!.id}`, admin.token);
    expect([again.status, again.body]).toEqual([404, { detail: REPORT_NOT_FOUND }]);
    expect(await audits('delete_report')).toHaveLength(1);

    const all = await api.delete('/admin/data-collection/reports', admin.token);
    expect([all.status, all.body]).toEqual([200, { message: ADMIN_TEXT.reportsDeleted(1), deleted: 1 }]);
    expect(await reports()).toEqual([]);
    const none = await api.delete('/admin/data-collection/reports', admin.token);
    expect(none.body).toEqual({ message: ADMIN_TEXT.reportsDeleted(0), deleted: 0 });
    expect(await audits('delete_all_reports')).toEqual([
      { admin_id: admin.id, target_user_id: null, details: { deleted: 1 } },
      { admin_id: admin.id, target_user_id: null, details: { deleted: 0 } },
    ]);
  });
});
