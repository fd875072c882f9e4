// The editor page's input: the mouse on the two canvases, the toolbar's controls and the keys, each wired to the
// controller's action (editor.js passes its actions to `wire`). A drag in progress is this module's own state.

import { sendJSON } from "./api.js";
import { betweenNeighbours, grabbable, indicesWithin } from "./beats.js";
import { acceptRange, proposedNear } from "./draft.js";
import { wirePauseTools } from "./pause-list.js";
import { focusTime, m, transport } from "./editor-model.js";
import { showProposal, showSelectedTime, showState } from "./editor-panels.js";
import { fitCandidates } from "./tempo-candidates.js";
import {
  addSection, formatPosition, hitsFromGrid, moveSection, quantize, removeSection, sameGrid, scaleTempo, sectionAt, setDownbeat,
  setSectionBpm, shiftHalfBeat,
} from "./timing.js";
import { fitCanvas, tOf, xOf } from "./editor-view.js";

const $ = (id) => document.getElementById(id);
/** The controller's actions (`wire`'s argument). */
let c = null;
/** The hit or range being dragged on the detail view, or null. */
let drag = null;

// Beat 1 on a place off the grid's beats moves every line by that much: said, so an off-beat hit is not a silent trap.
function beatOneHere() {
  if (!m.grid) return;
  // With Snap off, at the onset nearest the playhead (its beat line when within 1/16 beat of it), as + Section.
  // How far off the nearest beat line it is (a pause between counts as no music), in beats: short, so that the
  // tempo candidates beside it keep their room at 1280 px; the whole sentence in its title.
  const { time: t, what } = c.target(true), period = 60 / sectionAt(m.grid, t).bpm, moved = Math.abs(t - quantize(t, m.grid)) / period;
  // On a beat that was not beat 1 the lines stay and the bar lines move: said too (it moved them with no word).
  const was = formatPosition(t, m.grid), bars = /^-?\d+:1$/.test(was) ? "" : `beat 1 is here now (it was ${was})`;
  const grid = setDownbeat(m.grid, t);
  if (sameGrid(grid, m.grid)) {
    $("tapInfo").textContent = `Beat 1 is at ${t.toFixed(3)} s already (${what}): nothing moved`;
    $("tapInfo").title = "To put beat 1 elsewhere, select a hit there, or move the playhead onto another onset or line";
    return;
  }
  c.setGrid(grid, { carry: false });
  $("tapInfo").textContent = moved * period > 0.005 ? `every line moved ${moved.toFixed(2)} beat, ${bars || "beat 1 here"} (Ctrl+Z undoes)`
    : bars ? `${bars}: the bar lines moved (Ctrl+Z undoes)` : "";
  $("tapInfo").title = moved * period > 0.005
    ? `Beat 1 here was ${moved.toFixed(2)} of a beat off the grid's beats: every line of the grid moved with it (Ctrl+Z undoes)` : "";
}

/** Wires every control of the page to `controller`'s actions, once the state is shown. */
export function wire(controller) {
  c = controller;
  wireCanvases(); wireToolbar(); wireKeys(); wireLayout();
}

function nearestBeat(x, canvas) {
  // Zoomed out, hits crowd together: where two lie within reach of the pointer, none is grabbed (a drag there marks a
  // range, it never carries a note off); zoom in to take one.
  // A hit is drawn 2 to 3 px wide: the pointer takes it within 5 px, so a drag begun in the space beside it marks a
  // range, as its look says.
  const reach = 5 * (window.devicePixelRatio || 1);
  return grabbable(m.beats.map((t) => xOf(t, m.view, canvas)), x, reach);
}

const canvasX = (e, canvas) => { const r = canvas.getBoundingClientRect(); return (e.clientX - r.left) * canvas.width / r.width; };


/**
 * The overview: a click centres the detail view there and puts the playhead there (as ArrowVortex's minimap moves its
 * cursor), so the BPM field and the tempo tools act where the author looks; a drag scrolls along.
 */
function wireOverview(o) {
  let overviewDrag = false;
  const centre = (e) => {
    const t = Math.max(0, Math.min(m.state.duration, canvasX(e, o) / o.width * m.state.duration)), w = m.view.to - m.view.from;
    transport.seek(t);
    c.setView(t - w / 2, t + w / 2);
  };
  o.addEventListener("mousedown", (e) => { overviewDrag = true; centre(e); });
  window.addEventListener("mousemove", (e) => { if (overviewDrag) centre(e); });
  window.addEventListener("mouseup", () => { overviewDrag = false; });
}

/** The two canvases: the pointer's time, the overview's click and drag, the detail's select, drag, mark, add and zoom. */
function wireCanvases() {
  const d = $("detail"), o = $("overview");
  // The time under the pointer, with its place on the grid.
  d.addEventListener("mousemove", (e) => {
    const t = tOf(canvasX(e, d), m.view, d), where = formatPosition(t, m.grid, m.divisor || 4);
    $("pointer").textContent = `pointer ${t.toFixed(3)} s` + (where ? ` · ${where}` : "");
  });
  d.addEventListener("mouseleave", () => { $("pointer").textContent = ""; });
  wireOverview(o);
  d.addEventListener("mousedown", (e) => {
    // A press on the seconds ruler along the bottom edge seeks (or marks a range), as a DAW's time ruler does: in a
    // dense chart a hit is within reach of most places above it.
    const r = d.getBoundingClientRect(), onRuler = e.clientY >= r.bottom - 16;
    const x = canvasX(e, d), i = onRuler ? -1 : nearestBeat(x, d);
    // A click on a proposed hit accepts it (Alt-click rejects it), unless a hit of the map is under the pointer.
    const p = i < 0 ? proposedNear(m.proposal, tOf(x, m.view, d), (m.view.to - m.view.from) * 6 / d.width) : -1;
    if (p >= 0) {
      const t = m.proposal[p];
      m.proposal = m.proposal.filter((_, k) => k !== p);
      if (!e.altKey) c.edit(acceptRange(m.beats, [t]), [t]);
      showProposal(); c.redraw();
      return;
    }
    if (i >= 0) {
      if (!e.shiftKey && !m.selected.has(i)) m.selected.clear();
      // Shift: a press adds the hit to the selection, a drag marks a range (in a dense chart a hit is nearly everywhere).
      m.selected.add(i); drag = { kind: "beat", index: i, start: m.beats[i], x, moved: false, marks: e.shiftKey, t0: tOf(x, m.view, d) };
    } else drag = { kind: "range", t0: tOf(x, m.view, d), x, moved: false };
    c.redraw();
  });
  window.addEventListener("mousemove", (e) => {
    if (!drag) return;
    const x = canvasX(e, d);
    if (Math.abs(x - drag.x) > 3) drag.moved = true;
    if (drag.kind === "beat" && drag.marks && drag.moved) drag = { kind: "range", t0: drag.t0, x: drag.x, moved: true };
    if (drag.kind === "beat" && drag.moved) {
      // A dragged hit stays between its neighbours: a drag never carries it past (or onto) another hit.
      const t = betweenNeighbours(m.beats, drag.index, tOf(x, m.view, d));
      m.state.beats[drag.index].time = t; m.beats[drag.index] = t; c.redraw();
    }
    if (drag.kind === "range" && drag.moved) { const t = tOf(x, m.view, d); m.selection = [Math.min(drag.t0, t), Math.max(drag.t0, t)]; c.redraw(); }
  });
  window.addEventListener("mouseup", (e) => {
    if (!drag) return;
    const x = canvasX(e, d);
    if (drag.kind === "beat" && drag.moved) {
      const moved = m.beats.slice(), t = c.placed(moved[drag.index]);
      moved[drag.index] = t;
      m.beats[drag.index] = drag.start; c.edit(moved, [t]);
    } else if (drag.kind === "range" && drag.moved) {
      m.selected = indicesWithin(m.beats, m.selection[0], m.selection[1]); c.redraw();
    } else if (drag.kind === "range") {
      m.selection = null; m.selected.clear();
      const t = tOf(x, m.view, d);
      if (transport.playing) c.play(t); else { transport.seek(t); c.redraw(); }
    }
    drag = null;
  });
  // A double-click adds a hit where the snap puts it; on a hit (the one under the pointer, or one within 1 ms of where the
  // snap puts it), it takes that hit away, as ArrowVortex toggles a note: two hits on one place read back as one.
  d.addEventListener("dblclick", (e) => {
    const x = canvasX(e, d), t = c.placed(tOf(x, m.view, d));
    let there = nearestBeat(x, d);
    if (there < 0) there = m.beats.findIndex((b) => Math.abs(b - t) <= 0.001);
    if (there >= 0) c.edit(m.beats.filter((_, i) => i !== there), []); else c.edit(m.beats.concat([t]));
  });
  d.addEventListener("wheel", (e) => {
    e.preventDefault();
    const w = m.view.to - m.view.from;
    if (e.ctrlKey) {
      const t = tOf(canvasX(e, d), m.view, d), k = e.deltaY > 0 ? 1.25 : 0.8;
      c.setView(t - (t - m.view.from) * k, t + (m.view.to - t) * k);
    } else { const dt = w * (e.deltaY + e.deltaX) / 1000; c.setView(m.view.from + dt, m.view.to + dt); }
  }, { passive: false });
}

/** The toolbar's buttons, menus and fields. */
function wireToolbar() {
  $("play").onclick = () => (transport.playing ? c.stop() : c.play());
  $("bands").onchange = () => { m.bands = $("bands").checked; c.redraw(); };
  $("mark").onclick = c.markSelection;
  $("draft").onclick = c.draft;
  $("acceptDraft").onclick = () => c.settleProposal(false);
  $("rejectDraft").onclick = () => c.settleProposal(true);
  $("sidecar").onchange = async () => {
    $("sidecarMenu").open = false;  // its one choice made
    try { c.show(await c.inOrder(() => sendJSON("/api/sidecar", "PUT", { keep: $("sidecar").checked }))); } catch (e) { c.refused(e.message); }
  };
  // Zoom keeps the playhead where it is on the screen (as a DAW's does) while it is in view; else the view's middle.
  const zoom = (factor) => () => {
    const { from, to } = m.view, p = transport.position();
    const at = p >= from && p <= to ? p : (from + to) / 2;
    c.setView(at - (at - from) * factor, at + (to - at) * factor);
  };
  $("zoomIn").onclick = zoom(1 / 2);
  $("zoomOut").onclick = zoom(2);
  $("zoomAll").onclick = () => c.setView(0, m.state.duration);
  $("undo").onclick = c.undo; $("redo").onclick = c.redo; $("save").onclick = c.save; $("saveAs").onclick = c.saveAs;
  $("snap").onclick = c.snap; $("quantize").onclick = c.quantize; $("calibrate").onclick = c.calibrate;
  // The tools that re-count the grid under the hits (×2, ½ beat, Beat 1 here) never carry them: they keep their times.
  const scale = (factor) => () => { if (m.grid) c.setGrid(scaleTempo(m.grid, factor, transport.position()), { carry: false }); };
  $("x2").onclick = scale(2); $("half").onclick = scale(1 / 2); $("x32").onclick = scale(3 / 2); $("x23").onclick = scale(2 / 3);
  $("halfBeat").onclick = () => { if (m.grid) c.setGrid(shiftHalfBeat(m.grid, transport.position()), { carry: false }); };
  $("downbeat").onclick = beatOneHere;
  $("toSelection").onclick = c.toSelection;
  $("addSection").onclick = () => {
    if (!m.grid) return;
    const { time: at, what } = c.target(true), grid = addSection(m.grid, at, { exact: true }), s = sectionAt(grid, at);
    // The playhead goes to the new section's start (when stopped), so the BPM field edits the new section.
    if (!transport.playing) transport.seek(s.offset);
    if (grid === m.grid) {
      // Nothing to add: said, not a silent click.
      $("tapInfo").textContent = `§${s.index + 1} already starts at ${s.offset.toFixed(3)} s: its BPM field and tempo buttons set it`;
      c.redraw();
      return;
    }
    // A start off the grid's beats restarts the bars there: said, as for Beat 1 here, so an off-beat hit is no silent trap.
    const period = 60 / sectionAt(m.grid, at).bpm, off = Math.abs(at - quantize(at, m.grid)) / period;
    c.setGrid(grid);
    const onset = what.includes("onset") ? " at the onset nearest the playhead," : "";
    $("tapInfo").textContent = off * period > 0.005 ? `§${s.index + 1} starts${onset} ${off.toFixed(2)} beat off the beats (Ctrl+Z undoes)` : "";
    $("tapInfo").title = off * period > 0.005
      ? `The new section starts at ${what}, ${off.toFixed(2)} of a beat off the grid's beats: its lines and bars restart there (Ctrl+Z undoes)` : "";
  };
  $("removeSection").onclick = () => { if (m.grid) c.setGrid(removeSection(m.grid, transport.position())); };
  wirePauseTools(c);
  $("fromGrid").onclick = () => { if (m.grid) c.edit(hitsFromGrid(m.grid, m.beats, 0, m.state.duration), []); };
  $("tapBpm").onclick = c.tapBpm;
  $("keepBeats").onchange = () => { if (m.state) showState(m.state); };
  $("hitTime").addEventListener("keydown", (e) => { if (e.key === "Enter") c.typeSelectedTime(); });
  $("hitTime").addEventListener("blur", () => { $("hitTime").classList.remove("invalid"); showSelectedTime(); });
  wireGridFields();
  $("divisor").onchange = () => { const v = Number($("divisor").value); m.divisor = Number.isFinite(v) ? v : 0; c.redraw(); };
  $("shift").onclick = () => {
    const ms = Number(prompt("Shift every hit, and the map's own tempo map with them, by (ms, negative = earlier):", "0"));
    if (ms) c.shiftAll(ms / 1000);
  };
}

/**
 * Whether `key` belongs to the focused control `el` rather than to the shortcuts: every key of a text or number field
 * (Enter and Esc then leave it); a slider's and a menu's arrows, Home, End and page keys (and a menu's Enter); none of a
 * checkbox's. A slider or a menu once touched keeps the other keys working (Space plays, + zooms), as they did not.
 */
function ownKey(el, key) {
  if (el.tagName === "SELECT" || (el.tagName === "INPUT" && el.type === "range")) {
    return /^(Arrow|Page)|^(Home|End)$/.test(key) || (el.tagName === "SELECT" && key === "Enter");
  }
  return el.tagName === "INPUT" && el.type !== "checkbox";
}

/** The BPM and Offset fields: both the section's under the playhead (editor-panels.js `showSection` fills them). */
function wireGridFields() {
  // An empty field is no tempo (NaN, refused as such), not 0 BPM.
  $("bpm").onchange = () => {
    const typed = $("bpm").value.trim() === "" ? NaN : Number($("bpm").value);
    c.setGrid(m.grid ? setSectionBpm(m.grid, focusTime(), typed) : { offset: 0, bpm: typed });
  };
  // The field holds the start of the section under the playhead: the grid's offset, or a later section's start (moved
  // there between its neighbours, the playhead with it).
  $("offset").onchange = () => {
    const typed = Number($("offset").value), s = m.grid ? sectionAt(m.grid, focusTime()) : null;
    if (!s || s.index === 0) return c.setGrid({ ...(m.grid || { bpm: 120 }), offset: typed });
    const moved = moveSection(m.grid, s.offset, typed);
    if (moved === m.grid) return c.refused(`Grid not changed: section ${s.index + 1} starts between the sections either side of it, not at ${$("offset").value} s`);
    c.setGrid(moved);
    if (!transport.playing) transport.seek(typed);
  };
}

/** The keys (listed in the page's help line). */
function wireKeys() {
  // A field gives the keys back once its value is in: Enter or Esc in a field, or a choice made in a menu, leaves it, so
  // the shortcuts work again without a click on the canvas.
  document.addEventListener("change", (e) => { if (e.target.tagName === "SELECT" || e.target.type === "range") e.target.blur(); });
  // A button clicked with the mouse does not keep the keys: Enter would click it again (÷2 twice); one reached with Tab does.
  document.addEventListener("click", (e) => { const b = e.target.closest && e.target.closest("button"); if (b && e.detail > 0) b.blur(); });
  window.addEventListener("keydown", (e) => {
    if (ownKey(e.target, e.key)) {
      if (e.key === "Enter" || e.key === "Escape") e.target.blur();
      return;
    }
    if (e.key === "Escape") {
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      for (const d of document.querySelectorAll("details.menu")) d.open = false;
      if (m.selected.size) { m.selected = new Set(); c.redraw(); }
      return;
    }
    const k = e.key.toLowerCase(), command = e.ctrlKey || e.metaKey;
    if (command && k === "z") { e.preventDefault(); if (e.shiftKey) c.redo(); else c.undo(); }
    else if (command && k === "y") { e.preventDefault(); c.redo(); }
    else if (command && k === "s") { e.preventDefault(); c.save(); }
    // The browser's own shortcuts (Ctrl+F find, Ctrl+P print, Ctrl+0 zoom reset …) stay the browser's: a single-key
    // command never acts with Ctrl, Cmd or Alt held (Ctrl+F applied a fix).
    else if (command || e.altKey) return;
    else if (k === " ") { e.preventDefault(); if (transport.playing) c.stop(); else c.play(); }
    else if (k === "t") c.tap();
    else if (k === "delete" || k === "backspace") { if (m.selected.size) c.edit(m.beats.filter((_, i) => !m.selected.has(i)), []); }
    else if (k === "arrowleft" || k === "arrowright") {
      e.preventDefault();
      const dt = (k === "arrowleft" ? -1 : 1) * (e.shiftKey ? 0.010 : 0.001);
      c.moveSelection((t) => t + dt);
    } else if (k === "s") c.snap();
    else if (k === "q") c.quantize();
    else if (k === "b") c.tapBpm();
    else if (k === "n") c.goToFlagged(1);
    else if (k === "p") c.goToFlagged(-1);
    else if (k === "f") c.applyFix();
    else if (k === "g") c.toSelection();
    else if (k === "+" || k === "=") $("zoomIn").onclick();
    else if (k === "-") $("zoomOut").onclick();
    else if (k === "0") $("zoomAll").onclick();
    else if (k === "]") c.cycleSnap(1);
    else if (k === "[") c.cycleSnap(-1);
  });
}

/** The layout: canvases follow the window and the rows around them; a menu closes once used or on a click elsewhere. */
function wireLayout() {
  window.addEventListener("resize", () => { fitCanvas($("overview")); fitCanvas($("detail")); fitCandidates(); c.loadOverview(); c.loadView(); });
  // A menu closes once one of its tools is used (not a list's ×, to remove another), or on a click elsewhere (the
  // event's path, not the target: a × takes its own row out of the list).
  const menus = [...document.querySelectorAll("details.menu")];
  for (const d of menus) d.addEventListener("click", (e) => { if (e.target.tagName === "BUTTON" && !e.target.dataset.keepsMenu) d.open = false; });
  document.addEventListener("click", (e) => { for (const d of menus) if (!e.composedPath().includes(d)) d.open = false; });
  // The detail view takes the height the rows around it leave (markers come and go): its pixels follow its size.
  let shown = $("detail").getBoundingClientRect().height;
  new ResizeObserver(() => {
    const h = $("detail").getBoundingClientRect().height;
    if (Math.abs(h - shown) >= 1) { shown = h; fitCanvas($("detail")); c.loadView(); }
  }).observe($("detail"));
}
