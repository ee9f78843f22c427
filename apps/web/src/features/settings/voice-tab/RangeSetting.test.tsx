import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RangeSetting } from './RangeSetting';

describe('RangeSetting', () => {
  it('shows the value while dragging and saves only on release', () => {
    const onCommit = vi.fn();
    const onDraft = vi.fn();
    render(
      <RangeSetting
        label="Output Volume"
        value={100}
        min={0}
        max={150}
        unit="%"
        onCommit={onCommit}
        onDraft={onDraft}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Output Volume' });
    expect(slider.getAttribute('aria-valuetext')).toBe('100%');
    fireEvent.input(slider, { target: { value: '120' } });
    expect(screen.getByText('120%').tagName).toBe('OUTPUT');
    expect(onDraft).toHaveBeenLastCalledWith(120);
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(slider, { target: { value: '130' } });
    expect(onCommit).toHaveBeenCalledWith(130);
    expect(onDraft).toHaveBeenLastCalledWith(null);
  });
});
