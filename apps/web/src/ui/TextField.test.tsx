import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is found by its label and reads out its error', () => {
    render(<TextField label="Username" error="Username is taken" defaultValue="alice" />);

    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Username is taken');
  });
});
