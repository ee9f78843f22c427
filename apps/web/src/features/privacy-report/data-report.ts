import type { DataReportAnswer, DataReportBody, PrivacySettings } from '@hearth/protocol';
import type { Services } from '../../app/services';

interface Surroundings {
  navigator: Pick<Navigator, 'userAgent' | 'language' | 'platform'>;
  screen: Pick<Screen, 'width' | 'height'>;
  timezone: string;
}

const cut = (text: string | undefined, max: number) => (text ?? '').slice(0, max);
const whole = (n: number) => (Number.isFinite(n) ? Math.min(100_000, Math.max(0, Math.round(n))) : 0);

function browserSurroundings(): Surroundings {
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // No time zone known: sent empty.
  }
  return { navigator, screen, timezone };
}

/** The report (spec 3 §3 data collection report), within the lengths the server takes. */
export function collectDataReport(s: Surroundings = browserSurroundings()): DataReportBody {
  const language = cut(s.navigator.language, 35);
  const userAgent = cut(s.navigator.userAgent, 500);
  return {
    device_info: {
      platform: cut(s.navigator.platform, 100),
      userAgent,
      language,
      screen: { width: whole(s.screen.width), height: whole(s.screen.height) },
    },
    user_agent: userAgent,
    timezone: cut(s.timezone, 64),
    language,
  };
}

/**
 * Sends a data collection report when the user's data collection setting is on (POST /privacy/report);
 * the server decides whether it counts (7 days, or a new device). Never fails: a report is not worth
 * an error to the user.
 */
export async function sendDataReport(services: Pick<Services, 'http'>): Promise<DataReportAnswer | null> {
  try {
    const settings = await services.http.get<PrivacySettings>('/privacy/settings');
    if (!settings.data_collection_enabled) return null;
    return await services.http.post<DataReportAnswer>('/privacy/report', collectDataReport());
  } catch {
    return null;
  }
}
