import { describe, expect, it } from 'vitest';
import { audioDevices } from './audio-devices';

const device = (kind: MediaDeviceKind, deviceId: string, label = '') => ({ kind, deviceId, label });

describe('audioDevices', () => {
  it('lists microphones and speakers apart, without the browser’s own default entry', () => {
    expect(
      audioDevices([
        device('audioinput', 'default', 'Default - Headset'),
        device('audioinput', 'mic-a', 'Headset'),
        device('audiooutput', 'default', 'Default - Speakers'),
        device('audiooutput', 'out-a', 'Speakers'),
        device('videoinput', 'cam', 'Camera'),
      ]),
    ).toEqual({ inputs: [{ id: 'mic-a', label: 'Headset' }], outputs: [{ id: 'out-a', label: 'Speakers' }] });
  });

  it('numbers devices the browser does not name, and leaves out those without an id', () => {
    expect(audioDevices([device('audioinput', ''), device('audioinput', 'a'), device('audiooutput', 'b')])).toEqual({
      inputs: [{ id: 'a', label: 'Microphone 1' }],
      outputs: [{ id: 'b', label: 'Speaker 1' }],
    });
  });
});
