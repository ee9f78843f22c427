import { useId } from 'react';
import { OUTPUT_VOLUME_MAX } from '../../voice/voice-settings';
import { RangeSetting } from './RangeSetting';
import type { SectionProps } from './useVoiceTab';
import shared from '../Settings.module.css';

/** Output Volume, 0–150 % (spec 2 §5: what others sound like, capped at 1.5×). */
export function OutputSection({ settings, save }: SectionProps) {
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={shared.sectionTitle}>
        Output
      </h3>
      <RangeSetting
        label="Output Volume"
        value={settings.outputVolume}
        min={0}
        max={OUTPUT_VOLUME_MAX}
        unit="%"
        description="How loud the others in a call are; above 100% amplifies them."
        onCommit={(value) => save({ outputVolume: value })}
      />
    </section>
  );
}
