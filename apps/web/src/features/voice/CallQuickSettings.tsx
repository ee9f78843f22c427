import type { RefObject } from 'react';
import { SelectField, type SelectOption } from '../../ui';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
import { useAudioDevices, type AudioDevice } from './audio-devices';
import { ChoiceGroup } from './ChoiceGroup';
import { SettingSlider } from './SettingSlider';
import { levelOf, levelSettings, SUPPRESSION_LEVELS } from './suppression-levels';
import { useVoiceSettings } from './useVoiceSettings';
import { voiceSettings } from './voice-settings';
import styles from './QuickSettings.module.css';

const WIDTH = 320;
const HEIGHT = 380;
const GAP = 6;
const EDGE = 8;

/** Under the button, right edges aligned, kept inside the window (the banner sits at the chat's top). */
function placeUnder(anchor: DOMRect | null, viewport: { width: number; height: number }) {
  const width = Math.min(WIDTH, viewport.width - 2 * EDGE);
  const height = Math.min(HEIGHT, viewport.height - 2 * EDGE);
  const left = Math.max(EDGE, Math.min((anchor?.right ?? viewport.width) - width, viewport.width - width - EDGE));
  const top = Math.max(EDGE, Math.min((anchor?.bottom ?? 0) + GAP, viewport.height - height - EDGE));
  return { top, left, width, height };
}

/**
 * The 'Default' choice (null in the settings) and the devices found; a stored device that is not
 * plugged in stays listed, so the select shows what is stored rather than another device (named as
 * the Voice Settings tab names it).
 */
function deviceOptions(devices: AudioDevice[], stored: string | null, noun: 'microphone' | 'speaker'): SelectOption[] {
  const options = [{ value: '', label: 'Default' }, ...devices.map((d) => ({ value: d.id, label: d.label }))];
  if (stored && !devices.some((d) => d.id === stored))
    options.push({ value: stored, label: `Saved ${noun} (not connected)` });
  return options;
}

export interface CallQuickSettingsProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  anchor: RefObject<HTMLElement | null>;
}

/**
 * The call banner's quick settings (spec 2 §2): devices, input sensitivity, output volume (0–100 here)
 * and the suppression level, each written to the voice settings store; the running call applies
 * them itself. A floating dialog under its button: Escape or a click outside closes it.
 */
export function CallQuickSettings({ open, onOpenChange, anchor }: CallQuickSettingsProps) {
  return (
    <AnchoredDialog
      open={open}
      onOpenChange={onOpenChange}
      anchor={anchor}
      title="Quick Settings"
      place={placeUnder}
      sizeClass={styles.size!}
    >
      <QuickSettingsFields />
    </AnchoredDialog>
  );
}

function QuickSettingsFields() {
  const settings = useVoiceSettings();
  const { inputs, outputs } = useAudioDevices();
  const device = (value: string) => (value === '' ? null : value);
  return (
    <div className={styles.body}>
      <p className={styles.heading} aria-hidden="true">
        Quick Settings
      </p>
      <SelectField
        label="Input Device"
        options={deviceOptions(inputs, settings.inputDevice, 'microphone')}
        value={settings.inputDevice ?? ''}
        onChange={(e) => voiceSettings.update({ inputDevice: device(e.currentTarget.value) })}
      />
      <SelectField
        label="Output Device"
        options={deviceOptions(outputs, settings.outputDevice, 'speaker')}
        value={settings.outputDevice ?? ''}
        onChange={(e) => voiceSettings.update({ outputDevice: device(e.currentTarget.value) })}
      />
      <SettingSlider
        label="Input Sensitivity"
        value={settings.inputSensitivity}
        max={100}
        format={String}
        onCommit={(inputSensitivity) => voiceSettings.update({ inputSensitivity })}
      />
      {/* Spec 2 §2: 0–100 in the banner; a stored 101–150 (set in the tab or the panel) shows as 100. */}
      <SettingSlider
        label="Output Volume"
        value={Math.min(100, settings.outputVolume)}
        max={100}
        onCommit={(outputVolume) => voiceSettings.update({ outputVolume })}
      />
      <ChoiceGroup
        legend="Noise Suppression"
        choices={SUPPRESSION_LEVELS}
        value={levelOf(settings)}
        onChange={(level) => voiceSettings.update(levelSettings(level))}
      />
    </div>
  );
}
