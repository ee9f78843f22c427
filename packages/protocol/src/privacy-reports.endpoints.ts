import type { Endpoint } from './endpoint-types.js';
import { DataReportAnswer, DataReportBody } from './privacy-reports.js';

/** Data collection reports. */
export const PRIVACY_REPORT_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/privacy/report',
    auth: 'user',
    status: 200,
    summary:
      "A data collection report (device_info, user_agent, timezone, language), stored with the user, username, address and time. Only when the caller's `data_collection_enabled` is on (403 'Data collection is turned off in your privacy settings' otherwise). Counted at most once every 7 days per user, or when it comes from a device (the access token's) the user has not reported from before: otherwise nothing is stored and the answer is `{ accepted: false, reason: null }` (200, not an error). `reason` says why one was stored: 'first', 'interval' or 'new_device'.",
    limits: ['writePerUser'],
    body: DataReportBody,
    answer: DataReportAnswer,
  },
];
