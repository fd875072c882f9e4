// Pure timing maths: snapping to onsets, quantizing to a grid, grid lines, tap latency. No DOM, no audio:
// tested with node --test (Tests/page/timing.test.mjs).

/** The index of the first element of the sorted array `a` that is >= `t` (a.length when none is). */
export function lowerBound(a, t) {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < t) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** The onset nearest to `t` within `within` seconds (onsets sorted), or `t` itself when none is that close. */
export function snapToOnset(t, onsets, within = 0.1) {
  const i = lowerBound(onsets, t);
  let best = t, dist = within;
  for (const k of [i - 1, i]) {
    if (k >= 0 && k < onsets.length && Math.abs(onsets[k] - t) < dist) { dist = Math.abs(onsets[k] - t); best = onsets[k]; }
  }
  return best;
}

/** `t` moved to the nearest line of the grid `{ bpm, offset }` (one line a beat). */
export function quantize(t, grid) {
  const p = 60 / grid.bpm;
  return grid.offset + Math.round((t - grid.offset) / p) * p;
}

/** The grid's lines in `from`…`to` seconds, at most `limit` of them. */
export function gridLines(grid, from, to, limit = 10000) {
  const p = 60 / grid.bpm, lines = [];
  if (!(Number.isFinite(p) && p > 0) || !(to > from)) return lines;
  for (let k = Math.ceil((from - grid.offset) / p); lines.length < limit; k++) {
    const t = grid.offset + k * p;
    if (t >= to) break;
    lines.push(t);
  }
  return lines;
}

/** A time as the page shows it: seconds with three decimals. */
export const formatSeconds = (t) => `${t.toFixed(3)} s`;

/**
 * The tap latency measured from taps on clicks `period` seconds apart starting at `start`: the median of each tap's
 * distance to its nearest click, taps further than a third of a period ignored; null with fewer than 8 taps kept.
 */
export function tapLatency(taps, start, period) {
  const offsets = taps
    .map((t) => t - (start + Math.round((t - start) / period) * period))
    .filter((x) => Math.abs(x) < period / 3)
    .sort((a, b) => a - b);
  return offsets.length >= 8 ? offsets[Math.floor(offsets.length / 2)] : null;
}
