// Pure timing maths: snapping to onsets, quantizing to a grid, grid lines, tap latency. No DOM, no audio:
// tested with node --test (Tests/page/timing.test.mjs). A grid with pauses (a chart's stops and delays) is worked
// out on musical time, its pauses taken out, and put back on the audio's time (pauses.js).
import { audioTime, hasPauses, musicalTime, pausesOf, withPausesOf, withoutPauses } from "./pauses.js";

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

/**
 * The grid's tempo sections, in time order. A grid is `{ bpm, offset, beatsPerBar, sections }`: its first section runs
 * at `bpm` through `offset` (reaching back before it); each entry `{ time, bpm }` of `sections` starts another that
 * restarts the grid at its time, as osu! and Quaver timing points do, and starts a bar there. Each section is `{ offset,
 * bpm, from, to, firstBar, index }`: its first line, its tempo, the times it covers, the number of its first bar
 * (bars counted from 1 at the grid's offset) and its place. Entries at or before the section they follow are ignored.
 */
export function sectionsOf(grid) {
  if (hasPauses(grid)) {
    const p = pausesOf(grid), at = (m) => (Number.isFinite(m) ? audioTime(p, m) : m);
    return sectionsOf(withoutPauses(grid)).map((s) => ({ ...s, offset: at(s.offset), from: at(s.from), to: at(s.to) }));
  }
  const perBar = grid.beatsPerBar || 4;
  const out = [{ offset: grid.offset, bpm: grid.bpm, from: -Infinity, to: Infinity, firstBar: 1, index: 0 }];
  const extra = (grid.sections || []).filter((x) => Number.isFinite(x.time) && x.bpm > 0).slice().sort((a, b) => a.time - b.time);
  for (const x of extra) {
    const last = out[out.length - 1];
    if (!(x.time > last.offset)) continue;
    last.to = x.time;
    const bars = Math.ceil((x.time - last.offset) * last.bpm / 60 / perBar - 1e-9);
    out.push({ offset: x.time, bpm: x.bpm, from: x.time, to: Infinity, firstBar: last.firstBar + Math.max(1, bars), index: out.length });
  }
  return out;
}

/**
 * The tempo sections as the sections list shows them: each one's number from 1, its start (the first's is the grid's
 * offset), tempo and first bar, and whether it starts at or after the track's end (`duration` seconds), where the
 * timeline cannot show it.
 */
export function sectionRows(grid, duration) {
  return sectionsOf(grid).map((s) => ({
    number: s.index + 1, time: s.offset, bpm: s.bpm, bar: s.firstBar, pastEnd: Number.isFinite(duration) && s.offset >= duration,
  }));
}

/**
 * The stretch of the track (seconds, inside 0…`duration`) that the section holding `t` covers: the first section from
 * the track's start, the last to its end; with the section's `index`. Null for a section after the track's end.
 */
export function sectionStretch(grid, t, duration) {
  const s = sectionAt(grid, t);
  const from = s.index === 0 ? 0 : Math.max(0, s.offset), to = Math.min(s.to, duration);
  return to > from ? { index: s.index, from, to } : null;
}

/**
 * How close (seconds) two times are to be the same place of the grid: a hit this close to a section's start is that
 * section's first beat, whatever the float noise of a fitted start (40.00000013 s against a hit at 40.0 s), and a
 * section is not added where one already starts. Far under any line spacing (1/16 at 300 BPM is 12.5 ms).
 */
export const SAME_PLACE = 1e-4;

/** The section of the grid that holds time `t` (a section's start within `SAME_PLACE` counts as in it). */
export function sectionAt(grid, t) {
  const all = sectionsOf(grid);
  let i = 0;
  while (i + 1 < all.length && t >= all[i + 1].from - SAME_PLACE) i++;
  return all[i];
}

/**
 * `t` moved to the nearest line of the grid (`divisor` lines a beat, each section's from its own start). The next
 * section's start is a line too, so a time just before it can move onto it.
 */
export function quantize(t, grid, divisor = 1) {
  if (hasPauses(grid)) { const p = pausesOf(grid); return audioTime(p, quantize(musicalTime(p, t), withoutPauses(grid), divisor)); }
  const s = sectionAt(grid, t), p = 60 / s.bpm / divisor;
  const below = s.offset + Math.floor((t - s.offset) / p + 1e-9) * p;
  const candidates = [below, below + p].filter((x) => x < s.to - 1e-9);
  if (Number.isFinite(s.to)) candidates.push(s.to);
  return candidates.reduce((a, b) => (Math.abs(b - t) < Math.abs(a - t) ? b : a));
}

/** The grid's lines in `from`…`to` seconds (one a beat, or `divisor` a beat), at most `limit` of them. */
export function gridLines(grid, from, to, limit = 10000, divisor = 1) {
  return markedLines(grid, from, to, divisor, limit).map((l) => l.time);
}

/**
 * The lines of the grid (see `sectionsOf`) in `from`…`to` seconds at `divisor` lines a beat, each with its kind: "bar"
 * (every `beatsPerBar` beats from its section's start), "beat", or "sub"; at most `limit` of them.
 */
export function markedLines(grid, from, to, divisor = 1, limit = 10000) {
  if (hasPauses(grid)) {
    // A line on a pause's place at the view's end is still inside the view (a stop's sits at the pause's start).
    const p = pausesOf(grid), lines = markedLines(withoutPauses(grid), musicalTime(p, from), musicalTime(p, to) + 1e-9, divisor, limit);
    return lines.map((l) => ({ ...l, time: audioTime(p, l.time) })).filter((l) => l.time >= from && l.time < to);
  }
  const lines = [], perBar = (grid.beatsPerBar || 4) * divisor;
  if (!(Number.isFinite(60 / grid.bpm) && grid.bpm > 0) || !(to > from) || !(divisor >= 1)) return lines;
  for (const s of sectionsOf(grid)) {
    const a = Math.max(from, s.from), b = Math.min(to, s.to), p = 60 / s.bpm / divisor;
    if (!(b > a)) continue;
    for (let k = Math.ceil((a - s.offset) / p - 1e-9); lines.length < limit; k++) {
      const time = s.offset + k * p;
      if (time >= b) break;
      const kind = ((k % perBar) + perBar) % perBar === 0 ? "bar" : ((k % divisor) + divisor) % divisor === 0 ? "beat" : "sub";
      lines.push({ time, kind });
    }
  }
  return lines;
}

/** `t` moved to the nearest line of `divisor` lines a beat on the grid. */
export const snapToGrid = (t, grid, divisor = 1) => quantize(t, grid, divisor);

/** The grid with the section that holds `t` changed by `change(section)` → `{ time or offset, bpm }` (sections sorted). */
function changeSection(grid, t, change) {
  const s = sectionAt(grid, t), sections = sectionsOf(grid).slice(1).map((x) => ({ time: x.offset, bpm: x.bpm }));
  if (s.index === 0) { const c = change(s); return { ...grid, bpm: c.bpm, offset: c.time, sections }; }
  const c = change(s);
  sections[s.index - 1] = { time: c.time, bpm: c.bpm };
  return { ...grid, sections };
}

/** How many of `hits` lie within 1.5 ms of a line of 1/12 or 1/16 of a beat of `grid` (an editor's snap). */
export function snappedCount(grid, hits) {
  return hits.filter((t) => onLine(t, grid, 12) || onLine(t, grid, 16)).length;
}

/** Whether `t` lies within 1.5 ms of a line of 1/`divisor` beat of `grid` (on it, as an editor's snap put it). */
export const onLine = (t, grid, divisor) => Math.abs(quantize(t, grid, divisor) - t) <= 0.0015;

/**
 * Whether moving every hit `seconds` should move the map's own `grid` with them: yes when the hits sit on its lines
 * now at least as many as they would moved alone (a chart whose offset is off: its notes keep their snap), no when
 * moving them alone puts more on its lines (notes that were moved off a right grid go back onto it).
 */
export function shiftMovesGrid(grid, hits, seconds) {
  return snappedCount(grid, hits) >= snappedCount(grid, hits.map((t) => t + seconds));
}

/** The grid moved `seconds` later in time, every section and pause with it (its beats keep their numbers). */
export function shiftGrid(grid, seconds) {
  const moved = { ...grid, offset: grid.offset + seconds, sections: (grid.sections || []).map((x) => ({ ...x, time: x.time + seconds })) };
  return grid.stops ? { ...moved, stops: grid.stops.map((x) => ({ ...x, time: x.time + seconds })) } : moved;
}

/**
 * `edit(grid, time, …rest)`, an edit of the grid at `time`, made on musical time when the grid has pauses: each pause
 * keeps its time and length, and the lines after it follow the edit.
 */
const onMusicalTime = (edit) => (grid, time, ...rest) => {
  if (!hasPauses(grid)) return edit(grid, time, ...rest);
  const at = time === undefined ? undefined : musicalTime(pausesOf(grid), time);
  return withPausesOf(edit(withoutPauses(grid), at, ...rest), grid);
};

/**
 * The grid with the section under `anchor` (seconds) at `factor` times its tempo (2, 1/2, 3/2, 2/3). Every section keeps
 * its start, a bar line: the grid keeps its phase wherever the playhead is (×2 keeps every line; ÷2 keeps beats 1 and 3
 * of each bar; ×2 then ÷2 gives the grid back, and the bars keep their numbers).
 */
export function scaleTempo(grid, factor, anchor = grid.offset) {
  return scaledAt(grid, anchor, factor);
}

const scaledAt = onMusicalTime((grid, anchor, factor) => changeSection(grid, anchor, (s) => ({ time: s.offset, bpm: s.bpm * factor })));

/**
 * A tempo as the BPM field shows it: three decimals ("210.000"), or as many as it holds up to six when three would
 * round it (a typed 209.98765 shows as typed, not as 209.988).
 */
export function bpmText(bpm) {
  const three = bpm.toFixed(3);
  return Math.abs(Number(three) - bpm) < 1e-9 ? three : String(Number(bpm.toFixed(6)));
}

/** A tempo at the precision it was shown or typed with: `bpm` rounded to `decimals` places (88.0 sets 88, not 87.996). */
export const shownTempo = (bpm, decimals) => Number(bpm.toFixed(decimals));

/** The grid with the section under `anchor` moved by half a beat (a later section only while it stays after the one before). */
export const shiftHalfBeat = (grid, anchor = grid.offset) => halfBeatAt(grid, anchor);

const halfBeatAt = onMusicalTime((grid, anchor) => changeSection(grid, anchor, (s) => ({ time: s.offset + 30 / s.bpm, bpm: s.bpm })));

/**
 * The one-click fix of a beat list at the wrong octave of the track's pulse (the checker's `beatmap.tempo_octave`):
 * `verdict` "half" doubles the grid's tempo where `anchor` is (every line stays a line), "double" halves it there and
 * moves it by one old beat when `anchor` (a beat whose onsets are the stronger) would fall between the new lines; then
 * the hits are the new grid's beats from the first hit to the last (`hitsFromGrid`). Returns `{ grid, hits }`.
 */
export function octaveFix(grid, hits, verdict, anchor, duration) {
  let fixed = scaleTempo(grid, verdict === "half" ? 2 : 1 / 2, anchor);
  if (verdict !== "half" && Math.abs(quantize(anchor, fixed) - anchor) > 0.25 * 60 / sectionAt(fixed, anchor).bpm) {
    fixed = shiftHalfBeat(fixed, anchor);
  }
  return { grid: fixed, hits: hitsFromGrid(fixed, hits, 0, duration) };
}

const nano = (key, v) => (typeof v === "number" ? Math.round(v * 1e9) / 1e9 : v);
/** Whether grids `a` and `b` are the same to the nanosecond (an edit that leaves a grid where it is changes nothing). */
export const sameGrid = (a, b) => JSON.stringify(a, nano) === JSON.stringify(b, nano);

/**
 * The grid with beat 1 of a bar at `t`: the section that holds `t` moved so that a bar line of it falls there, its start
 * the one of those bar lines nearest where it was. The bars keep their numbers (a downbeat at 5.36 s on a grid from
 * 0.028 s stays bar 5, not bar 1 with four bars before it); a later section that could not stay after the one before
 * starts at `t` itself.
 */
export const setDownbeat = onMusicalTime((grid, t) => {
  const s = sectionAt(grid, t), bar = (grid.beatsPerBar || 4) * 60 / s.bpm;
  const start = t - Math.round((t - s.offset) / bar) * bar;
  const before = s.index > 0 ? sectionsOf(grid)[s.index - 1].offset : -Infinity;
  return changeSection(grid, t, () => ({ time: start > before ? start : t, bpm: s.bpm }));
});

/** The grid with the section under `t` at `bpm`. */
export const setSectionBpm = onMusicalTime((grid, t, bpm) => changeSection(grid, t, (s) => ({ time: s.offset, bpm })));

/**
 * The grid with a new tempo section from the beat line nearest `t` (or from `t` itself with `exact`: a hit, an onset or a
 * snapped line the author chose; a bar starts there), at the tempo of the section it splits; unchanged when a section
 * already starts there (within `SAME_PLACE`).
 */
export const addSection = onMusicalTime(addSectionAt);

function addSectionAt(grid, t, { exact = false } = {}) {
  const s = sectionAt(grid, t), at = exact ? t : quantize(t, grid);
  const all = sectionsOf(grid);
  if (all.some((x) => Math.abs(x.offset - at) < SAME_PLACE)) return grid;
  const sections = all.slice(1).map((x) => ({ time: x.offset, bpm: x.bpm })).concat([{ time: at, bpm: s.bpm }]);
  return { ...grid, sections: sections.sort((a, b) => a.time - b.time) };
}

/** The grid without the section that holds `t` (the one before it runs on); the first section stays. */
export const removeSection = onMusicalTime((grid, t) => {
  const s = sectionAt(grid, t);
  if (s.index === 0) return grid;
  const sections = sectionsOf(grid).slice(1).map((x) => ({ time: x.offset, bpm: x.bpm }));
  sections.splice(s.index - 1, 1);
  return { ...grid, sections };
});

/**
 * The grid with the section that starts at `from` starting at `to` instead, at its tempo, the other sections where they
 * are (the first section's start is the grid's offset); unchanged when no section starts at `from`, `to` is not a time,
 * or `to` is not after the section before it and before the one after it, which would reorder them.
 */
export function moveSection(grid, from, to) {
  const all = sectionsOf(grid), k = all.findIndex((x) => Math.abs(x.offset - from) < SAME_PLACE);
  if (k < 0 || !Number.isFinite(to)) return grid;
  if ((k > 0 && !(to > all[k - 1].offset + SAME_PLACE)) || (k + 1 < all.length && !(to < all[k + 1].offset - SAME_PLACE))) return grid;
  if (k === 0) return { ...grid, offset: to };
  const bpm = all[k].bpm, without = removeSection(grid, from + 1e-9);
  return setSectionBpm(addSection(without, to, { exact: true }), to + 1e-9, bpm);
}

/**
 * The tempo of taps (seconds, in order): the least-squares slope of tap time against tap number, as BPM, and the
 * spread (standard deviation) of the intervals in ms; null with fewer than 4 taps.
 */
export function tapTempo(taps) {
  const n = taps.length;
  if (n < 4) return null;
  const mk = (n - 1) / 2, mt = taps.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  taps.forEach((t, k) => { sxy += (k - mk) * (t - mt); sxx += (k - mk) * (k - mk); });
  const period = sxy / sxx;
  if (!(period > 0)) return null;
  const gaps = taps.slice(1).map((t, k) => t - taps[k]);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const spread = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) * (g - mean), 0) / gaps.length);
  return { bpm: 60 / period, spreadMs: spread * 1000 };
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

/**
 * A position typed by the author: seconds ("12.345", "12.345 s"), or bar:beat[:k/d] on the grid (bars and beats
 * counted from 1 at the grid's offset, k/d of a beat after it; "5:3:1/4" is a quarter of a beat after bar 5's
 * third beat). Null when the text is neither, or names bar:beat without a grid.
 */
export function parsePosition(text, grid) {
  const s = text.trim();
  const seconds = /^(-?\d+(?:\.\d*)?|-?\.\d+)\s*s?$/.exec(s);
  if (seconds) return Number(seconds[1]);
  const bb = /^(\d+):(\d+)(?::(\d+)\/(\d+))?$/.exec(s);
  if (!bb || !grid) return null;
  if (hasPauses(grid)) { const at = parsePosition(s, withoutPauses(grid)); return at === null ? null : audioTime(pausesOf(grid), at); }
  const [bar, beat] = [Number(bb[1]), Number(bb[2])];
  const k = bb[3] == null ? 0 : Number(bb[3]), d = bb[4] == null ? 1 : Number(bb[4]);
  const perBar = grid.beatsPerBar || 4;
  if (bar < 1 || beat < 1 || beat > perBar || d < 1 || k >= d) return null;
  const section = sectionsOf(grid).filter((x) => x.firstBar <= bar).pop();
  return section.offset + ((bar - section.firstBar) * perBar + (beat - 1) + k / d) * 60 / section.bpm;
}

/** Where `t` sits on the grid, as "bar:beat" plus the nearest 1/`divisor` of the beat ("5:3:1/4"); "" without a grid.
 * `divisor` 0: the coarsest row that holds `t` within 1 ms ("5:2:1/3"), else "≈" and the nearest 1/48. */
export function formatPosition(t, grid, divisor = 4) {
  if (!grid || !(grid.bpm > 0)) return "";
  if (hasPauses(grid)) return formatPosition(musicalTime(pausesOf(grid), t), withoutPauses(grid), divisor);
  const perBar = grid.beatsPerBar || 4, s = sectionAt(grid, t), at = (t - s.offset) * s.bpm / 60;
  if (divisor === 0) {
    const d = [1, 2, 3, 4, 6, 8, 12, 16, 24, 48].find((n) => Math.abs(at * n - Math.round(at * n)) / n * 60 / s.bpm <= 0.001);
    return (d ? "" : "≈") + formatPosition(t, grid, d || 48);
  }
  const steps = Math.round(at * divisor);
  const beats = Math.floor(steps / divisor), k = steps - beats * divisor;
  const bars = Math.floor(beats / perBar), beat = beats - bars * perBar + 1;
  return `${s.firstBar + bars}:${beat}` + (k ? `:${k}/${divisor}` : "");
}

/** The number of the bar whose line is at or just before `t` on the grid, counted through its sections as `formatPosition` counts. */
export function barNumber(t, grid) {
  if (hasPauses(grid)) return barNumber(musicalTime(pausesOf(grid), t), withoutPauses(grid));
  const perBar = grid.beatsPerBar || 4, s = sectionAt(grid, t);
  // A time a hair before a later section's start is that section's first beat (`SAME_PLACE`).
  const from = s.index > 0 ? Math.max(t, s.offset) : t;
  return s.firstBar + Math.floor(Math.round((from - s.offset) * s.bpm / 60 * 1e6) / 1e6 / perBar);
}

/** The metronome's ticks in `from`…`to` seconds: one on each beat of the grid, accented on the first beat of a bar. */
export const metronomeTicks = (grid, from, to) =>
  markedLines(grid, from, to, 1).map((line) => ({ time: line.time, accent: line.kind === "bar" }));

/**
 * The hits a grid makes over the span of `hits` (from the first to the last, within a quarter beat), or over
 * `from`…`to` when there are none: one on every beat line. With ×2 first, a draft at half tempo becomes one at the
 * right tempo in two clicks.
 */
export function hitsFromGrid(grid, hits, from, to) {
  const slack = 15 / Math.max(grid.bpm, ...sectionsOf(grid).map((s) => s.bpm));
  const start = hits.length ? hits[0] - slack : from, end = hits.length ? hits[hits.length - 1] + slack : to;
  return gridLines(grid, start, end);
}

/**
 * The ruler's labelled times in `from`…`to` seconds: a round step (1, 2 or 5 × 10^k s) that gives about `labels` of
 * them, and each time's text (seconds with as many decimals as the step needs; m:ss from a minute).
 */
export function rulerTicks(from, to, labels = 10) {
  const span = to - from;
  if (!(span > 0) || !(labels >= 1)) return [];
  const raw = span / labels, magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= raw * (1 - 1e-9));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const ticks = [];
  for (let k = Math.ceil(from / step - 1e-9); k * step <= to + 1e-9 && ticks.length < 1000; k++) {
    const t = Number((k * step).toFixed(decimals + 1));
    const text = t >= 60 && decimals === 0
      ? `${Math.floor(t / 60)}:${String(Math.round(t % 60)).padStart(2, "0")}`
      : `${t.toFixed(decimals)}`;
    ticks.push({ time: t, text });
  }
  return ticks;
}
