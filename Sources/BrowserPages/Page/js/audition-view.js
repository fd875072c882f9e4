// The crossfade audition's view: the transition drawn on its canvas (both tracks with their beats and flams, the gains,
// the momentary loudness, the fade) and the dip table. It draws what it is given and keeps no state; the controller
// (audition.js) owns the page's state and calls it.
import { curveColor, dbText, dipText, loudnessTicks, midpointDb, mixTime, playheadColor, scale } from "./crossfade.js";

/**
 * Draws the transition `v` (the server's `/api/view`) on `canvas`, the `chosen` curve thick and its fade shaded, the
 * lanes named after `setup`'s tracks, and the playhead at `offset` seconds into the loop when given.
 */
export function drawTransition(canvas, v, chosenCurve, setup, offset) {
  fitCanvas(canvas);
  const g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, left = 60, width = w - 80;
  // The drawing is laid out on 520 units of height, scaled to the canvas's (the window's) height.
  const u = h / 520;
  const x = scale(v.windowStart, v.windowEnd, left, width);
  g.fillStyle = "#0c0e11";
  g.fillRect(0, 0, w, h);
  const chosen = chosenOf(v, chosenCurve);
  // The fade of the chosen curve, shaded over every lane.
  g.fillStyle = "rgba(245, 203, 167, 0.15)";
  g.fillRect(x(chosen.fadeStart), 0, Math.max(1, x(chosen.fadeEnd) - x(chosen.fadeStart)), h);
  g.font = "12px system-ui, sans-serif";
  const frame = { g, v, x, left, width, u, chosen: chosenCurve };
  drawLanes(frame, setup);
  drawGains(frame);
  drawLoudness(frame);
  g.fillStyle = "#9aa3ad";
  for (let t = Math.ceil(v.windowStart); t <= v.windowEnd; t++) g.fillText(`${t}s`, x(t) - 8, h - 4);
  if (offset !== undefined) {
    const at = x(mixTime(v.windowStart, offset));
    g.strokeStyle = playheadColor;
    g.lineWidth = 2;
    g.beginPath(); g.moveTo(at, 0); g.lineTo(at, h - 16); g.stroke();
    g.lineWidth = 1;
  }
}

/** The view's entry for `curve`, or its first when it has none. */
export function chosenOf(v, curve) {
  return v.curves.find((c) => c.curve === curve) || v.curves[0];
}

/** The two tracks' lanes: each waveform with its beats, and the flams between them in red. */
function drawLanes({ g, v, x, left, width, u }, setup) {
  const lanes = [
    { name: `A: ${setup.outgoing}`, top: 10 * u, height: 90 * u, peaks: v.outgoingPeaks, beats: v.outgoingBeats, color: "#8e9bb0" },
    { name: `B: ${setup.incoming}`, top: 110 * u, height: 90 * u, peaks: v.incomingPeaks, beats: v.incomingBeats, color: "#b0a08e" },
  ];
  for (const lane of lanes) {
    const mid = lane.top + lane.height / 2;
    g.fillStyle = lane.color;
    const n = lane.peaks.length;
    for (let i = 0; i < n; i++) {
      const px = left + (i / Math.max(1, n - 1)) * width;
      const a = lane.peaks[i] * lane.height / 2;
      g.fillRect(px, mid - a, Math.max(1, width / n), 2 * a || 1);
    }
    g.fillStyle = "#e6e6e6";
    g.fillText(lane.name, left + 4, lane.top + 12);
    g.strokeStyle = "#f0b35a";
    for (const t of lane.beats) {
      g.beginPath(); g.moveTo(x(t), lane.top + lane.height - 12); g.lineTo(x(t), lane.top + lane.height); g.stroke();
    }
  }
  g.strokeStyle = "#ff6b6b";
  g.lineWidth = 2;
  for (const [ta, tb] of v.flams) {
    g.beginPath(); g.moveTo(x(ta), 95 * u); g.lineTo(x(tb), 115 * u); g.stroke();
  }
  g.lineWidth = 1;
}

/** The gains of every compared curve: solid for A, dashed for B, one colour per curve, the chosen curve thick. */
function drawGains({ g, v, left, width, u, chosen }) {
  const gTop = 220 * u, gHeight = 110 * u;
  g.fillStyle = "#9aa3ad";
  g.fillText("gain (solid: A, dashed: B)", left + 4, gTop + 12);
  g.fillText("1", left - 14, gTop + 4);
  g.fillText("0", left - 14, gTop + gHeight + 4);
  for (const c of v.curves) {
    const n = c.outgoingGain.length;
    for (const [gains, dash] of [[c.outgoingGain, []], [c.incomingGain, [6, 4]]]) {
      g.beginPath();
      g.setLineDash(dash);
      g.strokeStyle = curveColor(c.curve);
      g.lineWidth = c.curve === chosen ? 3 : 1;
      for (let i = 0; i < n; i++) {
        const px = left + (i / Math.max(1, n - 1)) * width, py = gTop + gHeight - gains[i] * gHeight;
        if (i === 0) g.moveTo(px, py); else g.lineTo(px, py);
      }
      g.stroke();
    }
  }
  g.setLineDash([]);
}

/** The absolute gate of EBU R128 (LUFS): quieter is silence. */
const GATE = -70;

/** Each curve's momentary loudness (EBU R128, 400 ms) on a LUFS axis with a tick and a faint line every 6 LU (or a
 * wider multiple of 6, at most eight of them). */
function drawLoudness({ g, v, x, left, width, u, chosen }) {
  const lTop = 350 * u, lHeight = 150 * u;
  // Silence is drawn at the −70 LUFS gate of EBU R128 (libebur128 reads it as −1000 LUFS or lower, which took the
  // axis down with it: dozens of ticks over one grey block).
  const gated = (db) => Math.max(GATE, db);
  const all = v.curves.flatMap((c) => [...c.loudness, ...(c.reference ?? [])].map((p) => gated(p[1])));
  const lo = Math.floor(Math.min(...all, -30) - 2), hi = Math.ceil(Math.max(...all, -10) + 1);
  // The lane's name on a strip of its own above the axis, clear of the top grid line and its tick label.
  const strip = 16 * u, plotTop = lTop + strip, plotHeight = lHeight - strip;
  const y = (db) => plotTop + plotHeight - ((gated(db) - lo) / (hi - lo)) * plotHeight;
  g.fillStyle = "#9aa3ad";
  g.fillText("momentary loudness (LUFS)", left + 4, lTop + 11 * u);
  for (const db of loudnessTicks(lo, hi)) {
    g.strokeStyle = "rgba(154, 163, 173, 0.25)";
    g.beginPath(); g.moveTo(left, y(db)); g.lineTo(left + width, y(db)); g.stroke();
    g.fillStyle = "#9aa3ad";
    g.fillText(String(db).replace("-", "−"), left - 30, y(db) + 4);
  }
  for (const c of v.curves) {
    g.beginPath();
    g.strokeStyle = curveColor(c.curve);
    g.lineWidth = c.curve === chosen ? 3 : 1;
    c.loudness.forEach(([t, db], i) => (i === 0 ? g.moveTo(x(t), y(db)) : g.lineTo(x(t), y(db))));
    g.stroke();
  }
  // What the chosen curve's dip is measured against: both tracks unfaded, traded at constant power over its fade.
  const reference = v.curves.find((c) => c.curve === chosen)?.reference ?? [];
  g.beginPath();
  // Dotted in the chosen curve's colour: the gap between it and the thick line is the dip (the playhead is white).
  g.strokeStyle = curveColor(chosen);
  g.lineWidth = 2;
  g.setLineDash([2, 4]);
  reference.forEach(([t, db], i) => (i === 0 ? g.moveTo(x(t), y(db)) : g.lineTo(x(t), y(db))));
  g.stroke();
  g.setLineDash([]);
  g.lineWidth = 1;
}

/** The canvas with as many pixels as it is shown with (the drawing follows the window), at least 320 × 300. */
function fitCanvas(canvas) {
  const box = canvas.getBoundingClientRect();
  const w = Math.max(320, Math.round(box.width)), h = Math.max(300, Math.round(box.height));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
}

/** The dip table's rows: per curve, its name, the measured dips and the gains' own figure at the fade's middle. */
export function showDips(body, v, chosenCurve) {
  body.replaceChildren(...v.curves.map((c) => {
    const row = document.createElement("tr");
    row.dataset.curve = c.curve;
    row.classList.toggle("chosen", c.curve === chosenCurve);
    // The theory is a crossfade's, without a gap: with one, B has not entered at A's halfway point.
    const gap = v.incomingStart - v.fadeStart > 0.0005;
    const theory = gap ? null : midpointDb(c.outgoingGain, c.incomingGain);
    // A fade of no length (the death scenarios' 0 s) is a cut whatever its curve: said, as the rows then agree.
    const cut = c.curve !== "hard-cut" && c.fadeEnd - c.fadeStart < 0.0005 + Math.max(0, v.incomingStart - v.fadeStart);
    const cells = [
      c.curve + (cut ? " (no fade: a cut)" : ""), dipText(c.momentaryDip, { silent: c.momentaryToSilence, rise: c.momentaryRise }),
      dipText(c.shortTermDip, { silent: c.shortTermToSilence }), theory == null ? (gap ? "n/a (a gap)" : "n/a (no fade)") : dbText(theory),
    ];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      row.append(td);
    }
    row.firstChild.style.color = curveColor(c.curve);
    return row;
  }));
}
