/**
 * The Voice Settings tab's pure parts (spec 2 §2, §4, §5, §8, §9): levels as percentages and colours,
 * the VAD meter's label, calibration's arithmetic, device options and the texts.
 */

/** Spec 2 §9: the meter refreshes every 60 ms; calibration samples every 50 ms for 2000 ms at a -60 dB target. */
export const METER_INTERVAL_MS = 60;
export const CALIBRATION_MS = 2_000;
export const CALIBRATION_SAMPLE_MS = 50;
export const CALIBRATION_TARGET_DB = -60;
/** Spec 2 §4: a microphone test lasts 5 s. */
export const MICROPHONE_TEST_MS = 5_000;
/** What the stored settings accept as a calibration offset (voice-settings.ts clamps a stored one to this). */
export const CALIBRATION_OFFSET_LIMIT_DB = 40;

export const VOICE_TAB_TEXT = {
  connected: 'Connected to Voice Channel',
  notConnected: 'Not in Voice Channel',
  applied: 'Applied to the voice connection',
  willApply: 'Will apply when you join voice',
  saved: 'Saved',
  transmitting: 'TRANSMITTING',
  muted: 'MUTED',
  calibrate: 'Calibrate VAD (2s)',
  calibrationTitle: 'Calibration Error',
  calibrationFailed: (message: string) => `Calibration failed: ${message}`,
  microphoneTestFailed: (reason: string) => `Microphone test failed: ${reason}`,
  soundsDisabled: 'Voice sounds are disabled',
} as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A level of -100..0 dB as 0–100 (dB + 100); anything not a number is silence. */
export const levelPercent = (db: number): number => (Number.isFinite(db) ? clamp(db + 100, 0, 100) : 0);

export type LevelColour = 'green' | 'orange' | 'red';

/** Spec 2 §2: the microphone test's bar is green above 60, orange above 30, red otherwise. */
export const levelColour = (percent: number): LevelColour => (percent > 60 ? 'green' : percent > 30 ? 'orange' : 'red');

/** The VAD meter's label: a level above the threshold is sent. */
export const meterLabel = (levelDb: number, thresholdDb: number): 'TRANSMITTING' | 'MUTED' =>
  levelDb > thresholdDb ? VOICE_TAB_TEXT.transmitting : VOICE_TAB_TEXT.muted;

export interface CalibrationResult {
  /** The mean of the sampled levels (dB). */
  measuredDb: number;
  /** measuredDb − (−60), what is stored as vadCalibrationOffsetDb (kept within ±40 dB). */
  offsetDb: number;
}

/** Spec 2 §3 and §9: the mean sampled level, and how far it lies from the -60 dB target. */
export function calibrationResult(samplesDb: readonly number[]): CalibrationResult {
  const usable = samplesDb.filter(Number.isFinite);
  if (usable.length === 0) throw new Error('no level was measured');
  const measuredDb = usable.reduce((sum, db) => sum + db, 0) / usable.length;
  const offsetDb = clamp(measuredDb - CALIBRATION_TARGET_DB, -CALIBRATION_OFFSET_LIMIT_DB, CALIBRATION_OFFSET_LIMIT_DB);
  return { measuredDb, offsetDb };
}

/**
 * Reads a level every `everyMs` until `durationMs` have passed (2000 / 50: 40 samples); rejects with
 * an AbortError if `signal` aborts first.
 */
export function sampleLevels(
  read: () => number,
  durationMs = CALIBRATION_MS,
  everyMs = CALIBRATION_SAMPLE_MS,
  signal?: AbortSignal,
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    const count = Math.max(1, Math.round(durationMs / everyMs));
    const finish = () => {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('The calibration was stopped', 'AbortError'));
    };
    const timer = setInterval(() => {
      samples.push(read());
      if (samples.length >= count) {
        finish();
        resolve(samples);
      }
    }, everyMs);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A dB figure as the tab shows it: rounded to one decimal, with a real minus sign. */
export const formatDb = (db: number, signed = false): string => {
  const rounded = Math.round(db * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  if (rounded < 0) return `\u2212${text} dB`;
  return `${signed && rounded > 0 ? '+' : ''}${text} dB`;
};

/** What a save says (spec 2 §2): a connection setting applies now in voice or a call, else at the next join. */
export const saveOutcome = (scope: 'voice' | 'local', inVoice: boolean): string =>
  scope === 'local' ? VOICE_TAB_TEXT.saved : inVoice ? VOICE_TAB_TEXT.applied : VOICE_TAB_TEXT.willApply;

export interface DeviceOption {
  value: string;
  label: string;
}

/**
 * A device select's options (the devices as audio-devices.ts lists them): 'Default' first (stored as
 * null, value ''), and a stored device that is not connected now stays choosable rather than vanish.
 */
export function deviceOptions(
  devices: readonly { id: string; label: string }[],
  stored: string | null,
  noun: 'microphone' | 'speaker',
): DeviceOption[] {
  const options = devices.map((d) => ({ value: d.id, label: d.label }));
  if (stored && !options.some((o) => o.value === stored))
    options.push({ value: stored, label: `Saved ${noun} (not connected)` });
  return [{ value: '', label: 'Default' }, ...options];
}
