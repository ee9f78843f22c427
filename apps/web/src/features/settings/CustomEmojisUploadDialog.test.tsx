import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { CustomEmojisUploadDialog } from './CustomEmojisUploadDialog';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function renderDialog() {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
  renderWithServices(
    <CustomEmojisUploadDialog
      onClose={vi.fn()}
      defaults={{ isPublic: false, isNsfw: false }}
      busy={false}
      onUpload={vi.fn(async () => true)}
    />,
  );
  return {
    picker: (await screen.findByLabelText(/^Image/)) as HTMLInputElement,
    name: screen.getByRole('textbox', { name: 'Emoji Name' }) as HTMLInputElement,
  };
}

describe('Upload Emoji', () => {
  it('names the emoji after the file picked last, until the user types a name of their own', async () => {
    const user = userEvent.setup();
    const { picker, name } = await renderDialog();
    await user.upload(picker, png('party-cat.png'));
    expect(name.value).toBe('party_cat');
    // Another file: its name replaces the first one's, which the user never touched.
    await user.upload(picker, png('blob wave.png'));
    expect(name.value).toBe('blob_wave');
    // A name typed by the user stays whatever file is picked next.
    await user.clear(name);
    await user.type(name, 'mine');
    await user.upload(picker, png('other.png'));
    expect(name.value).toBe('mine');
    // Emptied, it follows the file again.
    await user.clear(name);
    await user.upload(picker, png('third.png'));
    expect(name.value).toBe('third');
  }, 30_000);
});
