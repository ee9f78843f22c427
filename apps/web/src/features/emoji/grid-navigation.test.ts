import { describe, expect, it } from 'vitest';
import { moveInGrid } from './grid-navigation';

// Three sections of 7, 0 and 3 cells, five columns: rows [0-4][5-6] | (empty) | [0-2].
const sizes = [7, 0, 3];
const move = (section: number, index: number, key: string) => moveInGrid(sizes, { section, index }, key, 5);

describe('moving in the emoji grid', () => {
  it('runs left and right through the sections, skipping empty ones', () => {
    expect(move(0, 6, 'ArrowRight')).toEqual({ section: 2, index: 0 });
    expect(move(2, 0, 'ArrowLeft')).toEqual({ section: 0, index: 6 });
    expect(move(0, 0, 'ArrowLeft')).toBeNull();
    expect(move(2, 2, 'ArrowRight')).toBeNull();
  });

  it('keeps the column up and down, into the nearest row of the next section', () => {
    expect(move(0, 1, 'ArrowDown')).toEqual({ section: 0, index: 6 });
    expect(move(0, 3, 'ArrowDown')).toEqual({ section: 0, index: 6 });
    expect(move(0, 6, 'ArrowDown')).toEqual({ section: 2, index: 1 });
    expect(move(2, 2, 'ArrowUp')).toEqual({ section: 0, index: 6 });
    expect(move(2, 0, 'ArrowUp')).toEqual({ section: 0, index: 5 });
    expect(move(0, 2, 'ArrowUp')).toBeNull();
  });

  it('goes to the first and last cells with Home and End, and ignores other keys', () => {
    expect(move(2, 1, 'Home')).toEqual({ section: 0, index: 0 });
    expect(move(0, 1, 'End')).toEqual({ section: 2, index: 2 });
    expect(move(0, 1, 'a')).toBeNull();
  });
});
