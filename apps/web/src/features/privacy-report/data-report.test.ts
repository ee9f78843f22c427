import { describe, expect, it, vi } from 'vitest';
import { DataReportBody } from '@hearth/protocol';
import { collectDataReport, sendDataReport } from './data-report';

describe('the data collection report', () => {
  it('describes the browser within the lengths the server takes', () => {
    const body = collectDataReport({
      navigator: { userAgent: 'U'.repeat(900), language: 'en-GB', platform: 'Linux x86_64' },
      screen: { width: 1920.4, height: Number.NaN },
      timezone: 'Europe/London',
    });
    expect(DataReportBody.parse(body)).toEqual(body);
    expect(body.device_info).toEqual({
      platform: 'Linux x86_64',
      userAgent: 'U'.repeat(500),
      language: 'en-GB',
      screen: { width: 1920, height: 0 },
    });
    expect(body).toMatchObject({ user_agent: 'U'.repeat(500), timezone: 'Europe/London', language: 'en-GB' });
  });

  it('is sent only when data collection is on, and never throws', async () => {
    const post = vi.fn().mockResolvedValue({ accepted: true, reason: 'first' });
    const on = { get: vi.fn().mockResolvedValue({ data_collection_enabled: true }), post };
    expect(await sendDataReport({ http: on as never })).toEqual({ accepted: true, reason: 'first' });
    expect(post).toHaveBeenCalledWith('/privacy/report', expect.objectContaining({ language: expect.any(String) }));

    post.mockClear();
    const off = { get: vi.fn().mockResolvedValue({ data_collection_enabled: false }), post };
    expect(await sendDataReport({ http: off as never })).toBeNull();
    expect(post).not.toHaveBeenCalled();

    const down = { get: vi.fn().mockRejectedValue(new Error('offline')), post };
    expect(await sendDataReport({ http: down as never })).toBeNull();
  });
});
