import { describe, expect, it } from 'vitest';
import { PINS_PANEL_HEIGHT, PINS_PANEL_WIDTH, pinsPanelPosition } from './panel-position';

describe('pinsPanelPosition', () => {
  it('hangs under the button, right edges aligned', () => {
    const at = pinsPanelPosition({ bottom: 48, right: 1200 }, { width: 1280, height: 800 });
    expect(at).toEqual({ top: 52, left: 1200 - PINS_PANEL_WIDTH, width: PINS_PANEL_WIDTH, height: PINS_PANEL_HEIGHT });
  });

  it('stays inside a small window', () => {
    const at = pinsPanelPosition({ bottom: 48, right: 300 }, { width: 320, height: 400 });
    expect(at.left).toBe(8);
    expect(at.width).toBe(304);
    expect(at.top + at.height).toBeLessThanOrEqual(392);
  });
});
