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

/** The one section of `after` whose start the edit moved, all else alike (the index, above 0); -1 for any other edit. */
function movedStart(before, after) {
  if (after.length !== before.length || after.some((s, i) => s.bpm !== before[i].bpm)) return -1;
  const moved = after.map((s, i) => i).filter((i) => Math.abs(after[i].offset - before[i].offset) > SAME);
  return moved.length === 1 && moved[0] > 0 ? moved[0] : -1;
}

/** The index of the section of `sections` that holds musical time `t` (the first for a time before it). */
function holding(sections, t) {
  let k = 0;
  while (k + 1 < sections.length && t >= sections[k + 1].offset) k++;
  return k;
}

/**
 * The edit of grid `from` into grid `to` made with `hits` (seconds) keeping their beats: returns `{ grid, hits }`, the
 * grid with `to`'s tempi, and every hit, later section and pause carried with its beat. A beat is counted from the
 * grid's first line through every section at its own tempo, as StepMania counts its rows: a section's tempo set moves
 * the sections and hits after it; a section's start moved takes its own hits with it, each keeping its beat of the
 * section (the page counts bars from each section's start), every other hit staying; a section removed runs its hits
 * on at the tempo before it; the offset moved moves everything. An edit that added a section (at the tempo there) or a pause keeps
 * every beat where it was on the music's time. Returns `{ grid: to, hits }` unchanged when the sections do not
 * correspond.
 */
export function carried(from, to, hits) {
  const a = sectionsOf(withoutPauses(from)), b = sectionsOf(withoutPauses(to)), corr = continues(a, b);
  if (!corr) return { grid: to, hits };
  const moved = movedStart(a, b);
  if (moved > 0) {
    // A section's start moved (typed in its "§k from" field): its hits go with it, each keeping its beat of the
    // section, as the page counts its bars from each section's start; every other hit and section stays where it is.
    // On musical time: a stop before the section (kept at its time by the move) counts for no beats.
    const shift = b[moved].offset - a[moved].offset, before = pausesOf(from), after = pausesOf(to);
    return {
      grid: to,
      hits: hits.map((t) => {
        const m = musicalTime(before, t);
        return holding(a, m) === moved ? audioTime(after, m + shift) : t;
      }),
    };
  }
  // The beat each section of `from` starts on; the beat of each of `to`'s, that of the section it continues moved by
  // as many beats of the section before it as the edit moved its start.
  const startBeat = [0];
  for (let j = 1; j < a.length; j++) startBeat.push(startBeat[j - 1] + (a[j].offset - a[j - 1].offset) * a[j - 1].bpm / 60);
  const beatOf = b.map((s, i) => (i === 0 ? 0 : startBeat[corr[i]] + (s.offset - a[corr[i]].offset) * b[i - 1].bpm / 60));
  // Their starts: the first where the edit put it, each next after the beats between at the tempo before it.
  const starts = [b[0].offset];
  for (let i = 1; i < b.length; i++) starts.push(starts[i - 1] + (beatOf[i] - beatOf[i - 1]) * 60 / b[i - 1].bpm);
  const move = (t) => {
    const j = holding(a, t), beat = startBeat[j] + (t - a[j].offset) * a[j].bpm / 60;
    let i = 0;
    while (i + 1 < b.length && beat >= beatOf[i + 1]) i++;
    return starts[i] + (beat - beatOf[i]) * 60 / b[i].bpm;
  };
  const before = pausesOf(from), edited = pausesOf(to);
  // The same pauses (an edit of tempo): each carried with its beat; pauses the edit changed: as it left them.
  const close = (x, y) => Math.abs(x - y) < SAME;
  const same = before.length === edited.length
    && before.every((p, k) => close(p.time, edited[k].time) && close(p.seconds, edited[k].seconds) && !p.delay === !edited[k].delay);
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

/**
 * Whether setting tempo `bpm` where the grid runs at `of` re-counts the grid under the hits rather than carrying them:
 * when it is another octave of it (within 3 % of 2, 4, ½ or ¼ times it), as ×2 and ÷2 do (carried, a 108 s song's hits
 * ran to 202 s). Any other tempo, however far (125 for a section added at 180), carries them, as typing it does.
 */
export function recounts(bpm, of) {
  const octaves = Math.round(Math.log2(bpm / of));
  return octaves !== 0 && Math.abs(bpm / (of * 2 ** octaves) - 1) < 0.03;
}

/**
 * What the page says of hits carried with the grid (`before` and `after`, index for index): how many moved, and the
 * largest move, signed in ms, so a section's start typed 0.357 s later reads "251 hits moved …, by up to +357 ms".
 */
export function carriedNote(before, after) {
  const moves = after.map((t, i) => t - before[i]).filter((d) => Math.abs(d) > 5e-7);
  const most = moves.reduce((a, d) => (Math.abs(d) > Math.abs(a) ? d : a), 0);
  if (!moves.length) return "no hit moved: each keeps its time and its beat";
  const ms = `${most > 0 ? "+" : "−"}${Math.abs(most * 1000).toFixed(0)} ms`;
  return `${moves.length} hit${moves.length === 1 ? "" : "s"} moved with the grid, each keeping its beat, by up to ${ms} (Ctrl+Z undoes)`;
}
