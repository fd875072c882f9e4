// The grid's pauses (a chart's stops and delays) in the sections menu: each one with Go, its length (Enter sets it) and
// × (remove), and + Stop / + Delay to add one at the selected hit or the snapped playhead. The lines, sections and
// pauses after a pause move with its length, as in ArrowVortex. Acts through the controller's `actions` (editor.js).

import { goToTime, m } from "./editor-model.js";
import { addPause, pauseRows, removePause, setPauseSeconds } from "./pauses.js";
import { sectionAt } from "./timing.js";

const $ = (id) => document.getElementById(id);

/** Rebuilds the pause rows under the sections (`actions` as editor-panels.js has them); only when the grid changes. */
export function showPauseList(actions) {
  const duration = m.state ? m.state.duration : Infinity;
  const rows = m.grid ? pauseRows(m.grid, duration).map((r) => pauseRow(r, actions)) : [];
  $("pauseList").replaceChildren(...rows);
}

function pauseRow(r, actions) {
  const row = document.createElement("div");
  row.className = "pause-row";
  row.dataset.index = String(r.index);
  const what = r.delay ? "delay" : "stop";
  const go = document.createElement("button");
  go.textContent = `${what} at ${r.time.toFixed(3)} s`;
  go.disabled = r.pastEnd;
  go.title = r.pastEnd ? "After the track's end: set its length or remove it here" : `Go to this ${what}`;
  go.onclick = () => goToTime(r.time, actions.setView);
  const seconds = document.createElement("input");
  seconds.type = "number"; seconds.step = "any"; seconds.min = "0.001"; seconds.value = String(Number(r.seconds.toFixed(6)));
  seconds.className = "pause-seconds";
  seconds.title = `How long the music holds (seconds; Enter sets it): the lines after the ${what} move by the difference`;
  seconds.onkeydown = (e) => {
    if (e.key !== "Enter") return;
    e.stopPropagation();
    const value = Number(seconds.value);
    if (!(value > 0)) { seconds.classList.add("invalid"); return; }
    actions.setGrid(setPauseSeconds(m.grid, r.index, value));
  };
  const remove = document.createElement("button");
  remove.textContent = "×";
  remove.dataset.keepsMenu = "1";  // the menu stays open to remove another
  remove.title = `Remove this ${what} (the lines after it move ${r.seconds.toFixed(3)} s earlier)`;
  remove.onclick = () => actions.setGrid(removePause(m.grid, r.index));
  row.append(go, " ", seconds, " s ", remove);
  return row;
}

/**
 * Wires + Stop and + Delay: a pause at `target()` (the selected hit, else the playhead snapped as Snap says) lasting
 * the length typed beside them, else one beat of the section there; what happened (or why nothing did) in `#tapInfo`.
 */
export function wirePauseTools({ setGrid, target }) {
  const add = (delay) => () => {
    if (!m.grid) return;
    const at = target().time, typed = Number($("pauseSeconds").value);
    const seconds = $("pauseSeconds").value.trim() && typed > 0 ? typed : 60 / sectionAt(m.grid, at).bpm;
    const grid = addPause(m.grid, at, seconds, { delay });
    const what = delay ? "delay" : "stop";
    if (grid === m.grid) {
      $("tapInfo").textContent = `no ${what} added at ${at.toFixed(3)} s: a pause already holds the music there`;
      return;
    }
    // The hits after it move with their lines while Hits keep their beats is on (setGrid says how many, and by how much).
    $("tapInfo").textContent = "";
    setGrid(grid);
    const carried = $("tapInfo").textContent;
    $("tapInfo").textContent = `${what} of ${seconds.toFixed(3)} s at ${at.toFixed(3)} s: the lines after it moved later`
      + (carried ? `, and ${carried}` : ", the hits staying where they are (Ctrl+Z undoes)");
  };
  $("addStop").onclick = add(false);
  $("addDelay").onclick = add(true);
}
