// The editor page's controller: each edit made to the model (editor-model.js) and sent to the server, the answers shown by
// the panels (editor-panels.js) and the canvases (editor-view.js), and playback; the mouse, keys and buttons (editor-input.js) call its
// actions.

import { getJSON, sendJSON } from "./api.js";
import { normalized, indicesOf, sameBeats, moveSelected, nextFlagged, applyFixes, shiftedBy, stacked } from "./beats.js";
import { snapToOnset, snapToGrid, tapTempo, metronomeTicks, sectionAt, sectionsOf, setSectionBpm, shownTempo, shiftGrid, shiftMovesGrid } from "./timing.js";
import { tempoTarget } from "./tempo-target.js";
import { clearError, history, m, setError, snapshot, ticket, transport } from "./editor-model.js";
import { actions, showFindings, showProposal, showSection, showSelectedTime, showState } from "./editor-panels.js";
import { showCandidates } from "./tempo-candidates.js";
import { withMarker } from "./markers.js";
import { draw, fitCanvas, xOf } from "./editor-view.js";
import { wire } from "./editor-input.js";
import { draftRange, acceptRange, dropRange, draftQuery } from "./draft.js";
import { saveAsName } from "./save-as.js";
import { calibrate as calibrateTaps, calibrationTap } from "./calibration.js";
import { carried, carriedNote } from "./carry.js";
import { typedHitTime } from "./hit-time.js";
import { busyWhile } from "./busy.js";

const $ = (id) => document.getElementById(id);
let tempoTaps = [], carriedFrom = null;
Object.assign(actions, { edit, setGrid, setView, goTo, applyFix, sendMarkers, shiftAll });
let pushTimer = null, putSeq = 0, shownSeq = 0, waiting = false, gridWaiting = false, pendingAt = 0, ready = false, drawn = null;

function redraw() {
  drawn = draw(m, $("overview"), $("detail"), $("time"));
  showSelectedTime();
  showSection();
}

// For the browser test (Tests/browser/editor_test.py): read-only views of the model.
window.editor = {
  get beats() { return m.beats.slice(); }, get state() { return m.state; }, get playing() { return transport.playing; },
  position: () => transport.position(), get selected() { return [...m.selected]; }, get view() { return m.view; },
  get synced() { return !waiting && !gridWaiting && shownSeq === putSeq; }, get grid() { return m.grid; },
  get proposal() { return m.proposal.slice(); }, get onsets() { return m.onsets.slice(); },
  /** What the detail view drew last (`draw`'s description): for the browser tests. */
  get drawn() { return drawn; },
  /** True once the page has wired its controls and asked for the track's tempo candidates. */
  get ready() { return ready; },
  /** An edit as the author makes one (recorded, sent to the server): for the browser tests. */
  setBeatsForTest: (beats) => edit(beats, []),
  selectForTest: (indices) => { m.selected = new Set(indices); redraw(); },
  transport,
  clientX: (t) => { const c = $("detail"), r = c.getBoundingClientRect(); return r.left + xOf(t, m.view, c) * r.width / c.width; },
  clientY: () => { const r = $("detail").getBoundingClientRect(); return r.top + r.height / 2; },
};

/** A request the server refused: its reason said where the page says every refusal, and the page redrawn. */
function refused(message, redrawn = true) {
  setError(message);
  if (m.state) showFindings(m.state);
  if (redrawn) redraw();
}

function show(s) {
  m.state = s; m.beats = s.beats.map((b) => b.time); m.selected = new Set([...m.selected].filter((i) => i < m.beats.length));
  showState(s);
  redraw();
}

async function sendMarkers(list) {
  const at = ticket();
  try { show(await inOrder(() => sendJSON("/api/markers", "PUT", list))); clearError(at); } catch (e) { refused(e.message); }
}

function markSelection() {
  if (!m.selection) { $("tapInfo").textContent = "drag across empty space to select a range first"; return; }
  const name = prompt("Name this range (for example: rhythm section)", "");
  const list = withMarker(m.state.markers || [], name, m.selection[0], m.selection[1]);
  if (list) sendMarkers(list);
}

/** Selects beat `i` and brings it to the middle of the detail view. */
function goTo(i) {
  if (i < 0 || i >= m.beats.length) return;
  m.selected = new Set([i]);
  const w = m.view.to - m.view.from;
  setView(m.beats[i] - w / 2, m.beats[i] + w / 2);
}

/** Goes to the next (1) or previous (-1) flagged beat from the selection, or from the playhead. */
function goToFlagged(direction) {
  const from = m.selected.size ? m.beats[Math.min(...m.selected)] : transport.position(), next = nextFlagged(m.state.beats, from, direction);
  if (next < 0) tell("no hit is flagged"); else goTo(next);
}

/** Moves each selected flagged beat to its fix. */
function applyFix() {
  if (m.gridMisfit) { $("tapInfo").textContent = "the grid does not fit the hits (its lines or its tempo): set it first (the finding at the top)"; return; }
  if (!m.state.beats.some((b, i) => m.selected.has(i) && b.fix != null)) {
    // F with nothing to move says why, not a silent key.
    const picked = m.state.beats.filter((b, i) => m.selected.has(i));
    $("tapInfo").textContent = !picked.length ? "F moves a selected flagged hit to its fix: select one (N goes to the next)"
      : picked.some((b) => b.maybe) ? "a maybe has no one-click fix: its row names the free line and the sound; drag the hit or type its time"
      : "the selected hit is not flagged: nothing to fix";
    return;
  }
  const fixed = applyFixes(m.state.beats, m.selected);
  edit(fixed.beats, fixed.selectedTimes);
}

// Every edit: new beats (sorted), the selection carried by time, and a check on the server. Only the answer to the
// latest request is shown, and only while the beats are still the ones it checked, so a slow answer never brings
// back older beats.
function edit(newBeats, selectedTimes) {
  history.record(snapshot());
  setBeats(newBeats, selectedTimes ?? [...m.selected].map((i) => m.beats[i]));
}

/**
 * Moves every hit `seconds` later, and the tempo map with them when it is the map's own (a chart's, or one set here)
 * and its hits are on it: they keep their places, as moving a chart's offset does (`shiftMovesGrid`); one undo step.
 */
function shiftAll(seconds) {
  history.record(snapshot());
  if (m.state.declared_grid && m.grid && shiftMovesGrid(m.grid, m.beats, seconds)) setGrid(shiftGrid(m.grid, seconds), { record: false });
  setBeats(shiftedBy(m.beats, seconds), [...m.selected].map((i) => m.beats[i] + seconds));
}

function setBeats(newBeats, selectedTimes) {
  m.beats = normalized(newBeats);
  m.selected = indicesOf(m.beats, selectedTimes || []);
  m.state.beats = m.beats.map((t) => ({ time: t, flagged: false, too_close: false, error: null }));
  m.state.dirty = true; redraw(); push();
}

function push() {
  clearTimeout(pushTimer); waiting = true; pendingAt = ticket();
  pushTimer = setTimeout(() => { waiting = false; sync("/api/beats", "PUT", pendingAt).catch(() => {}); }, 40);
}

// Requests that change the session go one after another, so the server sees them in the order they were made (a grid
// sent after an edit is answered with the edited beats).
let queue = Promise.resolve();
const inOrder = (request) => (queue = queue.then(request, request));

// Sends the beats the page shows (a check, or a save, so what is written is what the author sees).
async function sync(path, method, at = ticket()) {
  const seq = ++putSeq, beats = m.beats.slice();
  try {
    const s = await busyWhile(() => inOrder(() => sendJSON(path, method, beats)), (on) => document.body.classList.toggle("busy", on));
    clearError(at);
    if (seq === putSeq && sameBeats(beats, m.beats)) { shownSeq = seq; show(s); }
  } catch (e) { refused(e.message, seq === putSeq); throw e; }
}

// The waveform of the view and of the whole track; a failure (the server stopped) is said in the findings.
async function loadView() {
  try { m.detailEnv = await getJSON(`/api/envelope?from=${m.view.from}&to=${m.view.to}&width=${$("detail").width}`); } catch (e) { return lost(e); }
  redraw();
}

async function loadOverview() {
  try { m.overviewEnv = await getJSON(`/api/envelope?from=0&to=${m.state.duration}&width=${$("overview").width}`); } catch (e) { return lost(e); }
  redraw();
}

function lost(e) { setError(`The waveform was not redrawn: ${e.message} (is beatmap edit still running?)`); showFindings(m.state); }

function setView(from, to) {
  const d = m.state.duration, width = Math.min(Math.max(to - from, 0.02), d);
  from = Math.max(0, Math.min(from, d - width));
  m.view = { from, to: from + width }; redraw();
  clearTimeout(setView.timer); setView.timer = setTimeout(loadView, 30);
}

function play(from) {
  const loop = $("loop").checked && m.selection ? m.selection.slice() : null;
  return transport.play(from, {
    rate: Number($("rate").value), loop, beats: () => m.beats, volume: () => Number($("clickVolume").value),
    metronome: () => ($("metronome").checked && m.grid ? (from, to) => metronomeTicks(m.grid, from, to) : null),
    onTick: () => {}, onEnd: () => { $("play").textContent = "▶ Play"; redraw(); },
  }).then(() => { $("play").textContent = "❚❚ Pause"; requestAnimationFrame(follow); });
}

function stop() { transport.stop(true); $("play").textContent = "▶ Play"; redraw(); }

function follow() {
  if (!transport.playing) return;
  const p = transport.position(), width = m.view.to - m.view.from;
  if (p > m.view.to - width * 0.1 || p < m.view.from) setView(p - width * 0.1, p + width * 0.9); else redraw();
  requestAnimationFrame(follow);
}

function moveSelection(f) {
  if (!m.selected.size) return;
  const moved = moveSelected(m.beats, m.selected, f);
  edit(moved.beats, moved.selectedTimes);
}

// Undo and redo take back beat edits and grid edits alike. A section the change takes from under the playhead (its start
// typed later, then undone) takes the playhead along: the fields, which follow it, go on naming it (not §1's offset).
// A section added or removed is no such move: the playhead stays (a removal undone threw it to §1's start).
function restore(b) {
  if (!b) return;
  if (!sameBeats(b.beats, m.beats)) setBeats(b.beats, []);
  if (!b.grid || JSON.stringify(b.grid) === JSON.stringify(m.grid)) return;
  const at = transport.position(), k = m.grid ? sectionAt(m.grid, at).index : 0, count = m.grid ? sectionsOf(m.grid).length : 0;
  setGrid(b.grid, { record: false });
  const s = sectionsOf(m.grid)[k], moved = s && sectionsOf(m.grid).length === count && sectionAt(m.grid, at).index !== k;
  if (moved) { transport.seek(s.offset); showGridFields(); redraw(); }
}
// An undo or redo ends a run of Tap BPM (the next tap starts a new one) and takes away the tool's note over the detail
// view, which no longer says what is on the grid; so does a new edit (the tool that made it says its own after). A
// refusal said in red goes too: it spoke of the state before.
function undo() { tempoTaps = []; clearNote(); restore(history.undo(snapshot())); }
function redo() { tempoTaps = []; clearNote(); restore(history.redo(snapshot())); }
const clearNote = () => { $("tapInfo").textContent = ""; $("tapInfo").title = ""; clearError(ticket()); if (m.state) showFindings(m.state); };

/** Where the tempo tools act: the one selected hit, else the playhead snapped as Snap says (+ Section: `onsetFirst`). */
const target = (onsetFirst = false) => tempoTarget({ onsetFirst,
  selected: m.selected.size === 1 ? m.beats[[...m.selected][0]] : null, playhead: transport.position(),
  mode: $("divisor").value, grid: m.grid, onsets: m.onsets,
});

/** Moves the playhead to the first selected hit (stopping playback). */
function toSelection() {
  if (!m.selected.size) return;
  const t = m.beats[Math.min(...m.selected)];
  if (transport.playing) stop();
  transport.seek(t); redraw();
}

/** Steps the snap divisor to the next (1) or previous (-1) choice, as ArrowVortex cycles its snaps by key. */
function cycleSnap(direction) {
  const box = $("divisor"), n = box.options.length;
  box.selectedIndex = (box.selectedIndex + direction + n) % n;
  box.onchange();
}
// S and Q with nothing to do say so (they were silent keys); Q needs a snap of lines and never stacks two hits.
const tell = (text) => { $("tapInfo").textContent = text; };
const snap = () => m.selected.size ? moveSelection((t) => snapToOnset(t, m.onsets)) : tell("S moves the selected hits to their nearest onsets: select some first");
function quantize() {
  if (!m.selected.size) return tell("Q moves the selected hits to the grid's lines at the snap: select some first");
  if (!m.grid || !m.divisor) return tell("Q moves hits to the snap's grid lines: choose a snap of 1/1 to 1/16 first (Snap is off, or on onsets: S)");
  const moved = moveSelected(m.beats, m.selected, (t) => snapToGrid(t, m.grid, m.divisor)), lost = stacked(m.beats, moved.beats);
  if (lost > 0) return tell(`Q at 1/${m.divisor} would put ${lost} ${lost === 1 ? "hit" : "hits"} on another's line: choose a finer snap`);
  edit(moved.beats, moved.selectedTimes);
}

/** Where a new or dragged beat goes: the time itself, the nearest onset, or the nearest line at the snap divisor. */
function placed(t) {
  const mode = $("divisor").value;
  if (mode === "onset") return snapToOnset(t, m.onsets);
  return m.grid && m.divisor ? snapToGrid(t, m.grid, m.divisor) : t;
}

// The grid the author sets is sent to the server, which judges the beats on it (and a JSON map keeps it on save);
// the grid fitted to the beats, shown when the page opens, is not. With `carry` (the author's edits while Tempo ▾'s
// "Hits keep their beats" is on) the hits move with the grid, each keeping its beat (carry.js).
function setGrid(grid, { declare = true, record = declare, carry = record && $("keepBeats").checked } = {}) {
  const usable = (bpm) => Number.isFinite(bpm) && bpm >= 1 && bpm <= 10000;
  // Refused: said, and the fields show the grid the page still has, not the value typed.
  const refuse = (why) => { setError("Grid not changed: " + why); showGridFields(); showFindings(m.state); };
  // The value typed is said back with the bound it breaks.
  if (!grid) return refuse("there is no grid to change");
  if (!usable(grid.bpm)) return refuse(Number.isNaN(grid.bpm) ? "no tempo was typed: give one from 1 to 10000 BPM" : `a tempo of ${grid.bpm} BPM is outside 1 to 10000 BPM`);
  if (!Number.isFinite(grid.offset)) return refuse(`an offset of ${Number.isNaN(grid.offset) ? "nothing" : grid.offset} is not a time in seconds`);
  const bad = (grid.sections || []).findIndex((x) => !(usable(x.bpm) && Number.isFinite(x.time)));
  if (bad >= 0) return refuse(`section ${bad + 2}'s tempo of ${grid.sections[bad].bpm} BPM is outside 1 to 10000 BPM, or it has no time`);
  // Hits carried onto others' places (a section's start typed earlier, over the section before) are refused, not stacked.
  const moved = carry && m.grid ? carried(m.grid, grid, m.beats) : null, lost = moved ? stacked(m.beats, moved.hits, 0.005) : 0;
  if (lost > 0) return refuse(`it would put ${lost} ${lost === 1 ? "hit" : "hits"} on another's place (Hits keep their beats carries them with the grid): clear that box in Tempo ▾ to change the grid alone`);
  if (record) { history.record(snapshot()); clearNote(); }
  carriedFrom = null;
  if (moved) {
    const selected = [...m.selected];
    if (!sameBeats(moved.hits, m.beats)) { carriedFrom = m.beats; setBeats(moved.hits, selected.map((i) => moved.hits[i])); }
    $("tapInfo").textContent = carriedFrom ? carriedNote(carriedFrom, moved.hits) : "";
    grid = moved.grid;
  }
  m.grid = { beatsPerBar: 4, ...grid, sections: sectionsOf(grid).slice(1).map((x) => ({ time: x.offset, bpm: x.bpm })) };
  showGridFields();
  redraw();
  if (declare) {
    // Until the grid is sent, the page is not in step with the server, though an edit sent meanwhile may be answered.
    const at = ticket(); clearTimeout(setGrid.timer); gridWaiting = true;
    setGrid.timer = setTimeout(() => { gridWaiting = false; sendGrid(at).catch(() => {}); }, 60);
  }
}

/** The BPM field (the section under the playhead) and the offset field, from the page's grid (empty without one). */
function showGridFields() { showSection({ typed: true }); }

async function sendGrid(at = ticket()) {
  // An edit still waiting to be sent goes first, so the grid's answer carries the beats the page has.
  if (waiting) { clearTimeout(pushTimer); waiting = false; sync("/api/beats", "PUT", pendingAt).catch(() => {}); }
  const seq = ++putSeq;
  try {
    // A chart's stops and delays go back with the grid, each where it was (the page does not edit them).
    const stops = (m.grid.stops || []).map((x) => ({ time: x.time, seconds: x.seconds, delay: Boolean(x.delay) }));
    const grid = { bpm: m.grid.bpm, offset: m.grid.offset, sections: m.grid.sections, ...(stops.length ? { stops } : {}) };
    const s = await inOrder(() => sendJSON("/api/grid", "PUT", grid));
    clearError(at);
    if (seq === putSeq && sameBeats(s.beats.map((b) => b.time), m.beats)) { shownSeq = seq; show(s); }
  } catch (e) {
    // Refused: say why, and show the grid the server still judges on, not the one the page drew. Hits carried with it
    // go back to their times, the selection on the same hits, sent before the refusal is said (so their answer keeps it).
    // The tool line's "N hits moved with the grid" goes with them: nothing moved.
    if (seq === putSeq && carriedFrom) {
      const back = carriedFrom; carriedFrom = null; setBeats(back, [...m.selected].map((i) => back[i]));
      $("tapInfo").textContent = "";
    }
    setError("Grid not changed: " + e.message);
    if (seq === putSeq) {
      const kept = m.state.declared_grid || m.state.grid;
      if (kept) setGrid(kept, { declare: false });
      showFindings(m.state);
    }
    throw e;
  }
}

// Tap BPM measures: the tempo of a run of taps (at most 2 s apart) is offered, and its button sets it in one undo step
// (Hits keep their beats moving the hits with it), so tapping never moves the grid or a hit.
function tapBpm() {
  const now = performance.now() / 1000;
  if (tempoTaps.length && now - tempoTaps[tempoTaps.length - 1] > 2) tempoTaps = [];
  tempoTaps.push(now);
  const r = tapTempo(tempoTaps.slice(-16));
  if (!r) { $("tapInfo").textContent = `tap ${4 - tempoTaps.length} more`; return; }
  const bpm = shownTempo(r.bpm, 1), set = document.createElement("button");
  set.id = "tapSet";
  set.textContent = `set ${bpm.toFixed(1)}`;
  set.title = "Set the tempo of the section at the playhead to the tapped one (Ctrl+Z undoes)";
  set.onclick = () => setGrid(m.grid ? setSectionBpm(m.grid, transport.position(), bpm) : { offset: transport.position(), bpm });
  $("tapInfo").replaceChildren(`${r.bpm.toFixed(1)} BPM ± ${r.spreadMs.toFixed(0)} ms over ${Math.min(tempoTaps.length, 16)} taps `, set);
}

function tap() {
  if (calibrationTap() || !transport.playing) return;
  edit(m.beats.concat([transport.position() - m.tapLatency * transport.rate]));
}

async function save() {
  clearTimeout(pushTimer); waiting = false;
  try { await sync("/api/save", "POST"); } catch (e) { notSaved(e); }
}

// A refused save leaves no word of an earlier one: the server dropped its note too.
function notSaved(e) { m.state.save_note = null; setError("Not saved: " + e.message); showState(m.state); showFindings(m.state); }

// Save As: a new file, named here, beside the map (the server takes a name, never a path).
async function saveAs() {
  const name = prompt("Save as (a new file beside the map: a chart's own kind is a copy of its file; .json keeps the grid; .sm, .osu or .qua is a chart on the grid; or .txt, .csv, .swift)",
    saveAsName(m.state.map, Boolean(m.state.save_refusal)));
  if (!name) return;
  clearTimeout(pushTimer); waiting = false;
  try { await sync("/api/save-as?name=" + encodeURIComponent(name), "POST"); } catch (e) { notSaved(e); }
}

/** Asks the server for a draft of the selection (or the whole track) at a density the designer types. */
async function draft() {
  const typed = prompt("Draft hits per second (the proposal is shown dashed; accept or reject it):", localStorage.getItem("beatmapDraftDensity") || "3");
  if (typed === null) return;
  const density = Number(typed);
  if (!(density > 0 && density <= 50)) {
    setError("Draft: the density must be a number of hits per second above 0 and at most 50"); showFindings(m.state); return;
  }
  localStorage.setItem("beatmapDraftDensity", String(density));
  const [from, to] = draftRange(m.selection, m.state.duration), at = ticket();
  try {
    const r = await getJSON(draftQuery(from, to, density));
    m.proposal = r.hits; clearError(at);
    showProposal(`${r.hits.length} proposed (of ${r.drafted} drafted) on ${r.tempo}`);
  } catch (e) { setError("Draft: " + e.message); }
  showFindings(m.state); redraw();
}

/** Accepts (or with `reject`, drops) the proposed hits in the selection, or all of them. */
function settleProposal(reject) {
  const [from, to] = m.selection ? m.selection : [-Infinity, Infinity];
  if (!reject) edit(acceptRange(m.beats, m.proposal, from, to));
  m.proposal = dropRange(m.proposal, from, to);
  showProposal(); redraw();
}

window.addEventListener("beforeunload", (e) => { if (m.state && m.state.dirty) { e.preventDefault(); e.returnValue = ""; } });

(async () => {
  fitCanvas($("overview")); fitCanvas($("detail"));
  show(await getJSON("/api/state"));
  // A chart snapped to its tempo map: tempo edits move its hits with the grid (as ArrowVortex keeps notes on their rows).
  if (($("keepBeats").checked = !!m.state.hits_on_grid)) showState(m.state);
  const opened = m.state.declared_grid || m.state.grid;
  if (opened) { setGrid(opened, { declare: false }); showFindings(m.state); }
  setView(0, Math.min(m.state.duration, 12));
  // Wired as soon as the map is shown: a click while the onsets and the waveform load is not lost (nor undone by them).
  const calibrate = () => calibrateTaps(stop, () => show(m.state));
  wire({ applyFix, calibrate, cycleSnap, draft, edit, goToFlagged, inOrder, loadOverview, loadView, markSelection, moveSelection, placed, play, quantize, redo, redraw, refused, save, saveAs, setGrid, setView, settleProposal, shiftAll, show, snap, stop, tap, tapBpm, target, toSelection, typeSelectedTime: () => typedHitTime(edit), undo });
  m.onsets = await getJSON("/api/onsets");
  await loadOverview();
  showCandidates(await getJSON("/api/tempo"));
  ready = true;
})().catch((e) => { $("summary").textContent = "Error: " + e.message; });
