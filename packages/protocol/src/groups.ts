import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  VOICE_BITRATES,
  VOICE_BITRATE_DEFAULT,
  VOICE_MAX_PARTICIPANTS_DEFAULT,
  VOICE_MAX_PARTICIPANTS_MAX,
  VOICE_MAX_PARTICIPANTS_MIN,
} from './constants.js';
import { TEXT } from './texts.js';
import { BodyId, Id, IsoDate, Name, UserText } from './common.js';
import { Role } from './users.js';

export const Group = z.object({
  id: z.number(),
  name: z.string(),
  icon: z
    .string()
    .nullable()
    .describe(
      "an uploaded icon's address (/api/group-icons/…), else what the group was created with (null, or short text)",
    ),
  created_at: IsoDate,
});
export type Group = z.infer<typeof Group>;

export const CreateGroupBody = z.object({
  name: Name(TEXT.nameRequired, NAME_MAX),
  icon: UserText().max(2048).nullable().optional(),
});
export const RenameGroupBody = z.object({ name: Name(TEXT.nameRequired, NAME_MAX) });

/** POST /group/{id}/upload-icon: the stored icon's address (also the group's `icon` now), and the group. */
export const GroupIconAnswer = z.object({ icon_url: z.string(), group: Group });

export const Category = z.object({
  id: z.number(),
  name: z.string(),
  group_id: z.number(),
  position: z.number(),
  created_at: IsoDate,
});
export type Category = z.infer<typeof Category>;

export const CategoryQuery = z.object({ group_id: Id.optional() });
/** A group id that must be present: a missing one gets the spec's 'Please select a group'. */
const RequiredGroupId = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', TEXT.groupRequired)
  .pipe(BodyId);

export const CreateCategoryBody = z.object({
  name: Name(TEXT.nameRequired, NAME_MAX),
  group_id: RequiredGroupId,
});
export const RenameCategoryBody = z.object({ name: Name(TEXT.nameRequired, NAME_MAX) });

export const ChannelType = z.enum(['text', 'voice']);
export type ChannelType = z.infer<typeof ChannelType>;

const MaxParticipants = z
  .number({ error: 'max_participants must be a number from 1 to 50' })
  .int('max_participants must be a number from 1 to 50')
  .min(VOICE_MAX_PARTICIPANTS_MIN, 'max_participants must be a number from 1 to 50')
  .max(VOICE_MAX_PARTICIPANTS_MAX, 'max_participants must be a number from 1 to 50');

const Bitrate = z
  .number({ error: 'bitrate must be one of 32000, 64000, 96000, 128000' })
  .refine(
    (v) => (VOICE_BITRATES as readonly number[]).includes(v),
    'bitrate must be one of 32000, 64000, 96000, 128000',
  );

export const Channel = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  channel_type: ChannelType,
  group_id: z.number(),
  category_id: z.number().nullable(),
  max_participants: z.number(),
  bitrate: z.number(),
  position: z.number(),
  created_at: IsoDate,
});
export type Channel = z.infer<typeof Channel>;

export const ChannelQuery = z.object({ group_id: Id.optional() });

export const CreateChannelBody = z.object({
  name: Name(TEXT.nameRequired, NAME_MAX),
  description: UserText().trim().max(DESCRIPTION_MAX).nullable().optional(),
  channel_type: ChannelType.default('text'),
  group_id: RequiredGroupId,
  category_id: BodyId.nullable().optional(),
  max_participants: MaxParticipants.default(VOICE_MAX_PARTICIPANTS_DEFAULT),
  bitrate: Bitrate.default(VOICE_BITRATE_DEFAULT),
});
export type CreateChannelBody = z.infer<typeof CreateChannelBody>;

export const UpdateChannelBody = z.object({
  name: Name(TEXT.nameRequired, NAME_MAX).optional(),
  description: UserText().trim().max(DESCRIPTION_MAX).nullable().optional(),
  group_id: BodyId.optional(),
  category_id: BodyId.nullable().optional(),
  max_participants: MaxParticipants.optional(),
  bitrate: Bitrate.optional(),
});
export type UpdateChannelBody = z.infer<typeof UpdateChannelBody>;

export const PermissionSet = z.object({
  can_view: z.boolean(),
  can_post: z.boolean(),
  can_upload: z.boolean(),
});
export type PermissionSet = z.infer<typeof PermissionSet>;
export type PermissionName = keyof PermissionSet;

export const GroupPermissionEntry = z.object({
  user: z.object({ id: z.number(), user_id: z.number(), username: z.string(), role: Role }),
  permissions: PermissionSet,
});
export const GroupPermissionsAnswer = z.object({
  group_id: z.number(),
  user_permissions: z.array(GroupPermissionEntry),
});

/** Any subset may be sent; the server applies the dependency rules of spec 2 §4. */
export const PutPermissionsBody = z.object({
  permissions: PermissionSet.partial(),
});

export const UserGroupPermissions = PermissionSet.extend({ group_id: z.number() });

/** Params of GET /user/group-permissions/:group_id and of /admin/groups/:id/permissions/:userId. */
export const GroupIdParams = z.object({ group_id: Id });
export const GroupUserParams = z.object({ id: Id, userId: Id });

export { applyPermissionChanges } from './rules.js';
