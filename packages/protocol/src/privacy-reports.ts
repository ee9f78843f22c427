import { z } from 'zod';

/** Spec 3 §3: a data collection report is accepted at most this often per user (unless from a new device). */
export const DATA_REPORT_INTERVAL_DAYS = 7;

export const DATA_REPORT_TEXT = {
  dataCollectionOff: 'Data collection is turned off in your privacy settings',
} as const;

const text = (max: number) => z.string().trim().max(max);

/** What the client says about the device it runs on (spec 3 §3 device_info). */
export const DeviceInfo = z.object({
  platform: text(100),
  userAgent: text(500),
  language: text(35),
  screen: z.object({
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
  }),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** POST /privacy/report (spec 3 §7). */
export const DataReportBody = z.object({
  device_info: DeviceInfo,
  user_agent: text(500),
  timezone: text(64),
  language: text(35),
});
export type DataReportBody = z.infer<typeof DataReportBody>;

/**
 * The answer: `accepted` false when the user already sent one in the last 7 days from a device they
 * had reported from before (nothing stored; not an error, so the client need not handle one).
 */
export const DataReportAnswer = z.object({
  accepted: z.boolean(),
  /** Why it was stored: the first report, 7 days since the last one, or a device not reported from before. */
  reason: z.enum(['first', 'interval', 'new_device']).nullable(),
});
export type DataReportAnswer = z.infer<typeof DataReportAnswer>;
