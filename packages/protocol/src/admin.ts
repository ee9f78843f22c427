import { z } from 'zod';
import { Id, UserText } from './common.js';
import { MESSAGE_MAX_LENGTH } from './constants.js';
import { Email } from './users.js';
import { ADMIN_EMAIL_PATTERN, ADMIN_TEXT } from './admin-rules.js';

/**
 * The admin panel's calls (spec 3 §2 Admin panel, §7 Admin) and the session lifecycle events they
 * cause (spec 3 §4: suspension, termination). Every /admin route answers 403 'Admin privileges required'
 * to anyone whose role is not ADMIN.
 */

// The numbers and texts, zod-free for the web client (package.json exports './admin-rules').
export * from './admin-rules.js';

/* ---------- users ---------- */

/** A row of GET /admin/users (Guardian and SYSTEM accounts are never listed). */
export const AdminUser = z.object({
  id: z.number(),
  username: z.string(),
  role: z.string(),
  is_suspended: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersAnswer = z.object({ users: z.array(AdminUser) });
export type AdminUsersAnswer = z.infer<typeof AdminUsersAnswer>;

/** GET /admin/users/{id}/activity (spec 3 §3 User activity). */
export const UserActivity = z.object({
  user_id: z.number(),
  username: z.string(),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  last_login_device: z.string().nullable(),
  is_suspended: z.boolean(),
  suspend_reason: z.string().nullable(),
});
export type UserActivity = z.infer<typeof UserActivity>;

/**
 * Spec 3 §5's pattern (ADMIN_EMAIL_PATTERN, for the dialog) with the account's own rules on top, the
 * same text: an address an admin sets is mailed like one the user sets, so it must not carry what a
 * mail library reads as a display name or a list (see EMAIL_PATTERN).
 */
export const AdminSetEmailBody = z.object({ email: Email.regex(ADMIN_EMAIL_PATTERN, ADMIN_TEXT.invalidEmail) });
export type AdminSetEmailBody = z.infer<typeof AdminSetEmailBody>;

export const SuspendBody = z.object({
  reason: UserText(ADMIN_TEXT.reasonEmpty).trim().min(1, ADMIN_TEXT.reasonEmpty).max(500),
});
export type SuspendBody = z.infer<typeof SuspendBody>;

/** The answer of an admin action on a user: the success text, and the user as they are now. */
export const AdminUserActionAnswer = z.object({ message: z.string(), user: AdminUser });
export type AdminUserActionAnswer = z.infer<typeof AdminUserActionAnswer>;

/* ---------- storage ---------- */

export const AdminStorageRow = z.object({
  user_id: z.number(),
  username: z.string(),
  role: z.string(),
  storage_used: z.number().describe('bytes: the sum of the sizes of the files the user stored'),
  storage_limit: z.number().describe('bytes'),
  storage_used_formatted: z.string(),
  storage_limit_formatted: z.string(),
  storage_available_formatted: z.string(),
  storage_percentage: z.number().describe('used of limit, one decimal'),
});
export type AdminStorageRow = z.infer<typeof AdminStorageRow>;

export const AdminStorageAnswer = z.object({ users: z.array(AdminStorageRow) });
export type AdminStorageAnswer = z.infer<typeof AdminStorageAnswer>;

export const RecalculateUserStorageAnswer = z.object({
  user_id: z.number(),
  username: z.string(),
  actual_usage: z.number(),
  actual_usage_formatted: z.string(),
  difference: z.number().describe('signed bytes: actual minus what was recorded'),
  message: z.string(),
});
export type RecalculateUserStorageAnswer = z.infer<typeof RecalculateUserStorageAnswer>;

export const RecalculateAllStorageAnswer = z.object({ message: z.string(), users: z.number() });
export type RecalculateAllStorageAnswer = z.infer<typeof RecalculateAllStorageAnswer>;

/* ---------- announcements ---------- */

export const AnnouncementBody = z.object({
  title: UserText('Title cannot be empty').trim().min(1, 'Title cannot be empty').max(200),
  content: UserText('Content cannot be empty')
    .max(MESSAGE_MAX_LENGTH - 210)
    .trim()
    .min(1, 'Content cannot be empty'),
  message_type: z.literal('admin_announcement').optional(),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBody>;

export const AnnouncementAnswer = z.object({ message: z.string(), sent_count: z.number() });
export type AnnouncementAnswer = z.infer<typeof AnnouncementAnswer>;

/* ---------- system ---------- */

export const SystemResources = z.object({
  cpu: z.object({
    usage_percent: z.number(),
    cores_physical: z.number(),
    cores_logical: z.number(),
    frequency: z.object({ current: z.number().describe('MHz') }),
  }),
  memory: z.object({
    usage_percent: z.number(),
    used_formatted: z.string(),
    total_formatted: z.string(),
    available_formatted: z.string(),
  }),
  disk: z.object({
    usage_percent: z.number(),
    used_formatted: z.string(),
    total_formatted: z.string(),
    free_formatted: z.string(),
    io: z.object({ read_bytes_formatted: z.string(), write_bytes_formatted: z.string() }),
  }),
  network: z.object({
    bytes_sent_formatted: z.string(),
    bytes_recv_formatted: z.string(),
    packets_sent: z.number().describe('0 where the system does not count packets (they are read on Linux only)'),
    packets_recv: z.number(),
    connections: z.number().describe("live connections to the answering server node (the gateway's)"),
  }),
  system: z.object({
    platform: z.string(),
    architecture: z.string(),
    processor: z.string(),
    uptime_formatted: z.string(),
    process_count: z.number(),
    boot_time: z.string(),
  }),
  coturn: z.object({
    status: z
      .string()
      .describe(
        "'running', 'stopped' (the server's own coturn), 'external' (TURN_URLS), 'not_installed' or 'disabled' (LOCAL_COTURN=false)",
      ),
    process_count: z.number(),
    config_exists: z.boolean(),
    config_path: z.string().nullable(),
    service_status: z.string(),
    last_checked: z.string(),
    error: z.string().nullable(),
  }),
  backup: z.object({
    last_taken_at: z
      .string()
      .nullable()
      .describe('when the data of the newest `npm run backup` archive was taken (ISO 8601); null: none yet'),
  }),
});
export type SystemResources = z.infer<typeof SystemResources>;

/** POST /admin/coturn/restart and POST /admin/voice/cleanup-sessions. */
export const AdminOperationAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
});
export type AdminOperationAnswer = z.infer<typeof AdminOperationAnswer>;

export const VoiceSessionsDebug = z.object({
  success: z.boolean(),
  total_sessions: z.number(),
  active_sessions: z.number(),
  active_by_channel: z.record(z.string(), z.number()).describe('channel id → connected people in it'),
});
export type VoiceSessionsDebug = z.infer<typeof VoiceSessionsDebug>;

/* ---------- data reports ---------- */

export const AdminDataReport = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  username: z.string(),
  device_info: z.unknown(),
  user_agent: z.string(),
  ip_address: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
  collected_at: z.string(),
});
export type AdminDataReport = z.infer<typeof AdminDataReport>;

export const AdminDataReportsAnswer = z.object({ reports: z.array(AdminDataReport) });
export type AdminDataReportsAnswer = z.infer<typeof AdminDataReportsAnswer>;

export const DeleteReportsAnswer = z.object({ message: z.string(), deleted: z.number() });
export type DeleteReportsAnswer = z.infer<typeof DeleteReportsAnswer>;

/* ---------- audit ---------- */

export const AUDIT_ACTIONS = [
  'promote',
  'demote',
  'set_email',
  'suspend',
  'unsuspend',
  'delete_user',
  'guardian_message',
  'announcement',
  'recalculate_storage',
  'recalculate_all_storage',
  'app_version',
  'coturn_restart',
  'voice_cleanup',
  'delete_report',
  'delete_all_reports',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: z.number(),
  admin_id: z.number().nullable(),
  admin_username: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_user_id: z.number().nullable(),
  target_username: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  before: Id.optional().describe('entries older than this id (paging)'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AuditLogAnswer = z.object({ entries: z.array(AuditEntry) });
export type AuditLogAnswer = z.infer<typeof AuditLogAnswer>;

/* ---------- live events ---------- */

/** To every connection of a user an admin suspended; the connections are then closed. */
export const SuspendedEvent = z.object({ reason: z.string(), message: z.string() });
/** To every connection of a user an admin deleted; the connections are then closed. */
export const AccountTerminatedEvent = z.object({ message: z.string() });
