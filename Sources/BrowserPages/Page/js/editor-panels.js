// The editor page's view of its state in the document: the summary line, the findings, the markers, the tempo
// sections, the selected hit's time and the draft's proposal (the track's tempo candidates: tempo-candidates.js). Each panel reads the model
// and acts through the controller's `actions` (editor.js fills them in); none talks to the server.

import { markerLabel, withoutMarker } from "./markers.js";
import { showPauseList } from "./pause-list.js";
import { pausesOf } from "./pauses.js";
import { focusTime, goToTime, m, serverError, transport } from "./editor-model.js";
import { findingText, findingTime, nearestIndex } from "./beats.js";
import { gridFitRow, gridPhaseRows, octaveRow, offsetRow, tempoRow } from "./map-findings.js";
import { actions, span } from "./panel-parts.js";
import { ownTempoText, showTempoCandidates, trackTempos } from "./tempo-candidates.js";
import { bpmText, formatPosition, moveSection, removeSection, sectionAt, sectionRows, sectionsOf, setSectionBpm, shownTempo } from "./timing.js";

const $ = (id) => document.getElementById(id);

export { actions, span };

/**
 * The grid's own troubles, said right after the hit counts (at the end of four lines they were cut at 1280 px): the
 * octave finding's verdict, as `beatmap check`'s summary line says it (the map and the track agree on the tempo at
 * either octave, the track's measured through the map), and sections half a beat off the track.
 */
function gridAlerts(s, g) {
  const alerts = [];
  if (s.octave) {
    const what = s.octave.subject === "grid" ? "the tempo map" : "the map";
    alerts.push(" · ", span("warn", `${what} is at ${s.octave.verdict} the track's pulse (${s.octave.pulse.toFixed(2)} BPM)`));
  }
  const phases = s.grid_phases || [];
  if (phases.length) {
    const which = g && (g.sections || []).length ? `tempo section${phases.length > 1 ? "s" : ""} ${phases.map((p) => p.section).join(", ")}` : "the tempo map";
    alerts.push(" · ", span("warn", `${which} half a beat off the track`));
  }
  return alerts;
}

/** The title, the summary line, the findings, the markers and the save button for the server's state `s`. */
export function showState(s) {
  // The file a save writes comes first (after a Save As, the new one), its unsaved mark before it, so neither is cut.
  const file = (s.map || "draft").split("/").pop();
  // A file of several charts says which one is edited (a .ssc of nine difficulties said none).
  const which = s.chart ? ` · ${s.chart}` : "";
  $("title").textContent = (s.dirty ? "● " : "") + file + which;
  $("title").title = `${s.map ? "Saving writes " + s.map : "A draft: Save As names its file"}${s.chart ? ` (its chart ${s.chart})` : ""}${s.dirty ? " (unsaved changes)" : ""}; the track is ${s.track}`;
  document.title = `${s.dirty ? "● " : ""}${file}${which} · beatmap edit`;
  const f = (v, d = 1) => (v == null ? "n/a" : v.toFixed(d));
  // A grid of several tempos says its range and the one that holds longest, as `beatmap check` does.
  const g = s.declared_grid, tempos = g ? [g.bpm, ...(g.sections || []).map((x) => x.bpm)] : [];
  const mapBpm = new Set(tempos).size > 1 && s.map_bpm != null
    ? `${f(Math.min(...tempos), 2)}–${f(Math.max(...tempos), 2)} BPM (mostly ${f(s.map_bpm, 2)})` : `${f(s.map_bpm, 2)} BPM`;
  // Red only for what must be fixed: flagged hits that are errors, or an error among the map's findings; a "maybe" is
  // counted apart, in the warning colour.
  const maybes = s.beats.filter((b) => b.flagged && b.maybe).length, errors = s.flagged - maybes;
  // The map's findings that are warnings (hits off a grid, a tempo the audio does not keep) count beside the flagged
  // hits: "0 flagged" alone, in green, hid them.
  // (Each "maybe" is one of the checker's warnings too, counted once.)
  const warnings = Math.max(0, (s.findings || []).filter((x) => x.severity === "warning").length - maybes);
  // The track's tempo measured through the map (the map's, corrected by how its hits drift against their sounds)
  // agrees with any tempo the map is set to, so the drift is said as such, and the track's own tempo beside it: its
  // first candidate, the tempo estimator's pick from the audio alone (GET /api/tempo; its half and double follow).
  // A map whose hits keep their beats at a tempo off the track's drifts with its grid: said from the track's tempo (the
  // hits' own drift against the sounds nearest them wraps on dense music, and read "+0.13 ms a second" at 1 % off).
  const gridRate = s.track_tempo && s.track_tempo.hits === "beats" ? (s.track_tempo.map / s.track_tempo.bpm - 1) * 1000 : null;
  const drift = gridRate != null ? ` (${s.track_tempo.section ? `§${s.track_tempo.section}'s` : "its"} grid runs ${Math.abs(gridRate).toFixed(1)} ms a second ${gridRate > 0 ? "ahead of" : "behind"} the track's ${s.track_tempo.bpm} BPM)`
    : s.drift == null ? "" : ` (its hits drift ${s.drift >= 0 ? "+" : "−"}${Math.abs(s.drift * 1000).toFixed(2)} ms a second against their sounds)`;
  const own = span("", ownTempoText());
  own.id = "ownTempo";
  // The map's errors that are not a flagged hit's (hits past the track's end, the offset): "0 flagged" hid them.
  const otherErrors = (s.findings || []).filter((x) => x.severity === "error" && x.rule !== "beatmap.misaligned").length;
  const failing = errors > 0 || otherErrors > 0;
  // Under a grid its hits drift with, their offset is the drift's average, and a shift by it made things worse: the
  // check says it once the tempo is right, and so does the summary.
  const late = gridRate != null ? "offset: once the tempo is right" : s.offset == null ? "hits' offset n/a"
    : `hits ${Math.abs(s.offset * 1000).toFixed(1)} ms ${s.offset >= 0 ? "late" : "early"} on the track`;
  const summary = $("summary");
  summary.replaceChildren(
    span(failing ? "bad" : "ok", `${errors} flagged`),
    ...(maybes ? [span("warn", ` + ${maybes} maybe`)] : []),
    ...(warnings ? [span("warn", ` + ${warnings} ${maybes ? "other " : ""}${warnings === 1 ? "warning" : "warnings"}`)] : []),
    ...(otherErrors ? [span("bad", ` + ${otherErrors} other ${otherErrors === 1 ? "error" : "errors"}`)] : []),
    ` of ${m.beats.length} hits`, ...gridAlerts(s, g), ` · ${late} · map ${mapBpm}${drift}`, own,
    (s.declared_grid
        ? ` · judged on the grid ${s.declared_grid.bpm.toFixed(3)} BPM from ${s.declared_grid.offset.toFixed(3)} s` +
          (s.declared_grid.sections && s.declared_grid.sections.length
            ? `, then ${s.declared_grid.sections.map((x) => `${x.bpm.toFixed(2)} from ${x.time.toFixed(3)} s`).join(", ")}` : "") +
          (s.declared_grid.stops && s.declared_grid.stops.length
            ? `, with ${s.declared_grid.stops.length} ${s.declared_grid.stops.length === 1 ? "pause" : "pauses"} (${s.declared_grid.stops.reduce((a, x) => a + x.seconds, 0).toFixed(3)} s)` : "") +
          (s.keeps_grid ? (s.can_save ? ", saved with the map" : ", kept by Save As (Save here is off)") : s.sidecar ? `, saved beside it in ${s.sidecar}`
            : s.chart_in_place ? ` (${s.retime_refusal || "a save in place keeps the chart's own tempo map"}; a grid set here is kept by Save As or beside the map)`
            : " (only a JSON map or a chart keeps it; or keep it beside the map)")
        : s.grid ? ` · fitted grid ${s.grid.bpm.toFixed(3)} BPM from ${s.grid.offset.toFixed(3)} s` : "") +
      ($("keepBeats").checked ? " · tempo edits move the hits (Tempo menu)" : "") +
      // Said once Tap calibration has measured one: "0 ms" took a line of its own at 1280 px.
      (m.tapLatency ? ` · tap latency ${(m.tapLatency * 1000).toFixed(0)} ms` : ""));

  // What became of the file comes first (the summary keeps four lines: the end scrolls, the whole text in its title): a
  // save in place's note ran past the third line at 1280 px. A save the server would refuse as the file stands is said
  // before the click, with its reason (Save As still works).
  if (s.save_refusal) summary.prepend(span("warn", `Save here is off: ${s.save_refusal}`), " · ");
  if (s.dirty) summary.prepend(span("warn", "unsaved"), " · ");
  else if (s.save_note) summary.prepend(span("ok", s.save_note), " · ");
  summary.title = summary.textContent;
  summary.onscroll = () => summary.classList.toggle("more", summary.scrollTop + summary.clientHeight < summary.scrollHeight - 1);
  summary.onscroll();
  showFindings(s);
  showMarkers(s);
  $("save").disabled = !s.can_save;
  $("save").title = s.save_refusal ? `Save is off: ${s.save_refusal}` : "Save into the map's own file (Ctrl+S)";
}

// The BPM and Offset fields and the section count follow the tempo section under the playhead: its tempo beside its start
// (a later section's reads "§2 from", not the grid's offset). A field being typed in keeps its text, unless `typed` (the
// grid was just set or refused: the fields show the grid).
/**
 * A section's start as its field shows it: to the microsecond a chart keeps it, at least to the millisecond (a ½ beat
 * moved an offset to −0.9711943 s, which read "−0.971" while the save refused it).
 */
const startText = (t) => t.toFixed(6).replace(/0{1,3}$/, "");

export function showSection({ typed = false } = {}) {
  if (!m.grid) { $("sectionInfo").textContent = "no grid"; $("sectionList").replaceChildren(); $("bpm").value = $("offset").value = ""; return; }
  const s = sectionAt(m.grid, focusTime()), n = sectionsOf(m.grid).length;
  if (typed || document.activeElement !== $("bpm")) $("bpm").value = bpmText(s.bpm);
  if (typed || document.activeElement !== $("offset")) $("offset").value = startText(s.offset);
  $("offsetWord").textContent = s.index ? `§${s.index + 1} from` : "Offset";
  const pauses = pausesOf(m.grid).length, held = pauses ? `, ${pauses} pause${pauses === 1 ? "" : "s"}` : "";
  $("sectionInfo").textContent = (n > 1 ? `section ${s.index + 1} of ${n}` : "1 section") + held + " ▾";
  $("sectionInfo").title = `The playhead is in section ${s.index + 1} (from ${s.index ? s.offset.toFixed(3) + " s" : "the start"}). ` +
    "Every tempo section and pause, those after the track's end too: go to one, set its tempo or length, remove it; + Stop and + Delay add a pause";
  $("removeSection").disabled = s.index === 0;
  showSectionList();
  showTempoCandidates();
}

// The sections list: every tempo section, those after the track's end too (the timeline cannot reach them), each with
// Go, its tempo (Enter sets it) and × (remove; not the first). Rebuilt only when the grid changes, so a field being
// typed in keeps its focus.
function showSectionList() {
  const key = JSON.stringify([m.grid, m.state && m.state.duration]);
  if (showSectionList.key === key) return;
  showSectionList.key = key;
  const rows = sectionRows(m.grid, m.state ? m.state.duration : Infinity).map((r) => {
    const row = document.createElement("div");
    row.className = "section-row";
    row.dataset.number = String(r.number);
    const go = document.createElement("button");
    go.textContent = `§${r.number} bar ${r.bar}`;
    go.disabled = r.pastEnd;
    go.title = r.pastEnd ? "After the track's end: set its tempo or remove it here" : "Go to this section";
    go.onclick = () => goToTime(r.time, actions.setView);
    const bpm = document.createElement("input");
    bpm.type = "number"; bpm.step = "any"; bpm.min = "1"; bpm.max = "10000"; bpm.value = bpmText(r.bpm);
    bpm.className = "section-bpm"; bpm.title = "This section's tempo (Enter sets it)";
    bpm.onkeydown = (e) => {
      if (e.key !== "Enter") return;
      e.stopPropagation();
      const typed = bpm.value.trim(), value = typed === "" ? NaN : Number(typed);
      const decimals = typed.includes(".") ? typed.split(".")[1].length : 0;
      actions.setGrid(setSectionBpm(m.grid, r.time + 1e-9, Number.isFinite(value) ? shownTempo(value, decimals) : NaN));
    };
    // Its start, typed (Enter moves the section there; the others stay): a tempo change moved without a remove and an add.
    const at = document.createElement("input");
    at.type = "number"; at.step = "any"; at.value = startText(r.time); at.className = "section-time";
    at.title = r.number === 1 ? "Where the grid's first bar starts (seconds; Enter moves it, the other sections stay)"
      : "Where this section starts (seconds; Enter moves it there, between the sections either side)";
    at.onkeydown = (e) => {
      if (e.key !== "Enter") return;
      e.stopPropagation();
      const moved = moveSection(m.grid, r.time, Number(at.value));
      if (moved === m.grid) { at.classList.add("invalid"); at.title = "Not moved: give a time between the sections either side of it"; return; }
      actions.setGrid(moved);
    };
    row.append(go, " at ", at, " s ", bpm, " BPM");
    // The remove button before the note, so a long row never pushes it out of the window.
    if (r.number > 1) {
      const remove = document.createElement("button");
      remove.textContent = "×"; remove.title = "Remove this section (its beats take the tempo before it)"; remove.dataset.keepsMenu = "1";
      remove.onclick = () => actions.setGrid(removeSection(m.grid, r.time + 1e-9));
      row.append(" ", remove);
    }
    if (r.pastEnd) row.append(span("warn", " after the track's end"));
    return row;
  });
  $("sectionList").replaceChildren(...rows);
  showPauseList(actions);
}

// The selected hit's time (one hit selected): seconds and its place on the grid; typing moves it.
export function showSelectedTime() {
  const field = $("hitTime");
  const one = m.selected.size === 1 ? [...m.selected][0] : -1;
  field.disabled = one < 0 || one >= m.beats.length;
  if (document.activeElement === field) return;
  if (field.disabled) { field.value = ""; return; }
  // Its own place, not the snap's: a triplet reads 1/3 whatever the snap, a hit between rows "≈".
  const t = m.beats[one], where = formatPosition(t, m.grid, 0);
  field.value = t.toFixed(3) + (where ? ` (${where})` : "");
}

// The markers: a row each (click: show its range; ×: remove it), and whether they are kept (in the map, beside it, or
// not at all).
export function showMarkers(s) {
  const rows = (s.markers || []).map((mk, i) => {
    const row = document.createElement("div");
    row.className = "marker";
    const go = document.createElement("button");
    go.textContent = markerLabel(mk);
    go.onclick = () => actions.setView(mk.from, mk.to);
    const remove = document.createElement("button");
    remove.textContent = "×"; remove.title = "Remove this marker";
    remove.onclick = () => actions.sendMarkers(withoutMarker(s.markers, i));
    row.append(go, remove);
    return row;
  });
  if (rows.length) {
    const kept = s.keeps_markers ? (s.can_save ? "saved with the map" : "kept by Save As (Save here is off)") : s.sidecar ? `saved beside it in ${s.sidecar}` : "not saved: this format holds beats only";
    rows.unshift(span(s.keeps_markers || s.sidecar ? "ok" : "warn", `Markers (${kept})`));
  }
  $("markers").replaceChildren(...rows);
  $("sidecarMenu").hidden = !s.sidecar_possible;
  $("sidecar").checked = !!s.sidecar;
}

// Every error's fix in one click (one undo step; each hit moves once, then the check runs again): what selecting them
// all and pressing F does. Null with fewer than two.
function applyAllButton(s, mapWide) {
  const fixable = s.beats.map((b, i) => i).filter((i) => s.beats[i].flagged && !s.beats[i].maybe && s.beats[i].fix != null);
  if (fixable.length < 2) return null;
  const all = document.createElement("button");
  all.id = "applyAll";
  all.textContent = `apply all ${fixable.length}`;
  // An error about the whole map (above) may be why these hits are flagged: said, so its fix comes first.
  all.title = (mapWide ? "An error above is about the whole map and may be why these hits are flagged: fix it first. " : "") +
    "Move every hit flagged as an error to its fix at once (the maybes stay); undo with Ctrl+Z";
  all.onclick = () => { m.selected = new Set(fixable); actions.applyFix(); };
  // A grid that does not fit the hits flags right hits against itself: their fixes would move them onto it.
  if (m.gridMisfit) { all.disabled = true; all.title = "The grid above (its lines or its tempo) does not fit the hits, which are flagged against it: set the grid first"; }
  return all;
}

// One of the map's other findings as a row; one that names a hit by its time ("hit 3 at 1.250 s") goes to it on a click.
function otherFinding(x) {
  const row = document.createElement("div");
  row.append(span(x.severity === "error" ? "bad" : "warn", `${x.severity}: [${x.rule}] `), x.message);
  const at = findingTime(x.message);
  if (at != null && m.beats.length) {
    row.className = "finding";
    row.title = "Go to the hit it names";
    row.onclick = () => actions.goTo(nearestIndex(m.beats, at));
  }
  return row;
}

// The findings: first what is about the whole map (the offset, the tempo, a grid that does not fit the hits, an octave, a
// tempo section half a beat off, a stop the song does not have: the cause of many flagged hits at once, so it is never
// under them), then one row per flagged beat (click: go to it; "apply": move it to its fix), then the map's other
// findings that name a hit, as text.
export function showFindings(s) {
  const rows = [];
  // A refusal on a line of its own (inline, it ran into the "apply all" button).
  if (serverError()) { const line = document.createElement("div"); line.append(span("bad", "error: " + serverError())); rows.push(line); }
  const octave = s.findings.find((x) => x.rule === "beatmap.tempo_octave");
  const offset = offsetRow(s), octaveFixRow = octave && s.octave && m.grid ? octaveRow(s, octave) : null;
  // The tempo first: under a tempo the hits drift at, the offset is the drift's (the checker says it once it is set).
  const tempo = tempoRow(s);
  rows.push(...[tempo, offset].filter(Boolean));
  const misfit = gridFitRow((trackTempos() || []).map((c) => shownTempo(c.bpm, 1)));
  if (misfit) rows.push(misfit);
  // Fixes are held back while the grid misfits the hits or its tempo drifts against the track (an error): the hits
  // are flagged against it, and their fixes would move right hits onto its lines (apply all put 16ths on triplet rows).
  const drifting = Boolean(tempo && tempo.dataset.severity === "error");
  m.gridMisfit = Boolean(misfit) || drifting;
  if (octaveFixRow) rows.push(octaveFixRow);
  const phases = m.grid ? gridPhaseRows(s) : [];
  rows.push(...phases);
  const shown = ["beatmap.misaligned", "beatmap.offset"].concat(octaveFixRow ? ["beatmap.tempo_octave"] : [], phases.length ? ["beatmap.grid_phase"] : [], tempo ? ["beatmap.drift"] : []);
  const others = s.findings.filter((x) => !shown.includes(x.rule));
  const wide = others.filter((x) => findingTime(x.message) == null);
  rows.push(...wide.map(otherFinding));
  const mapWide = wide.some((x) => x.severity === "error") || [offset, tempo].some((r) => r && r.dataset.severity === "error") || Boolean(misfit);
  const all = applyAllButton(s, mapWide);
  if (all && mapWide) {
    const row = document.createElement("div");
    const cause = misfit ? "grid above, which does not fit the hits," : drifting ? "tempo above, which drifts against the track," : "error about the whole map above";
    row.append(all, span("warn", ` the ${cause} may be why these hits are flagged: fix it first`));
    rows.push(row);
  } else if (all) rows.push(all);
  // Errors first, then the maybes.
  const order = s.beats.map((b, i) => i).filter((i) => s.beats[i].flagged);
  order.sort((a, b) => Number(Boolean(s.beats[a].maybe)) - Number(Boolean(s.beats[b].maybe)) || a - b);
  rows.push(...order.map((i) => hitRow(s.beats[i], i)));
  rows.push(...others.filter((x) => findingTime(x.message) != null).map(otherFinding));
  $("findings").replaceChildren(...rows);
}

// One flagged hit's row: click goes to it; "apply" moves it to its fix. A "maybe" (a warning on the command line) is
// shown apart, in the warning colour, with no one-click move.
function hitRow(b, i) {
  const row = document.createElement("div");
  row.className = "finding";
  row.dataset.index = String(i);
  const { label, detail } = findingText(b, i);
  row.append(span(b.maybe ? "warn" : "bad", label), detail);
  row.onclick = () => actions.goTo(i);
  if (b.fix != null && !b.maybe) {
    const apply = document.createElement("button");
    apply.textContent = "apply";
    apply.onclick = (e) => { e.stopPropagation(); m.selected = new Set([i]); actions.applyFix(); };
    apply.disabled = m.gridMisfit;
    row.append(apply);
  }
  return row;
}

/** Shows the proposal bar with `text`, or hides it when nothing is proposed. */
export function showProposal(text) {
  $("proposal").hidden = m.proposal.length === 0;
  $("proposalInfo").textContent = text || `${m.proposal.length} proposed`;
}
