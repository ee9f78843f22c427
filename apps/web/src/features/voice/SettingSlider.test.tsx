import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SettingSlider } from './SettingSlider';

describe('SettingSlider', () => {
  it('shows the value while it moves and stores it only on release', () => {
    const onCommit = vi.fn();
    const { rerender } = render(<SettingSlider label="Output Volume" value={100} max={150} onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: 'Output Volume' });

    fireEvent.input(slider, { target: { value: '60' } });
    expect(screen.getByText('60%')).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();

    fireEvent.change(slider, { target: { value: '40' } });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(40);
    rerender(<SettingSlider label="Output Volume" value={40} max={150} onCommit={onCommit} />);
    expect((slider as HTMLInputElement).value).toBe('40');
    expect(screen.getByText('40%')).toBeTruthy();

    // Released, it follows the store again (a change made elsewhere, the settings tab say).
    rerender(<SettingSlider label="Output Volume" value={70} max={150} onCommit={onCommit} />);
    expect((slider as HTMLInputElement).value).toBe('70');
  });
});
