import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calibrationResult,
  deviceOptions,
  formatDb,
  levelColour,
  levelPercent,
  meterLabel,
  sampleLevels,
  saveOutcome,
} from './voice-tab-logic';

describe('levels', () => {
  it('turns -100..0 dB into 0–100, silence for anything else', () => {
    expect(levelPercent(-100)).toBe(0);
    expect(levelPercent(-35)).toBe(65);
    expect(levelPercent(0)).toBe(100);
    expect(levelPercent(-140)).toBe(0);
    expect(levelPercent(6)).toBe(100);
    expect(levelPercent(-Infinity)).toBe(0);
    expect(levelPercent(Number.NaN)).toBe(0);
  });

  it('colours the test bar green above 60, orange above 30, red otherwise', () => {
    expect(levelColour(61)).toBe('green');
    expect(levelColour(60)).toBe('orange');
    expect(levelColour(31)).toBe('orange');
    expect(levelColour(30)).toBe('red');
    expect(levelColour(0)).toBe('red');
  });

  it('says TRANSMITTING only above the threshold', () => {
    expect(meterLabel(-40, -60)).toBe('TRANSMITTING');
    expect(meterLabel(-60, -60)).toBe('MUTED');
    expect(meterLabel(-80, -60)).toBe('MUTED');
  });

  it('writes dB with a real minus sign and one decimal', () => {
    expect(formatDb(-60)).toBe('\u221260.0 dB');
    expect(formatDb(7.25, true)).toBe('+7.3 dB');
    expect(formatDb(0, true)).toBe('0.0 dB');
    expect(formatDb(-0.01)).toBe('0.0 dB');
  });
});

describe('calibration', () => {
  it('takes the mean level and its distance from -60 dB', () => {
    expect(calibrationResult([-50, -54, -52])).toEqual({ measuredDb: -52, offsetDb: 8 });
    expect(calibrationResult([-70, -70])).toEqual({ measuredDb: -70, offsetDb: -10 });
  });

  it('ignores samples that are not numbers and keeps the offset within ±40 dB', () => {
    expect(calibrationResult([Number.NaN, -60, -Infinity])).toEqual({ measuredDb: -60, offsetDb: 0 });
    expect(calibrationResult([-100]).offsetDb).toBe(-40);
    expect(calibrationResult([0]).offsetDb).toBe(40);
  });

  afterEach(() => vi.useRealTimers());

  it('samples every 50 ms for 2000 ms', async () => {
    vi.useFakeTimers();
    let n = 0;
    const samples = sampleLevels(() => -(n += 1));
    await vi.advanceTimersByTimeAsync(1_950);
    expect(n).toBe(39);
    await vi.advanceTimersByTimeAsync(50);
    await expect(samples).resolves.toHaveLength(40);
    await vi.advanceTimersByTimeAsync(500);
    expect(n).toBe(40);
  });

  it('stops sampling when aborted', async () => {
    vi.useFakeTimers();
    const abort = new AbortController();
    const read = vi.fn(() => -50);
    const samples = sampleLevels(read, 2_000, 50, abort.signal);
    await vi.advanceTimersByTimeAsync(100);
    abort.abort();
    await expect(samples).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('fails without a single usable sample', () => {
    expect(() => calibrationResult([])).toThrow('no level was measured');
    expect(() => calibrationResult([Number.NaN])).toThrow('no level was measured');
  });
});

describe('save outcome', () => {
  it('says where a change goes', () => {
    expect(saveOutcome('voice', true)).toBe('Applied to the voice connection');
    expect(saveOutcome('voice', false)).toBe('Will apply when you join voice');
    expect(saveOutcome('local', true)).toBe('Saved');
  });
});

describe('device options', () => {
  it('starts with Default and keeps a stored device that is not connected', () => {
    const devices = [
      { id: 'mic-a', label: 'USB Mic' },
      { id: 'mic-b', label: 'Microphone 2' },
    ];
    expect(deviceOptions(devices, 'mic-b', 'microphone')).toEqual([
      { value: '', label: 'Default' },
      { value: 'mic-a', label: 'USB Mic' },
      { value: 'mic-b', label: 'Microphone 2' },
    ]);
    expect(deviceOptions([], 'gone', 'speaker')).toEqual([
      { value: '', label: 'Default' },
      { value: 'gone', label: 'Saved speaker (not connected)' },
    ]);
    expect(deviceOptions([], null, 'speaker')).toEqual([{ value: '', label: 'Default' }]);
  });
});
