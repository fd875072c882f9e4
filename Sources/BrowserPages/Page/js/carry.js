// Hits that keep their beats through a tempo edit, as ArrowVortex and StepMania keep notes on their rows: the grid's
// edit is made, and every hit, every later section and every pause moves with the beats it sits on. No DOM: tested
// with node --test (Tests/page/carry.test.mjs).
import { audioTime, musicalTime, pausesOf, withPausesOf, withoutPauses } from "./pauses.js";
import { sectionsOf } from "./timing.js";

// Two section starts closer than this are the same start (far under a 1/16 line at 300 BPM, 12.5 ms).
const SAME = 1e-6;

/**
 * Which section of `before` each section of `after` continues (both from `sectionsOf`, on musical time): the same
 * place in the list when an edit kept their number, the sections after it one on when an edit removed one; null when
 * the edit added a section (it changes no tempo: nothing moves) or removed the first.
 */
function continues(before, after) {
  if (after.length === before.length) return after.map((_, i) => i);
  if (after.length !== before.length - 1) return null;
  let k = after.findIndex((s, i) => Math.abs(s.offset - before[i].offset) > SAME);
  if (k < 0) k = after.length;
  return k === 0 ? null : after.map((_, i) => (i < k ? i : i + 1));
}

/** The beats of `sections` from the start of section `from` to the start of section `to` (`from` ≤ `to`). */
function beatsBetween(sections, from, to) {
  let beats = 0;
  for (let j = from; j < to; j++) beats += (sections[j + 1].offset - sections[j].offset) * sections[j].bpm / 60;
  return beats;
}

/** The index of the section of `sections` that holds musical time `t` (the first for a time before it). */
function holding(sections, t) {
  let k = 0;
  while (k + 1 < sections.length && t >= sections[k + 1].offset) k++;
  return k;
}

/**
 * The edit of grid `from` into grid `to` made with `hits` (seconds) keeping their beats: returns `{ grid, hits }`, the
 * grid with `to`'s tempi and starts of sections moved as `to` moved them, every later section, pause and hit carried
 * with the beats before it, and the hits carried in the same order. Each hit keeps its bar and beat: its beats from the
 * start of its section (of the section it runs on in, when the edit removed its own) at the new tempo from that
 * section's new start. An edit that added a section (at the tempo there) or a pause keeps every beat where it was
 * on the music's time. Returns `{ grid: to, hits }` unchanged when the sections do not correspond.
 */
export function carried(from, to, hits) {
  const a = sectionsOf(withoutPauses(from)), b = sectionsOf(withoutPauses(to)), corr = continues(a, b);
  if (!corr) return { grid: to, hits };
  // Each section of `to` starts where the beats before it now end, moved as the edit moved its own start.
  const starts = [b[0].offset];
  for (let i = 1; i < b.length; i++) {
    const beats = beatsBetween(a, corr[i - 1], corr[i]);
    starts.push(starts[i - 1] + beats * 60 / b[i - 1].bpm + (b[i].offset - a[corr[i]].offset));
  }
  const owner = (j) => { let i = 0; while (i + 1 < corr.length && corr[i + 1] <= j) i++; return i; };
  const move = (t) => {
    const j = holding(a, t), i = owner(j);
    const beats = beatsBetween(a, corr[i], j) + (t - a[j].offset) * a[j].bpm / 60;
    return starts[i] + beats * 60 / b[i].bpm;
  };
  const before = pausesOf(from), edited = pausesOf(to);
  // The same pauses (an edit of tempo): each carried with its beat; pauses the edit changed: as it left them.
  const same = before.length === edited.length && before.every((p, k) => p.time === edited[k].time && p.seconds === edited[k].seconds && !p.delay === !edited[k].delay);
  const places = same ? before.map((p) => move(p.at)) : edited.map((p) => p.at);
  let held = 0;
  const stops = (same ? before : edited).map((p, k) => {
    const time = places[k] + held;
    held += p.seconds;
    return { time, seconds: p.seconds, delay: !!p.delay };
  });
  const plain = { ...to };
  delete plain.stops;
  const musical = { ...plain, offset: starts[0], bpm: b[0].bpm, sections: starts.slice(1).map((time, i) => ({ time, bpm: b[i + 1].bpm })) };
  const grid = stops.length ? withPausesOf(musical, { stops }) : musical;
  const after = pausesOf(grid);
  return { grid, hits: hits.map((t) => audioTime(after, move(musicalTime(before, t)))) };
}
