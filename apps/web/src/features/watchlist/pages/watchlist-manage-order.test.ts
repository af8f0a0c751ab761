import { describe, expect, it } from 'vitest';
import { dragShiftOf, dropIndexOf, moved, movedTo } from './watchlist-manage-page.tsx';

// Four rows 60 px high from the top of the list: middles at 30, 90, 150, 210.
const middles = [30, 90, 150, 210];

describe('reordering the watchlist by dragging', () => {
  it('moves an entry from one place to another, and leaves the list alone for places outside it', () => {
    expect(movedTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movedTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(movedTo(['a', 'b', 'c', 'd'], 1, 1)).toEqual(['a', 'b', 'c', 'd']);
    expect(movedTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('drops a row after the rows whose middle it has passed', () => {
    // The first row dragged down by 70 px: its middle (100) has passed the second's (90) only.
    expect(dropIndexOf(middles, 0, 30 + 70)).toBe(1);
    expect(dropIndexOf(middles, 0, 30 + 50)).toBe(0);
    expect(dropIndexOf(middles, 0, 30 + 500)).toBe(3);
    // The last row dragged up past the second row's middle lands second.
    expect(dropIndexOf(middles, 3, 210 - 130)).toBe(1);
    expect(dropIndexOf(middles, 3, -100)).toBe(0);
  });

  it('shifts the rows the dragged one passes by its height to make room', () => {
    const down = { from: 0, to: 2, offsetY: 125, height: 60 };
    expect([0, 1, 2, 3].map((index) => dragShiftOf(down, index))).toEqual([125, -60, -60, 0]);
    const up = { from: 3, to: 1, offsetY: -130, height: 60 };
    expect([0, 1, 2, 3].map((index) => dragShiftOf(up, index))).toEqual([0, 60, 60, -130]);
    // Applying the drop gives the order the rows show on screen.
    expect(movedTo(['a', 'b', 'c', 'd'], up.from, up.to)).toEqual(['a', 'd', 'b', 'c']);
  });
});
