import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MobileHeader } from './MobileHeader';

describe('MobileHeader', () => {
  it('shows the title and goes back from the Back button', async () => {
    const onBack = vi.fn();
    render(<MobileHeader title="general" subtitle="Hearth HQ" onBack={onBack} />);

    expect(screen.getByRole('heading', { name: 'general' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(onBack).toHaveBeenCalledOnce();
  });
});
