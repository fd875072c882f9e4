// The findings about the whole map, each with its fix in one click: the map's offset, its tempo a little off the
// track's, a grid that does not fit the hits, a tempo octave, a tempo section half a beat off. Each row says the checker's finding in its words; the button acts through the controller's
// `actions` (undo with Ctrl+Z).

import { sameBeats } from "./beats.js";
import { m } from "./editor-model.js";
import { gridMisfit } from "./grid-fit.js";
import { actions, span } from "./panel-parts.js";
import { bpmText, octaveFix, sectionsOf, setSectionBpm, shiftGrid, shiftHalfBeat } from "./timing.js";

// The whole map's offset, with a one-click shift of every hit (what Shift map… would take typing); null without one.
export function offsetRow(s) {
  const offset = s.findings.find((x) => x.rule === "beatmap.offset");
  if (!offset || !Number.isFinite(s.offset)) return null;
  const row = document.createElement("div");
  row.className = "finding";
  row.dataset.severity = offset.severity;
  const shift = document.createElement("button");
  shift.id = "applyOffset";
  shift.textContent = "apply";
  shift.title = "Shift every hit, and the map's own tempo map with them, so the map sits on the track (undo with Ctrl+Z)";
  shift.onclick = (e) => { e.stopPropagation(); actions.shiftAll(-s.offset); };
  row.append(span(offset.severity === "error" ? "bad" : "warn", `${offset.severity}: [${offset.rule}] ${offset.message}`), shift);
  return row;
}

// The map's one tempo a little off the track's, or its first tempo section off the track's tempo there (the checker's
// `beatmap.drift`, the track's tempo measured from its audio over the hits), with its fix in one click: the grid at the track's tempo, the hits keeping their beats when they sit on
// its lines and drift with it (as moving a chart's BPM does in ArrowVortex), else their times (notes kept in
// milliseconds under a tempo map typed wrong); null without one.
export function tempoRow(s) {
  const drift = s.findings.find((x) => x.rule === "beatmap.drift"), t = s.track_tempo;
  if (!drift || !t || !(t.bpm > 0) || !m.grid || !s.beats.length) return null;
  const row = document.createElement("div"), fix = document.createElement("button"), beats = t.hits === "beats";
  row.className = "finding";
  row.dataset.severity = drift.severity;
  fix.id = "applyTempo";
  fix.textContent = `${bpmText(t.bpm)} BPM, hits keep ${beats ? "beats" : "times"}`;
  fix.title = beats ? "Set the tempo to the track's; every hit keeps its beat, moving with the grid (undo with Ctrl+Z)"
    : "Set the tempo to the track's; the hits, which follow the music, stay where they are (undo with Ctrl+Z)";
  fix.onclick = (e) => { e.stopPropagation(); actions.setGrid(setSectionBpm(m.grid, t.at, t.bpm), { carry: beats }); };
  row.append(span(drift.severity === "error" ? "bad" : "warn", `${drift.severity}: [${drift.rule}] ${drift.message}`), fix);
  return row;
}

// A beat list (or a chart's tempo map) at half or double the track's pulse, said in words, with its fix in one click
// (×2 or ÷2 on the beat the evidence keeps, then, for a beat list, Hits from grid; undo with Ctrl+Z).
export function octaveRow(s, octave) {
  const row = document.createElement("div");
  row.className = "finding";
  const fix = document.createElement("button");
  const gridOnly = s.octave.subject === "grid";
  fix.id = "applyOctave";
  fix.textContent = s.octave.verdict === "half" ? `×2: ${s.octave.pulse.toFixed(2)} BPM` : `÷2: ${s.octave.pulse.toFixed(2)} BPM`;
  fix.title = gridOnly
    ? "Set the grid to the track's pulse; the hits stay where they are (undo with Ctrl+Z)"
    : "Set the grid to the track's pulse and put a hit on each of its beats, from the first hit to the last (undo with Ctrl+Z)";
  fix.onclick = (e) => {
    e.stopPropagation();
    const fixed = octaveFix(m.grid, m.beats, s.octave.verdict, s.octave.anchor, s.duration);
    actions.setGrid(fixed.grid, { carry: false });
    if (!gridOnly) actions.edit(fixed.hits, []);
  };
  row.append(span("warn", `${octave.severity}: [${octave.rule}] ${octave.message}`), fix);
  return row;
}

// Each tempo section half a beat off the track (the checker's `beatmap.grid_phase`: its beats on the track's off-beats),
// said in words, with a button that moves the section half a beat: the hits with it when they sit on its beats (`hits`
// "beats": a chart whose offset is half a beat out, notes and all), else staying where they are.
export function gridPhaseRows(s) {
  const said = s.findings.filter((x) => x.rule === "beatmap.grid_phase");
  const phases = s.grid_phases || [];
  if (said.length !== phases.length) return [];
  return phases.map((p, k) => {
    const row = document.createElement("div");
    row.className = "finding";
    const fix = document.createElement("button");
    fix.className = "apply-phase";
    fix.dataset.section = String(p.section);
    fix.textContent = phases.length === 1 && !(m.grid.sections || []).length ? "½ beat" : `½ beat: §${p.section}`;
    const carry = p.hits === "beats" && Number.isFinite(p.shift);
    fix.title = carry
      ? `Move the grid and every hit half a beat ${p.shift > 0 ? "later" : "earlier"}, each hit keeping its beat (undo with Ctrl+Z)`
      : `Move ${p.section === 1 ? "the grid" : "section " + p.section} half a beat; the hits stay where they are (undo with Ctrl+Z)`;
    fix.onclick = (e) => {
      e.stopPropagation();
      actions.setGrid(carry ? shiftGrid(m.grid, p.shift) : shiftHalfBeat(m.grid, p.anchor), { carry });
    };
    row.append(span("warn", `${said[k].severity}: [${said[k].rule}] ${said[k].message}`), fix);
    return row;
  });
}

// `gridMisfit`, worked out again only when the grid, the hits or the tempo candidates change: the findings are redrawn
// with every answer from the server (each a new list of the same hits), and a chart's thousands of hits take a search.
let misfitMemo = null;
function misfitOf(grid, beats, tempos) {
  const key = JSON.stringify([grid, tempos]);
  if (!misfitMemo || misfitMemo.key !== key || !sameBeats(misfitMemo.beats, beats)) {
    misfitMemo = { key, beats, misfit: gridMisfit(grid, beats, tempos) };
  }
  return misfitMemo.misfit;
}

// A grid that does not fit the hits (grid-fit.js: a typed tempo or offset, most hits now between its lines), said with the
// grid that fits them, one click away: the audio check judges the hits, which are right, and said nothing. Only for a
// chart, whose hits were written on its rows: a beat list's hits, tapped or drafted, sit on no grid's lines.
export function gridFitRow(tempos) {
  const misfit = m.grid && m.state && m.state.chart_in_place ? misfitOf(m.grid, m.beats, tempos) : null;
  if (!misfit) return null;
  const f = misfit.fix, ms = `${f.seconds < 0 ? "−" : "+"}${Math.abs(f.seconds * 1000).toFixed(1)} ms`;
  const row = document.createElement("div");
  row.className = "finding";
  const fix = document.createElement("button");
  fix.id = "applyGridFit";
  fix.textContent = f.bpm ? `${f.bpm.toFixed(1)} BPM from ${f.grid.offset.toFixed(3)} s` : `move the grid ${ms}`;
  fix.title = "Set the grid that fits the hits; the hits stay where they are (undo with Ctrl+Z)";
  fix.onclick = (e) => { e.stopPropagation(); actions.setGrid(f.grid, { carry: false }); };
  const what = misfit.section ? `section ${misfit.section} of the grid does not fit its hits` : "the grid does not fit the hits";
  const fits = f.bpm ? `at the track's ${f.bpm.toFixed(1)} BPM from ${f.grid.offset.toFixed(3)} s`
    : misfit.section ? `its start moved ${ms} (to ${sectionsOf(f.grid)[misfit.section - 1].offset.toFixed(3)} s)` : `moved ${ms}`;
  if (misfit.section) fix.textContent = `§${misfit.section} ${ms}`;
  // On its lines but off its beats (moved a quarter beat, or 20 ms onto its 1/16 lines): the beats are what is said.
  const said = misfit.beats
    ? `${misfit.beats.now} of ${misfit.total} sit on its beats, the rest on its 16ths and between; ${fits}, ${misfit.beats.fixed} would, every hit on a line`
    : `${misfit.count} of ${misfit.total} sit on its lines (1/12 or 1/16 of a beat); ${fits}, ${f.count} would`;
  // Only StepMania keeps notes on rows of its grid; osu! and Quaver keep each hit's time in milliseconds.
  const save = /\.(sm|ssc)$/i.test(m.state.map || "") ? "A save puts each hit on the nearest row of the grid it has"
    : "A save keeps each hit at its time (whole milliseconds), on the grid it has";
  row.append(span("warn", `warning: ${what}: ${said}. ${save}`), fix);
  return row;
}
