import type { ChannelType } from '@hearth/protocol';
import {
  VOICE_BITRATE_DEFAULT,
  VOICE_MAX_PARTICIPANTS_DEFAULT,
  VOICE_MAX_PARTICIPANTS_MAX,
  VOICE_MAX_PARTICIPANTS_MIN,
} from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import type { NewChannel } from '../channel-mutations';
import type { CreateDraft } from './draft';

export type CreateKind = 'channel' | 'group' | 'category';

export interface CreateFormState extends CreateDraft {
  channelType: ChannelType;
  /** As typed; read as a number on submit. */
  maxParticipants: string;
  bitrate: number;
}

export interface CreateFormErrors {
  name?: string;
  group?: string;
}

export function initialForm(draft: CreateDraft | null, preset: Partial<CreateDraft>): CreateFormState {
  return {
    name: draft?.name || preset.name || '',
    description: draft?.description || preset.description || '',
    groupId: draft?.groupId ?? preset.groupId ?? null,
    categoryId: draft?.categoryId ?? preset.categoryId ?? null,
    channelType: 'text',
    maxParticipants: String(VOICE_MAX_PARTICIPANTS_DEFAULT),
    bitrate: VOICE_BITRATE_DEFAULT,
  };
}

/** Spec 2 §5: a trimmed name; channels and categories also need a group. */
export function validateCreate(kind: CreateKind, form: CreateFormState): CreateFormErrors {
  const errors: CreateFormErrors = {};
  if (!form.name.trim()) errors.name = TEXT.nameRequired;
  if (kind !== 'group' && form.groupId === null) errors.group = TEXT.groupRequired;
  return errors;
}

/** Not a number means the default; anything else is kept inside 1 to 50. */
export function participantLimit(typed: string): number {
  const n = Number.parseInt(typed, 10);
  if (!Number.isFinite(n)) return VOICE_MAX_PARTICIPANTS_DEFAULT;
  return Math.min(VOICE_MAX_PARTICIPANTS_MAX, Math.max(VOICE_MAX_PARTICIPANTS_MIN, n));
}

/**
 * The new channel's body. Without `voice` (API v1, the client's compatibility mode, spec 2 §5) it is
 * a text channel whatever the form says: the choice may have been made before the mode changed.
 */
export function channelBody(form: CreateFormState, groupId: number, voice = true): NewChannel {
  const channelType: ChannelType = voice ? form.channelType : 'text';
  const body: NewChannel = {
    name: form.name.trim(),
    description: form.description.trim() || null,
    channel_type: channelType,
    group_id: groupId,
    category_id: form.categoryId,
  };
  if (channelType === 'voice') {
    body.max_participants = participantLimit(form.maxParticipants);
    body.bitrate = form.bitrate;
  }
  return body;
}
