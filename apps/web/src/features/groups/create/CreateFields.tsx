import {
  DESCRIPTION_MAX,
  NAME_MAX,
  VOICE_BITRATES,
  VOICE_MAX_PARTICIPANTS_MAX,
  VOICE_MAX_PARTICIPANTS_MIN,
} from '@hearth/protocol/constants';
import { idValue, SelectField, TextField, valueId } from '../../../ui';
import { useCategories, useGroups } from '../queries';
import type { CreateFormErrors, CreateFormState, CreateKind } from './create-form';
import styles from '../Form.module.css';

export interface CreateFieldsProps {
  kind: CreateKind;
  form: CreateFormState;
  errors: CreateFormErrors;
  onChange: (patch: Partial<CreateFormState>) => void;
  onNameBlur: () => void;
  disabled: boolean;
  /** The channel type choice and the voice options: API v2 only (spec 2 §5); on v1 a channel is text. */
  voice: boolean;
}

const BITRATE_OPTIONS = VOICE_BITRATES.map((b) => ({ value: String(b), label: `${b / 1000} kbps` }));

export function CreateFields({ kind, form, errors, onChange, onNameBlur, disabled, voice }: CreateFieldsProps) {
  const groups = useGroups();
  const categories = useCategories(kind === 'channel' ? form.groupId : null);
  const groupOptions = [
    { value: '', label: 'Select group' },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const categoryOptions = [
    { value: '', label: 'No Category' },
    ...(categories.data ?? []).filter((c) => c.id > 0).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <>
      <TextField
        label="Name"
        value={form.name}
        maxLength={NAME_MAX}
        error={errors.name}
        autoFocus
        disabled={disabled}
        onChange={(e) => onChange({ name: e.target.value })}
        onBlur={onNameBlur}
      />
      {kind === 'channel' && (
        <TextField
          label="Description"
          value={form.description}
          maxLength={DESCRIPTION_MAX}
          placeholder="Optional"
          disabled={disabled}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      )}
      {kind !== 'group' && (
        <SelectField
          label="Group"
          options={groupOptions}
          value={idValue(form.groupId)}
          error={errors.group}
          disabled={disabled}
          // A category belongs to one group, so a new group clears the choice.
          onChange={(e) => onChange({ groupId: valueId(e.target.value), categoryId: null })}
        />
      )}
      {kind === 'channel' && (
        <>
          <SelectField
            label="Category"
            options={categoryOptions}
            value={idValue(form.categoryId)}
            disabled={disabled || form.groupId === null}
            onChange={(e) => onChange({ categoryId: valueId(e.target.value) })}
          />
          {voice && (
            <fieldset className={styles.choices} disabled={disabled}>
              <legend>Channel Type</legend>
              {(['text', 'voice'] as const).map((type) => (
                <label key={type} className={styles.choice}>
                  <input
                    type="radio"
                    name="channel-type"
                    checked={form.channelType === type}
                    onChange={() => onChange({ channelType: type })}
                  />
                  {type === 'text' ? 'Text' : 'Voice'}
                </label>
              ))}
            </fieldset>
          )}
          {voice && form.channelType === 'voice' && (
            <>
              <TextField
                label="Max Participants"
                type="number"
                inputMode="numeric"
                min={VOICE_MAX_PARTICIPANTS_MIN}
                max={VOICE_MAX_PARTICIPANTS_MAX}
                hint="From 1 to 50"
                value={form.maxParticipants}
                disabled={disabled}
                onChange={(e) => onChange({ maxParticipants: e.target.value })}
              />
              <SelectField
                label="Bitrate"
                options={BITRATE_OPTIONS}
                value={String(form.bitrate)}
                disabled={disabled}
                onChange={(e) => onChange({ bitrate: Number(e.target.value) })}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
