// The Hit at field: the one selected hit moved to the time typed there (seconds, or bar:beat[:k/d] on the grid), or the
// reason it is not, said in words.

import { parsePosition } from "./timing.js";
import { m, setError } from "./editor-model.js";
import { showFindings } from "./editor-panels.js";

const $ = (id) => document.getElementById(id);

/**
 * Moves the selected hit to the Hit at field's time through `edit` (the controller's, one undo step); refuses text that
 * is neither seconds nor a grid position, a time outside the track, and a time on another hit, each in words.
 */
export function typedHitTime(edit) {
  const field = $("hitTime"), one = m.selected.size === 1 ? [...m.selected][0] : -1;
  const t = parsePosition(field.value.replace(/\s*\(.*\)\s*$/, ""), m.grid);
  const bad = one >= 0 && (t == null || !Number.isFinite(t)) ? `Not moved: "${field.value}" is neither seconds nor bar:beat[:k/d]` : "";
  // A time outside the track (999 s on a 108 s song, or before its start) is no place a player can hit: refused, in words.
  const end = m.state ? m.state.duration : Infinity;
  const outside = one >= 0 && !bad && (t < 0 || t > end)
    ? `Not moved: ${t.toFixed(3)} s is outside the track (0 to ${end.toFixed(3)} s)` : "";
  if (one < 0 || bad || outside) { field.classList.add("invalid"); if (bad || outside) { setError(bad || outside); showFindings(m.state); } return; }
  // Onto another hit (within 1 ms), the two would read back as one: refused, in words.
  const other = m.beats.findIndex((b, i) => i !== one && Math.abs(b - t) <= 0.001);
  if (other >= 0) {
    field.classList.add("invalid");
    setError(`Not moved: hit ${other + 1} is at ${m.beats[other].toFixed(3)} s already, and two hits there would read back as one`);
    showFindings(m.state);
    return;
  }
  field.classList.remove("invalid");
  const moved = m.beats.slice();
  moved[one] = t;
  field.blur();
  edit(moved, [t]);
}
