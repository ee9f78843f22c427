import type { AdminDataReport } from '@hearth/protocol';

/**
 * The device column of a data report: its platform and screen size, from `device_info` as the client
 * sent it (spec 3 §3: platform, userAgent, language, screen). Anything missing is left out.
 */
export function reportDevice(report: Pick<AdminDataReport, 'device_info'>): string {
  const info = (report.device_info ?? {}) as { platform?: unknown; screen?: { width?: unknown; height?: unknown } };
  const parts: string[] = [];
  if (typeof info.platform === 'string' && info.platform) parts.push(info.platform);
  const { width, height } = info.screen ?? {};
  if (typeof width === 'number' && typeof height === 'number') parts.push(`${width}×${height}`);
  return parts.join(', ') || 'Unknown';
}
