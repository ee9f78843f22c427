import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX, safeFileName } from './file-names.js';

describe('safeFileName', () => {
  it('takes out every bidirectional control, so a name cannot show as another', () => {
    expect(safeFileName('evil\u202Egpj.html')).toBe('evilgpj.html');
    const controls = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(safeFileName(`a${controls}b.txt`)).toBe('ab.txt');
  });

  it('drops folders, control characters and lone surrogates, and keeps other scripts as they are', () => {
    expect(safeFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('a\u0000b\u001fc\u0085d.txt')).toBe('abcd.txt');
    expect(safeFileName('x\ud800y.txt')).toBe('xy.txt');
    expect(safeFileName('  שלום עולם.txt ')).toBe('שלום עולם.txt');
    expect(safeFileName('猫 🐈.png')).toBe('猫 🐈.png');
  });

  it('is at most FILE_NAME_MAX long without cutting a character in half, and never empty', () => {
    const long = `${'a'.repeat(FILE_NAME_MAX - 1)}🐈.png`;
    expect(safeFileName(long)).toBe('a'.repeat(FILE_NAME_MAX - 1));
    expect(safeFileName('\u202e')).toBe('file');
    expect(safeFileName(undefined)).toBe('file');
  });
});
