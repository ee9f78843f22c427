/** A cell of the picker: section (category) and index within it. Each section starts a new row. */
export interface GridPosition {
  section: number;
  index: number;
}

/**
 * Where an arrow key (or Home/End) moves focus in a grid of sections laid out `columns` wide. Up and
 * Down keep the column, stepping into the neighbouring section's nearest row; Left and Right run
 * on through the sections. Returns null for other keys and at the ends.
 */
export function moveInGrid(
  sizes: readonly number[],
  { section, index }: GridPosition,
  key: string,
  columns: number,
): GridPosition | null {
  const size = sizes[section] ?? 0;
  const column = index % columns;
  const lastRowStart = (n: number) => Math.floor((n - 1) / columns) * columns;
  const prevSection = (from: number) => {
    for (let s = from - 1; s >= 0; s--) if ((sizes[s] ?? 0) > 0) return s;
    return null;
  };
  const nextSection = (from: number) => {
    for (let s = from + 1; s < sizes.length; s++) if ((sizes[s] ?? 0) > 0) return s;
    return null;
  };
  switch (key) {
    case 'ArrowRight': {
      if (index + 1 < size) return { section, index: index + 1 };
      const s = nextSection(section);
      return s === null ? null : { section: s, index: 0 };
    }
    case 'ArrowLeft': {
      if (index > 0) return { section, index: index - 1 };
      const s = prevSection(section);
      return s === null ? null : { section: s, index: sizes[s]! - 1 };
    }
    case 'ArrowDown': {
      if (index + columns < size) return { section, index: index + columns };
      // In the row above a short last row: go to that row's end.
      if (index < lastRowStart(size)) return { section, index: size - 1 };
      const s = nextSection(section);
      return s === null ? null : { section: s, index: Math.min(column, sizes[s]! - 1) };
    }
    case 'ArrowUp': {
      if (index - columns >= 0) return { section, index: index - columns };
      const s = prevSection(section);
      if (s === null) return null;
      const n = sizes[s]!;
      return { section: s, index: Math.min(lastRowStart(n) + column, n - 1) };
    }
    case 'Home':
      return { section: nextSection(-1) ?? 0, index: 0 };
    case 'End': {
      const s = prevSection(sizes.length);
      return s === null ? null : { section: s, index: sizes[s]! - 1 };
    }
    default:
      return null;
  }
}
