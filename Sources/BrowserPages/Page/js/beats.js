// Pure operations on a beat list (sorted seconds) and a selection (a Set of indices). Tested with node --test.

/** The finite times of `times`, sorted. */
export const normalized = (times) => times.filter(Number.isFinite).sort((a, b) => a - b);

/** The indices in `beats` of the times in `times` (a selection carried across an edit by time). */
export function indicesOf(beats, times) {
  const keep = new Set(times);
  const out = new Set();
  beats.forEach((t, i) => { if (keep.has(t)) out.add(i); });
  return out;
}

/** The indices of the beats within `from`…`to`, both included. */
export function indicesWithin(beats, from, to) {
  const out = new Set();
  beats.forEach((t, i) => { if (t >= from && t <= to) out.add(i); });
  return out;
}

/** True when `a` and `b` hold the same times in the same order. */
export const sameBeats = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);

/** `beats` with `f` applied to the selected ones, and the moved times of the selection (to carry it). */
export function moveSelected(beats, selected, f) {
  const moved = beats.map((t, i) => (selected.has(i) ? f(t) : t));
  return { beats: moved, selectedTimes: [...selected].filter((i) => i < beats.length).map((i) => moved[i]) };
}

/**
 * How many hits a move from `before` to `after` puts on another's place (closer than `within` seconds to the one before
 * it, where they were not): a quantize too coarse, or hits carried over others.
 */
export function stacked(before, after, within = 1e-4) {
  const close = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.filter((t, i) => i > 0 && t - s[i - 1] < within).length; };
  return close(after) - close(before);
}

/**
 * The index of the next (`direction` 1) or previous (-1) flagged beat of `verdicts` (the server's beats, each with
 * `time` and `flagged`) after or before `t`, wrapping around; -1 when none is flagged.
 */
export function nextFlagged(verdicts, t, direction) {
  const flagged = [];
  verdicts.forEach((b, i) => { if (b.flagged) flagged.push(i); });
  if (!flagged.length) return -1;
  if (direction > 0) return flagged.find((i) => verdicts[i].time > t + 1e-9) ?? flagged[0];
  return [...flagged].reverse().find((i) => verdicts[i].time < t - 1e-9) ?? flagged[flagged.length - 1];
}

/**
 * The beats with each selected beat that has a `fix` moved to it, and the moved times of the selection. A "maybe" (the
 * chart's snap placed the hit on a subdivision it uses; only the audio disagrees) has no `fix` and is never moved.
 */
export function applyFixes(verdicts, selected) {
  const beats = verdicts.map((b, i) => (selected.has(i) && b.fix != null && !b.maybe ? b.fix : b.time));
  return { beats, selectedTimes: [...selected].filter((i) => i < beats.length).map((i) => beats[i]) };
}

/**
 * The findings list's words for flagged beat `b` (the server's verdict) at index `i` (from 0): its label and, when it has a
 * fix, what follows it, the hit named "hit N" (counted from 1) as the checker's findings and the ruler name it. An error names where its fix moves it; a
 * "maybe" names the free grid line it points to and the sound there (`audio_time`; the chart's snap put the hit where it
 * is), or, when it waits for a clearer flagged neighbour, that neighbour to fix first.
 */
export function findingText(b, i) {
  // The error is the hit against the sound matched to it (the whole map's offset taken out first), not the move its fix
  // makes, which goes to a grid line: said, so the two numbers do not seem to disagree.
  // A minus sign as the summary writes it; an error with no sound matched says so (its fix still goes to a grid line).
  const ms = b.error != null ? `, ${b.error > 0 ? "+" : b.error < 0 ? "−" : ""}${Math.abs(b.error * 1000).toFixed(0)} ms from its sound`
    : b.maybe ? "" : ", no sound matched to it";
  const label = `${b.maybe ? "maybe: " : ""}hit ${i + 1} at ${b.time.toFixed(3)} s${ms}`;
  if (!b.maybe) return { label, detail: b.fix == null ? "" : ` → ${b.fix.toFixed(3)} s (its grid line) ` };
  if (b.waits_for != null) return { label, detail: ` (fix the hit at ${b.waits_for.toFixed(3)} s first: this one may be fine once it is) ` };
  if (b.maybe_place == null) return { label, detail: "" };
  const sound = b.audio_time == null ? "" : ` at ${b.audio_time.toFixed(3)} s`;
  return { label, detail: ` (the free grid line at ${b.maybe_place.toFixed(3)} s has a sound${sound}; the chart's snap put the hit here) ` };
}

/** Every beat moved by `seconds` (the whole map's offset applied), rounded to the microsecond the maps keep. */
export const shiftedBy = (beats, seconds) => beats.map((t) => Math.round((t + seconds) * 1e6) / 1e6);

/**
 * The index of the hit a press at `x` takes (`xs`: each hit's x, in time order): the nearest within `reach`, when it is
 * the only one there; -1 when none is, or when two or more are (zoomed out, a press among crowded hits grabs none).
 */
export function grabbable(xs, x, reach) {
  const near = [];
  xs.forEach((v, i) => { if (Math.abs(v - x) < reach) near.push(i); });
  return near.length === 1 ? near[0] : -1;
}

/** `t` for hit `index` of `beats` (sorted) held at least 1 ms after the hit before it and 1 ms before the one after. */
export function betweenNeighbours(beats, index, t) {
  const lo = index > 0 ? beats[index - 1] + 0.001 : -Infinity;
  const hi = index + 1 < beats.length ? beats[index + 1] - 0.001 : Infinity;
  return Math.min(Math.max(t, lo), hi);
}

/** The time of the hit a finding's message names ("beat 3 at 1.250 s", "hit 12 at 30.945 s"); null when none. */
export function findingTime(message) {
  const found = /\b(?:beat|hit) \d+ at (-?\d+(?:\.\d+)?) s\b/.exec(message);
  return found ? Number(found[1]) : null;
}

/** The index of the time in `sorted` nearest `t` (0 for an empty list). */
export function nearestIndex(sorted, t) {
  let best = 0;
  sorted.forEach((v, i) => { if (Math.abs(v - t) < Math.abs(sorted[best] - t)) best = i; });
  return best;
}
