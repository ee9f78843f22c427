/** Spec 1 §2 and §9: GIFs are shown within 400 x 300 px, at 300 x 200 until their size is known. */
export const GIF_MAX = { width: 400, height: 300 } as const;
export const GIF_DEFAULT = { width: 300, height: 200 } as const;

/** The size a GIF of this natural size is shown at: kept in proportion, never enlarged. */
export function gifDisplaySize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { ...GIF_DEFAULT };
  const scale = Math.min(1, GIF_MAX.width / width, GIF_MAX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
