import { describe, expect, it } from 'vitest';
import { GROUP_ICON_TEXT } from '@hearth/protocol/group-icon-rules';
import { iconFileProblem } from './icon-file';

const MB = 1024 * 1024;

describe('iconFileProblem', () => {
  it('takes any picture under 10 MB', () => {
    expect(iconFileProblem({ type: 'image/png', size: 10 * MB - 1 })).toBeNull();
    expect(iconFileProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
  });

  it('refuses 10 MB or more with the spec’s title and text', () => {
    expect(iconFileProblem({ type: 'image/png', size: 10 * MB })).toEqual({
      title: 'File Too Large',
      text: 'Image file size must be less than 10MB',
    });
  });

  it('refuses what is not a picture', () => {
    expect(iconFileProblem({ type: 'text/plain', size: 10 })?.text).toBe(GROUP_ICON_TEXT.notImage);
    expect(iconFileProblem({ type: '', size: 10 })?.text).toBe(GROUP_ICON_TEXT.notImage);
  });
});
