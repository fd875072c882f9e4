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
