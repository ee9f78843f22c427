import { useCallback, useEffect, useState } from 'react';
import { voiceSettings } from '../../voice/voice-settings';
import { ConnectionBadge } from './ConnectionBadge';
import { DevicesSection } from './DevicesSection';
import { InputSection } from './InputSection';
import { MicrophoneMonitor } from './microphone-monitor';
import { MonitorContext } from './monitor-context';
import { NoiseGuide } from './NoiseGuide';
import { NoiseSection } from './NoiseSection';
import { OutputSection } from './OutputSection';
import { ProcessingSection } from './ProcessingSection';
import { RingtoneSection } from './RingtoneSection';
import { SoundsSection } from './SoundsSection';
import { useInVoice, useVoiceSettings, type SaveVoiceSettings } from './useVoiceTab';
import { VadSection } from './VadSection';
import { saveOutcome } from './voice-tab-logic';
import { TabStatus } from '../tab-status';
import shared from '../Settings.module.css';

/** How long the line saying where a change went stays. */
const STATUS_MS = 4_000;

/** The audio pipeline, fetched only when a meter, a test or a calibration needs the microphone. */
const loadPipeline = () => import('../../voice/audio-pipeline');

/**
 * The Voice Settings tab (spec 2 §2, spec 3 §2): every change is stored at once (sliders on release)
 * in this browser's voice settings, which a running voice connection or call follows; a line says
 * whether it applied now or will at the next join. Its own lazy chunk.
 */
export default function VoiceSettingsTab() {
  const settings = useVoiceSettings();
  const inVoice = useInVoice();
  const [monitor] = useState(() => new MicrophoneMonitor(voiceSettings, loadPipeline));
  const [status, setStatus] = useState<{ text: string; at: number } | null>(null);

  const save: SaveVoiceSettings = useCallback(
    (patch, scope = 'voice') => {
      voiceSettings.update(patch);
      setStatus({ text: saveOutcome(scope, inVoice), at: Date.now() });
    },
    [inVoice],
  );

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <MonitorContext.Provider value={monitor}>
      <div className={shared.tabBody}>
        <ConnectionBadge connected={inVoice} />
        <NoiseGuide />
        <NoiseSection settings={settings} save={save} />
        <VadSection settings={settings} save={save} />
        <ProcessingSection settings={settings} save={save} />
        <SoundsSection settings={settings} save={save} />
        <RingtoneSection save={save} />
        <InputSection settings={settings} save={save} />
        <DevicesSection settings={settings} save={save} />
        <OutputSection settings={settings} save={save} />
        <TabStatus text={status?.text} />
      </div>
    </MonitorContext.Provider>
  );
}
