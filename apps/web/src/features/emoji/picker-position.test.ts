import { describe, expect, it } from 'vitest';
import { pickerPosition } from './picker-position';

const viewport = { width: 1280, height: 800 };

describe('where the picker opens', () => {
  it('lines up with the right edge of its anchor, below it when there is room', () => {
    expect(pickerPosition({ top: 100, bottom: 128, right: 900 }, viewport)).toEqual({ top: 132, left: 528 });
  });

  it('goes above an anchor near the bottom, and stays inside the window', () => {
    expect(pickerPosition({ top: 700, bottom: 728, right: 200 }, viewport)).toEqual({ top: 256, left: 8 });
    // No room either way in a short window: as low as keeps it whole.
    expect(pickerPosition({ top: 200, bottom: 228, right: 900 }, { width: 1280, height: 500 })).toEqual({
      top: 52,
      left: 528,
    });
  });
});
