import { cx } from '../../ui/cx';
import { ChoiceGroup } from './ChoiceGroup';
import { SettingSlider } from './SettingSlider';
import { PANEL_SUPPRESSIONS, panelSettings, panelSuppressionOf } from './suppression-levels';
import { useVoiceSettings } from './useVoiceSettings';
import { OUTPUT_VOLUME_MAX, voiceSettings } from './voice-settings';
import styles from './QuickSettings.module.css';

/**
 * The voice control panel's quick settings (spec 2 §2), a lazy chunk shown when the panel is
 * expanded: output volume over the stored range, 0–150 % (the spec's "up to 200" is capped at 1.5×
 * when applied, so 150 is the most that is heard), and the suppression choice. Both go to the voice
 * settings store, which the running engine applies.
 */
export default function PanelQuickSettings({ id }: { id: string }) {
  const settings = useVoiceSettings();
  return (
    <div id={id} className={cx(styles.body, styles.inline)} role="group" aria-label="Quick Settings">
      <SettingSlider
        label="Output Volume"
        value={settings.outputVolume}
        max={OUTPUT_VOLUME_MAX}
        onCommit={(outputVolume) => voiceSettings.update({ outputVolume })}
      />
      <ChoiceGroup
        legend="Noise Suppression"
        choices={PANEL_SUPPRESSIONS}
        value={panelSuppressionOf(settings)}
        onChange={(choice) => voiceSettings.update(panelSettings(choice))}
      />
    </div>
  );
}
