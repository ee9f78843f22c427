import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RUNNING_VERSION, shouldOfferUpdate, shouldWelcome } from './app-version';
import { parseIndex, renderChangelog } from './changelog';
import { version } from '../../../package.json';

describe('app versions', () => {
  it('runs the version the client was built as', () => {
    expect(RUNNING_VERSION).toBe(version);
  });

  it('welcomes after an upgrade, not on a first visit or the same version', () => {
    expect(shouldWelcome(null, '0.2.4')).toBe(false);
    expect(shouldWelcome('0.2.4', '0.2.4')).toBe(false);
    expect(shouldWelcome('0.2.3', '0.2.4')).toBe(true);
  });

  it('offers an update to a newer client unless that one was dismissed', () => {
    expect(shouldOfferUpdate(undefined, null, '0.2.4')).toBe(false);
    expect(shouldOfferUpdate('0.2.4', null, '0.2.4')).toBe(false);
    expect(shouldOfferUpdate('0.3.0', null, '0.2.4')).toBe(true);
    expect(shouldOfferUpdate('0.3.0', '0.3.0', '0.2.4')).toBe(false);
    expect(shouldOfferUpdate('0.3.1', '0.3.0', '0.2.4')).toBe(true);
  });
});

describe('changelog', () => {
  it('keeps the entries of the index that name a file of the changelog folder', () => {
    expect(
      parseIndex([
        { title: 'A', file: '1.0.md' },
        { title: 'B', file: '../secret' },
        { title: 'C', file: 'https://evil.example/x.md' },
        { file: 'x.md' },
        'junk',
      ]),
    ).toEqual([{ title: 'A', file: '1.0.md' }]);
    expect(parseIndex({ entries: [{ title: 'A', file: 'a.md' }] })).toHaveLength(1);
    expect(parseIndex(null)).toEqual([]);
  });

  it('renders headings, lists, bold, italic, code and links that open in a new tab', () => {
    const { container } = render(
      <>
        {renderChangelog(
          '## New\n\n- **bold** and _italic_\n- `code`\n\nThen:\n\n1. first\n2. [site](https://example.org)\n\n[bad](javascript:alert(1))',
        )}
      </>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('New');
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('italic');
    expect(container.querySelector('code')?.textContent).toBe('code');
    const links = [...container.querySelectorAll('a')];
    expect(links[0]).toMatchObject({ href: 'https://example.org/', target: '_blank', rel: 'noopener noreferrer' });
    expect(links[1]?.getAttribute('href')).toBeNull();
  });
});
