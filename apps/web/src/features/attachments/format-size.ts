const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A byte count as people read it (spec 1 §2): 512 Bytes, 1.5 KB, 24.8 MB, 1.2 GB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const step = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** step;
  const shown = step === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${UNITS[step]}`;
}
