import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction';

describe('textDirection', () => {
  it('follows the first strong letter, like dir="auto"', () => {
    expect(textDirection('مرحبا بالجميع')).toBe('rtl');
    expect(textDirection('שלום לכולם')).toBe('rtl');
    expect(textDirection('hello مرحبا')).toBe('ltr');
    expect(textDirection('**123** — مرحبا')).toBe('rtl');
    expect(textDirection('Привет')).toBe('ltr');
    expect(textDirection('你好')).toBe('ltr');
  });

  it('counts the bidi marks as strong, and has no opinion on text without letters', () => {
    expect(textDirection('\u200F123 abc')).toBe('rtl');
    expect(textDirection('\u200E123 مرحبا')).toBe('ltr');
    expect(textDirection('123 :) 🎉')).toBeUndefined();
    expect(textDirection('')).toBeUndefined();
  });
});
