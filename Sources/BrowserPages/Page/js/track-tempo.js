// The summary's words for the track's own tempo: its stretches of one tempo when it changes (two songs joined), else
// the whole track's reading, and the section a later stretch's tempo starts. Pure: tested with `node --test`.

import { recounts } from "./carry.js";
import { SAME_PLACE, addSection, sectionsOf, setSectionBpm } from "./timing.js";

/**
 * What the summary says of the track's own tempo.
 * - `candidates`: the whole track's tempo candidates (`GET /api/tempo`), strongest first; null or empty until known.
 * - `tempi`: the track's stretches of one tempo (`GET /api/track-tempi`, each `{time, bpm}`); null until known.
 * - `mapTempi`: how many tempi the map's grid has.
 * A track that changes tempo is said stretch by stretch ("180.0 BPM, then 125.0 from about 20.1 s"): its whole
 * reading is no tempo of either song (91.3 for songs at 180 and 125 joined). With `tempoAt` (a time to the grid's tempo
 * there), each stretch is said at the grid's octave when it is one of it (90 read where the grid runs at 180 is said
 * 180: "90 → 125" read a slow-down as a speed-up, beside tempo buttons that put 180 first). Else the whole reading, said
 * as the whole track's under a grid of several tempi. "" until there is anything to say.
 */
export function trackTempoWords(candidates, tempi, mapTempi, tempoAt = null) {
  if (tempi && tempi.length > 1) {
    const said = (t) => (tempoAt ? atOctaveOf(t.bpm, tempoAt(t.time + 1e-6)) : t.bpm).toFixed(1);
    const rest = tempi.slice(1).map((t) => `${said(t)} from about ${t.time.toFixed(1)} s`).join(", then ");
    return ` · the track's own tempo ${said(tempi[0])} BPM, then ${rest}`;
  }
  if (!candidates || !candidates.length) return "";
  const bpm = candidates[0].bpm.toFixed(1);
  return mapTempi > 1 ? ` · the whole track reads ${bpm} BPM (each section's own tempo: its candidates)` : ` · the track's own tempo ${bpm} BPM`;
}

/**
 * The track's stretch of one tempo that holds time `t` (`{index, from, to}` seconds, the last ending at `duration`),
 * when the track changes tempo (`tempi`, `GET /api/track-tempi`, has two stretches or more); else null. While the grid
 * has one section, its tempo candidates are this stretch's: the whole track's reading is no tempo of either song.
 */
export function trackStretchAt(tempi, t, duration) {
  if (!tempi || tempi.length < 2) return null;
  let index = 0;
  while (index + 1 < tempi.length && tempi[index + 1].time <= t) index += 1;
  const from = tempi[index].time, to = index + 1 < tempi.length ? tempi[index + 1].time : duration;
  return to > from ? { index, from, to } : null;
}

/**
 * The grid a tempo candidate of the track's stretch from `from` seconds sets while the grid has one section: `bpm`
 * from there, in a section of its own that starts at the track's change (on the new stretch's first beat), the
 * earlier stretch keeping the grid's tempo. The grid's one tempo for the first stretch, or a change at or before the
 * grid's start.
 */
export function gridForStretch(grid, from, bpm) {
  if (!(from > sectionsOf(grid)[0].offset + SAME_PLACE)) return setSectionBpm(grid, from, bpm);
  return setSectionBpm(addSection(grid, from, { exact: true }), from + 1e-6, bpm);
}

/** `bpm` at the octave of `of` when it is another octave of it (`recounts`: 90 read where the grid runs at 180); else `bpm`. */
export function atOctaveOf(bpm, of) {
  return of > 0 && bpm > 0 && recounts(of, bpm) ? bpm * 2 ** Math.round(Math.log2(of / bpm)) : bpm;
}
