import { describe, expect, it, vi } from 'vitest';
import type { ProcessedMicrophone } from '../../voice/audio-pipeline';
import { VoiceSettingsStore, type VoiceSettings } from '../../voice/voice-settings';
import { MicrophoneMonitor } from './microphone-monitor';

function fakeMicrophone(settings: VoiceSettings) {
  return {
    stream: {} as MediaStream,
    levelDb: () => -42,
    transmitting: () => true,
    engine: settings.noiseSuppressionEngine,
    fellBack: false,
    apply: vi.fn(),
    setMuted: vi.fn(),
    close: vi.fn(),
  } satisfies ProcessedMicrophone;
}

function setUp(open?: (s: VoiceSettings) => Promise<ProcessedMicrophone>) {
  const store = new VoiceSettingsStore(null);
  const opened: ReturnType<typeof fakeMicrophone>[] = [];
  const openProcessedMicrophone = vi.fn(
    open ??
      ((s: VoiceSettings) => {
        const mic = fakeMicrophone(s);
        opened.push(mic);
        return Promise.resolve(mic);
      }),
  );
  const monitor = new MicrophoneMonitor(store, () => Promise.resolve({ openProcessedMicrophone }));
  return { store, monitor, opened, openProcessedMicrophone };
}

describe('MicrophoneMonitor', () => {
  it('opens one microphone for all holders and closes it when the last lets go', async () => {
    const { monitor, opened, openProcessedMicrophone } = setUp();
    expect(monitor.getState().status).toBe('closed');
    const releaseA = monitor.acquire();
    const releaseB = monitor.acquire();
    expect(monitor.getState().status).toBe('opening');
    const mic = await monitor.ready();
    expect(openProcessedMicrophone).toHaveBeenCalledTimes(1);
    expect(monitor.current()).toBe(mic);
    expect(monitor.getState()).toEqual({ status: 'open', error: null, engine: 'standard', fellBack: false });
    releaseA();
    releaseA();
    expect(opened[0]!.close).not.toHaveBeenCalled();
    releaseB();
    expect(opened[0]!.close).toHaveBeenCalledTimes(1);
    expect(monitor.getState().status).toBe('closed');
    await expect(monitor.ready()).rejects.toThrow();
  });

  it('applies a live change and opens again for a new stream', async () => {
    const { store, monitor, opened } = setUp();
    const release = monitor.acquire();
    await monitor.ready();
    store.update({ inputSensitivity: 80 });
    expect(opened[0]!.apply).toHaveBeenCalledWith(expect.objectContaining({ inputSensitivity: 80 }));
    store.update({ noiseSuppressionEngine: 'rnnoise' });
    expect(opened[0]!.close).toHaveBeenCalled();
    const again = await monitor.ready();
    expect(again).toBe(opened[1]);
    expect(monitor.getState().engine).toBe('rnnoise');
    release();
  });

  it('drops a microphone that opens after everyone let go', async () => {
    const { monitor, opened } = setUp();
    const release = monitor.acquire();
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.close).toHaveBeenCalled();
    expect(monitor.current()).toBeNull();
    expect(monitor.getState().status).toBe('closed');
  });

  it('says why it failed and tries again when asked', async () => {
    let fail = true;
    const { monitor } = setUp((s) =>
      fail ? Promise.reject(new Error('No microphone found.')) : Promise.resolve(fakeMicrophone(s)),
    );
    const release = monitor.acquire();
    await expect(monitor.ready()).rejects.toThrow('No microphone found.');
    expect(monitor.getState()).toMatchObject({ status: 'failed', error: 'No microphone found.' });
    fail = false;
    await expect(monitor.ready()).resolves.toBeTruthy();
    expect(monitor.getState().status).toBe('open');
    release();
  });
});
