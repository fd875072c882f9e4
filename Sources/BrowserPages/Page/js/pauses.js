// A grid's pauses (a chart's stops and delays): the time the music holds still while the audio plays on. No DOM:
// tested with node --test (Tests/page/pauses.test.mjs).
//
// A grid may carry `stops: [{ time, seconds, delay }]`, each at the audio time it starts and lasting `seconds`. The
// grid's lines are worked out on the music's own time, the audio's with every pause taken out ("musical" time below),
// and put back on the audio's time after: a line on a stop's beat sits where the stop starts (a hit there comes before
// the pause, as StepMania's #STOPS), one on a delay's beat where it ends (#DELAYS), and none lies inside a pause.

/**
 * The grid's pauses in time order, the usable ones (a finite start, a length above zero), each with `at`, its place in
 * musical time.
 */
export function pausesOf(grid) {
  const list = (grid && Array.isArray(grid.stops) ? grid.stops : [])
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.seconds) && p.seconds > 0)
    .slice().sort((a, b) => a.time - b.time);
  let held = 0;
  return list.map((p) => {
    const at = p.time - held;
    held += p.seconds;
    return { ...p, at };
  });
}

/** True when the grid holds a pause. */
export const hasPauses = (grid) => pausesOf(grid).length > 0;

/** The musical time of audio time `t` (`pauses` from `pausesOf`): `t` less the pauses before it; inside a pause, its start. */
export function musicalTime(pauses, t) {
  let held = 0;
  for (const p of pauses) {
    if (p.time >= t) break;
    held += Math.min(p.seconds, t - p.time);
  }
  return t - held;
}

/**
 * The audio time of musical time `m` (`pauses` from `pausesOf`): `m` plus the pauses before it. A musical time on a
 * pause's own place is the pause's start for a stop and its end for a delay.
 */
export function audioTime(pauses, m) {
  let t = m;
  for (const p of pauses) {
    if (p.at > m + 1e-9 || (!p.delay && p.at > m - 1e-9)) break;
    t += p.seconds;
  }
  return t;
}

/** The grid without its pauses, every time in it musical: what the grid's own maths works on. */
export function withoutPauses(grid) {
  const pauses = pausesOf(grid), to = (t) => musicalTime(pauses, t);
  const { stops, ...rest } = grid;
  return { ...rest, offset: to(grid.offset), sections: (grid.sections || []).map((x) => ({ ...x, time: to(x.time) })) };
}

/** A grid made on musical time (`withoutPauses`) put back on the audio's time, with the pauses of `like`. */
export function withPausesOf(musical, like) {
  const pauses = pausesOf(like), to = (m) => audioTime(pauses, m);
  return {
    ...musical, offset: to(musical.offset), sections: (musical.sections || []).map((x) => ({ ...x, time: to(x.time) })),
    stops: like.stops,
  };
}

/**
 * The grid on new pauses (`stops`, at audio times, as a grid keeps them): every line and section keeps its place in
 * musical time, so each one after a pause that grew moves later by what it grew, and one after a pause removed moves
 * earlier by its length (as ArrowVortex moves the beats after a stop it inserts or changes).
 */
function repaused(grid, stops) {
  const out = withPausesOf(withoutPauses(grid), { stops });
  if (!stops.length) delete out.stops;
  return out;
}

/** The grid's pauses as the grid keeps them (`{ time, seconds, delay }`), in time order. */
const kept = (grid) => pausesOf(grid).map(({ time, seconds, delay }) => ({ time, seconds, delay: !!delay }));

/**
 * The grid with a pause of `seconds` at audio time `t`: a stop (a hit at `t` comes before it), or with `delay` a delay
 * (after it). The lines, sections and pauses after `t` move later by its length; the grid as it was (the same object)
 * when `t` or `seconds` is not usable, `t` lies inside a pause or a pause already starts there.
 */
export function addPause(grid, t, seconds, { delay = false } = {}) {
  const pauses = kept(grid);
  const clash = pauses.some((p) => Math.abs(p.time - t) < 1e-4 || (t > p.time && t < p.time + p.seconds));
  if (!grid || !Number.isFinite(t) || !(seconds > 0) || !Number.isFinite(seconds) || clash) return grid;
  const moved = pauses.map((p) => (p.time > t ? { ...p, time: p.time + seconds } : p));
  return repaused(grid, [...moved, { time: t, seconds, delay }].sort((a, b) => a.time - b.time));
}

/**
 * The grid with pause `index` (of `pauseRows`) lasting `seconds`: the lines, sections and pauses after it move by the
 * difference. Zero removes it; the grid as it was for a length not usable or an index not there.
 */
export function setPauseSeconds(grid, index, seconds) {
  const pauses = kept(grid), p = pauses[index];
  if (!p || !Number.isFinite(seconds) || seconds < 0) return grid;
  const d = seconds - p.seconds;
  const moved = pauses.map((q, k) => (k > index ? { ...q, time: q.time + d } : q));
  return repaused(grid, seconds > 0 ? moved.map((q, k) => (k === index ? { ...q, seconds } : q)) : moved.filter((_, k) => k !== index));
}

/** The grid without pause `index` (of `pauseRows`): the lines after it move earlier by its length. */
export const removePause = (grid, index) => setPauseSeconds(grid, index, 0);

/**
 * The pauses as the sections list shows them: each one's `index`, audio `time`, length `seconds`, whether it is a
 * `delay`, and whether it starts at or after the track's end (`duration` seconds).
 */
export function pauseRows(grid, duration) {
  return kept(grid).map((p, index) => ({ index, ...p, pastEnd: Number.isFinite(duration) && p.time >= duration }));
}
