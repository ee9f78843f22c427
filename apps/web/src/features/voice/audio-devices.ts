import { useEffect, useState } from 'react';

export interface AudioDevice {
  id: string;
  label: string;
}

export interface AudioDevices {
  inputs: AudioDevice[];
  outputs: AudioDevice[];
}

const NONE: AudioDevices = { inputs: [], outputs: [] };

/**
 * The microphones and speakers a select offers, besides its own 'Default' (null in the settings):
 * the browser's 'default' entry is that same choice, so it is left out; entries without an id (no
 * permission yet) cannot be chosen. A device without a label (no permission) gets a numbered name.
 */
export function audioDevices(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[]): AudioDevices {
  const of = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId !== '' && d.deviceId !== 'default')
      .map((d, i) => ({ id: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  return { inputs: of('audioinput', 'Microphone'), outputs: of('audiooutput', 'Speaker') };
}

/**
 * The devices of this computer, listed again when one is plugged in or out, and when `refresh`
 * changes (browsers name devices only once a microphone has been opened).
 */
export function useAudioDevices(refresh?: unknown): AudioDevices {
  const [devices, setDevices] = useState<AudioDevices>(NONE);
  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let live = true;
    const list = () =>
      media
        .enumerateDevices()
        .then((found) => live && setDevices(audioDevices(found)))
        .catch(() => undefined);
    void list();
    media.addEventListener('devicechange', list);
    return () => {
      live = false;
      media.removeEventListener('devicechange', list);
    };
  }, [refresh]);
  return devices;
}
