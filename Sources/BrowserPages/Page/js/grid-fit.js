// Whether the editor's grid fits the chart's hits, and the grid that would. A chart's hits were written on its rows, so
// nearly all sit on lines of 1/12 or 1/16 of a beat of the grid they were written on; a grid typed or moved in the
// editor (its offset 60 ms late, 175 BPM on a 180 BPM chart) leaves them between its lines, while the check against the
// audio, which judges the hits, finds nothing wrong. A save would then put each hit on the nearest row of that grid.

import { onLine, quantize, sectionAt, sectionsOf, shiftGrid, snappedCount } from "./timing.js";

/** A shift this close to none (seconds), or to half a beat, is that. */
const SAME = 0.0015;
/** Fewer hits than this say nothing of their grid. */
const FEWEST = 16;
/** Below this share of hits on the grid's lines the grid does not fit them… */
const MISFIT = 0.5;
/** …and a grid that puts at least this share on its lines is offered instead. */
const FITS = 0.8;

/** Whether score `a` beats `b`, comparing their first figures first. */
const ahead = (a, b) => { const i = a.findIndex((x, k) => x !== b[k]); return i >= 0 && a[i] > b[i]; };

const onLines = (grid, hits, divisor) => hits.filter((t) => onLine(t, grid, divisor)).length;

/**
 * The shift (seconds) that puts the most of `hits` on `grid`'s lines, and how many it puts there (`snappedCount`). The
 * hits on 1/4-beat lines of the grid they were written on share one distance to this grid's nearest 1/4 line (the
 * peak of a histogram of 0.5 ms bins): that distance, or it plus a whole number of quarter beats. Of those, the shift
 * that puts the most hits on beats wins (a chart has more on its beats than on its 16ths), then on 1/2 lines, then the
 * smallest; the shift stays within half a beat.
 */
export function bestShift(grid, hits) {
  const quarter = 60 / sectionAt(grid, hits[0]).bpm / 4;
  const residuals = hits.map((t) => t - quantize(t, grid, 4));
  const bins = new Map();
  for (const r of residuals) { const k = Math.round(r / 0.0005); bins.set(k, (bins.get(k) || 0) + 1); }
  let peak = 0, most = -1;
  for (const [k, n] of bins) {
    const around = n + (bins.get(k - 1) || 0) + (bins.get(k + 1) || 0);
    if (around > most) { most = around; peak = k; }
  }
  const near = residuals.filter((r) => Math.abs(r / 0.0005 - peak) <= 1.5).sort((a, b) => a - b);
  const r = near[Math.floor(near.length / 2)];
  let best = null;
  for (let k = -2; k <= 2; k++) {
    const seconds = r + k * quarter;
    if (Math.abs(seconds) > 2 * quarter + 1e-9) continue;
    const g = shiftGrid(grid, seconds);
    const score = [onLines(g, hits, 1), onLines(g, hits, 2), -Math.abs(seconds)];
    if (!best || ahead(score, best.score)) best = { seconds, grid: g, score };
  }
  return { seconds: best.seconds, grid: best.grid, count: snappedCount(best.grid, hits) };
}

/**
 * Whether `grid` fits `hits`: null when it does (half of them or more on its 1/12 or 1/16 lines), or when there are too
 * few to tell, or when no grid near it fits them better. Else `{ count, total, fix }`: how many are on its lines now,
 * and the grid that puts at least 80 % of them there: this one moved (`fix.seconds`), or for a grid of one section, one
 * of `tempos` (the track's tempo candidates) at the offset that fits best (`fix.bpm`). `fix.count` is how many it puts
 * on its lines. A grid of several sections is judged section by section (a section started off its song's beats, its
 * hits 0.43 beat off its lines, while the others fit): the first that does not fit is said (`section`, from 1, its
 * figures its own hits'), its fix that section's start moved (while it stays between its neighbours' starts).
 */
export function gridMisfit(grid, hits, tempos = []) {
  if (!grid) return null;
  const sections = sectionsOf(grid);
  if (sections.length === 1) return wholeMisfit(grid, hits, tempos);
  for (const s of sections) {
    if ((grid.stops || []).some((p) => p.time >= s.from && p.time < s.to)) continue;
    const own = { bpm: s.bpm, offset: s.offset, beatsPerBar: grid.beatsPerBar || 4 };
    const found = wholeMisfit(own, hits.filter((t) => t >= s.from && t < s.to), []);
    if (!found) continue;
    const start = s.offset + found.fix.seconds, before = sections[s.index - 1], after = sections[s.index + 1];
    if ((before && start <= before.offset + 0.001) || (after && start >= after.offset - 0.001)) continue;
    const moved = s.index === 0
      ? { ...grid, offset: start }
      : { ...grid, sections: sections.slice(1).map((x) => ({ time: x.index === s.index ? start : x.offset, bpm: x.bpm })) };
    return { ...found, section: s.index + 1, fix: { ...found.fix, grid: moved } };
  }
  return null;
}

/**
 * A grid whose lines the hits are on, moved a fraction of a beat (a quarter, a third, 20 ms on a 180 BPM chart lands on
 * its 1/16 lines): the hits the chart has on its beats sit on its 16ths. Said (`beats`: how many sit on its beats now,
 * and moved) when a shift puts at least twice as many on beats, and a quarter of all or more, every hit still on a line;
 * not for half a beat, where a chart's hits on its beats and its 8ths trade places (the check's `beatmap.grid_phase`
 * judges that one from the audio).
 */
function beatMisfit(grid, hits, count) {
  const best = bestShift(grid, hits), quarter = 60 / sectionAt(grid, hits[0]).bpm / 4;
  if (Math.abs(best.seconds) < SAME || Math.abs(Math.abs(best.seconds) - 2 * quarter) < SAME) return null;
  const now = onLines(grid, hits, 1), fixed = onLines(best.grid, hits, 1);
  if (fixed < 2 * now || fixed < 0.25 * hits.length || best.count < FITS * hits.length) return null;
  return { count, total: hits.length, beats: { now, fixed }, fix: { ...best, bpm: null } };
}

/** `gridMisfit` of a grid of one section. */
function wholeMisfit(grid, hits, tempos) {
  if (hits.length < FEWEST) return null;
  const count = snappedCount(grid, hits);
  if (count >= MISFIT * hits.length) return beatMisfit(grid, hits, count);
  let best = { ...bestShift(grid, hits), bpm: null };
  for (const bpm of tempos) {
    if (!(bpm > 0) || Math.abs(bpm - grid.bpm) < 1e-9) continue;
    const tried = bestShift({ ...grid, bpm }, hits);
    if (tried.count > best.count) best = { ...tried, bpm };
  }
  return best.count >= FITS * hits.length ? { count, total: hits.length, fix: best } : null;
}
