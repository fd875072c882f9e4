// How much the detail view draws at its zoom: which grid lines, which bar labels and how the hits show, so that a view
// zoomed out to the whole song still shows the waveform and labels that do not overwrite each other. Pure: tested with
// node --test (Tests/page/detail.test.mjs).

/** Bar lines (CSS px) closer than this are not drawn: they would grey the waveform out, not mark it. */
export const minLineGap = 4;

/** Beat and subdivision lines closer than this (CSS px) are not drawn: between the bars they would be a fog. */
export const minBeatGap = 8;

/** Hits closer than this (CSS px, the median gap) show as ticks under the waveform, not as lines across it. */
export const minHitGap = 4;

/**
 * The smallest power of two k (1, 2, 4, …) such that every k-th of marks `spacing` px apart are `room` px apart or more:
 * labels `room` wide drawn on every k-th mark never overlap. 1 when `spacing` is not a positive number (nothing to thin).
 */
export function stride(spacing, room) {
  if (!(spacing > 0) || !(room > 0) || !Number.isFinite(spacing)) return 1;
  let k = 1;
  while (k * spacing < room && k < 2 ** 30) k *= 2;
  return k;
}

/**
 * The grid lines a view draws, given the width of the shortest beat on screen (`beatPx`, CSS px) and the beats in a
 * bar: `{ beats, barStride }`. Beat lines only when beats are `minBeatGap` apart; bar lines on every `barStride`-th bar
 * (bars 1, 1 + barStride, …), the smallest power of two that keeps them `minLineGap` apart.
 */
export function gridDetail(beatPx, beatsPerBar = 4) {
  return { beats: beatPx >= minBeatGap, barStride: stride(beatPx * beatsPerBar, minLineGap) };
}

/** True when bar `number` (counted from 1) is one drawn, or labelled, at a stride of `k` bars. */
export const onStride = (number, k) => ((((number - 1) % k) + k) % k) === 0;

/**
 * How the view draws the hits at x positions `xs` (CSS px, in time order): "lines" across the view, or "ticks" under
 * the waveform when the median gap between neighbours is under `minHitGap` (a song's worth of hits as lines is a wash
 * over its waveform). Fewer than two hits: "lines".
 */
export function hitStyle(xs) {
  if (xs.length < 2) return "lines";
  const gaps = [];
  for (let i = 1; i < xs.length; i++) gaps.push(Math.abs(xs[i] - xs[i - 1]));
  gaps.sort((a, b) => a - b);
  const n = gaps.length, median = n % 2 ? gaps[(n - 1) / 2] : (gaps[n / 2 - 1] + gaps[n / 2]) / 2;
  return median < minHitGap ? "ticks" : "lines";
}

/**
 * Of labels at x positions `xs` (in order), each `width(i)` wide, the indices drawn when each must start `gap` px past
 * the end of the last one drawn: the first always, then every label with room.
 */
export function labelsWithRoom(xs, width, gap) {
  return stackedLabels(xs, width, gap, 1).flatMap((row, i) => (row === 0 ? [i] : []));
}

/**
 * Labels at x positions `xs` (in order), each `width(i)` wide, stacked on up to `rows` rows: each on the first row where
 * it starts `gap` px past the end of that row's last label. Returns the row of each (-1: no room on any, not drawn).
 */
export function stackedLabels(xs, width, gap, rows) {
  const ends = Array(rows).fill(-Infinity);
  return xs.map((x, i) => {
    const row = ends.findIndex((end) => x >= end + gap);
    if (row >= 0) ends[row] = x + width(i);
    return row;
  });
}
