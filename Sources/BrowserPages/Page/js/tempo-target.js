// Where the tempo tools act ("Beat 1 here", "+ Section", "+ Stop" and "+ Delay"): pure, tested with node --test.
import { quantize, sectionAt, snapToOnset } from "./timing.js";

/**
 * Where a tempo tool acts: the one selected hit (`selected`, its time; null when none or several), else the playhead
 * snapped as the author's Snap says: to the nearest onset (`mode` "onset"), to the nearest line of the snap divisor
 * (`mode` a number), else to the nearest beat line. With `onsetFirst` (+ Section: a new song starts on its first sound,
 * seldom on the old grid's beats), Snap off takes the onset within half a beat of the playhead instead, or the beat line
 * when one is within 1/16 beat of that onset (a tempo change within a song, on its beat). Returns `{ time, what }`,
 * `what` saying which.
 */
export function tempoTarget({ selected = null, playhead, mode = "off", grid = null, onsets = [], onsetFirst = false }) {
  if (selected != null && Number.isFinite(selected)) return { time: selected, what: "the selected hit" };
  if (mode === "onset" && onsets.length) return { time: snapToOnset(playhead, onsets), what: "the onset nearest the playhead" };
  const beat = grid ? 60 / sectionAt(grid, playhead).bpm : 0;
  const near = mode === "off" && onsetFirst && beat ? snapToOnset(playhead, onsets, beat / 2) : null;
  if (near != null && onsets.includes(near)) {
    const line = quantize(near, grid);
    if (Math.abs(line - near) > beat / 16) return { time: near, what: "the onset nearest the playhead" };
    return { time: line, what: "the beat line at the onset nearest the playhead" };
  }
  const divisor = Number(mode);
  if (grid && Number.isFinite(divisor) && divisor > 0) return { time: quantize(playhead, grid, divisor), what: `the 1/${divisor} line nearest the playhead` };
  if (grid) return { time: quantize(playhead, grid), what: "the beat line nearest the playhead" };
  return { time: playhead, what: "the playhead" };
}
