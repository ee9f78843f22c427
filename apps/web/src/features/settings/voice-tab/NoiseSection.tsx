import { useId } from 'react';
import { Switch } from '../../../ui/Switch';
import type { NoiseEngine } from '../../voice/voice-settings';
import { useMonitorState } from './monitor-context';
import type { SectionProps } from './useVoiceTab';
import shared from '../Settings.module.css';
import styles from './VoiceSettings.module.css';

const ENGINES: { value: NoiseEngine; label: string; description: string }[] = [
  { value: 'off', label: 'Off', description: 'Your microphone as it is.' },
  { value: 'standard', label: 'Standard', description: "The browser's own suppression. Light." },
  { value: 'rnnoise', label: 'RNNoise', description: 'A neural network in this tab. Stronger, uses more CPU.' },
];

const ADVANCED = [
  {
    key: 'keyboardFiltering',
    label: 'Keyboard Filtering',
    description: 'Turns down sharp clicks, such as typing, between your words.',
  },
  {
    key: 'breathingReduction',
    label: 'Breathing Reduction',
    description: 'Turns down quiet sounds just under the voice threshold, such as breathing.',
  },
  {
    key: 'adaptiveThreshold',
    label: 'Adaptive Threshold',
    description: "Keeps the voice threshold at least 10 dB above your room's background noise.",
  },
] as const;

/**
 * The engine (a native radio group, so the arrow keys move the choice and each move saves) and the
 * advanced steps. While the tab's microphone is open it also says when RNNoise could not start.
 */
export function NoiseSection({ settings, save }: SectionProps) {
  const id = useId();
  const monitor = useMonitorState();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Noise Suppression
      </h3>
      <fieldset className={styles.choices}>
        <legend className={styles.label}>Engine</legend>
        {ENGINES.map((engine) => (
          <label key={engine.value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-engine`}
              value={engine.value}
              checked={settings.noiseSuppressionEngine === engine.value}
              onChange={() => save({ noiseSuppressionEngine: engine.value })}
              aria-labelledby={`${id}-${engine.value}`}
              aria-describedby={`${id}-${engine.value}-description`}
            />
            <span id={`${id}-${engine.value}`} className={styles.choiceName}>
              {engine.label}
            </span>
            <span id={`${id}-${engine.value}-description`} className={styles.hint}>
              {engine.description}
            </span>
          </label>
        ))}
      </fieldset>
      {monitor.fellBack && (
        <p className={styles.warning}>RNNoise could not start here, so your microphone is sent unprocessed.</p>
      )}
      <div className={styles.switches}>
        <Switch
          label="Advanced Noise Suppression"
          description="Extra steps on top of the engine."
          checked={settings.advancedNoiseSuppression}
          onCheckedChange={(on) => save({ advancedNoiseSuppression: on })}
        />
        {settings.advancedNoiseSuppression && (
          <div className={styles.nested}>
            {ADVANCED.map((step) => (
              <Switch
                key={step.key}
                label={step.label}
                description={step.description}
                checked={settings[step.key]}
                onCheckedChange={(on) => save({ [step.key]: on })}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
