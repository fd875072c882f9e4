// Drawing: the overview and the detail canvases, from the page's model. Reads the model, never changes it.

import { barNumber, markedLines, formatSeconds, rulerTicks, sectionsOf } from "./timing.js";
import { columnColour } from "./bands.js";
import { gridDetail, hitStyle, labelsWithRoom, minLineGap, onStride, stackedLabels, stride } from "./detail.js";

/** Sizes a canvas's backing store to its box at the device's pixel ratio. */
export function fitCanvas(canvas) {
  const r = canvas.getBoundingClientRect(), scale = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(r.width * scale)); canvas.height = Math.max(1, Math.round(r.height * scale));
}

/** The x (backing pixels) of time `t` in the detail view, and back. */
export const xOf = (t, view, c) => (t - view.from) / (view.to - view.from) * c.width;
export const tOf = (x, view, c) => view.from + x / c.width * (view.to - view.from);

/** The waveform of `env` between heights `h0` and `h1`, in `color`, or each column in its bands' colour with `bands`. */
function drawWave(g, env, c, h0, h1, color, bands) {
  if (!env) return;
  const mid = (h0 + h1) / 2, amp = (h1 - h0) / 2;
  g.fillStyle = color;
  for (let x = 0; x < env.min.length; x++) {
    const px = x * c.width / env.min.length;
    if (bands) g.fillStyle = columnColour(env, x, color);
    g.fillRect(px, mid - env.max[x] * amp, Math.max(1, c.width / env.min.length), Math.max(1, (env.max[x] - env.min[x]) * amp));
  }
}

/** The width of the shortest beat of `grid` on the detail view `c` (CSS px): its fastest section's. */
function shortestBeatPx(grid, view, c) {
  const bpm = Math.max(...sectionsOf(grid).map((s) => s.bpm));
  return (60 / bpm) / (view.to - view.from) * c.width / (window.devicePixelRatio || 1);
}

/**
 * The ruler along the detail view's bottom edge: seconds at round steps, the bar numbers of the grid (on every bar, or
 * every 2nd, 4th, … when zoomed out, so that no label overwrites the next), and each hit's number under its marker
 * where there is room for it. Returns the bar labels drawn, `{ x, width, text }` in CSS px.
 */
function drawRuler(g, m, c) {
  const scale = window.devicePixelRatio || 1, band = 16 * scale, top = c.height - band, view = m.view;
  g.fillStyle = "rgba(0,0,0,0.55)"; g.fillRect(0, top, c.width, band);
  g.font = `${10 * scale}px system-ui`; g.fillStyle = "#c8d3de";
  for (const tick of rulerTicks(view.from, view.to, Math.max(2, Math.floor(c.width / (90 * scale))))) {
    const x = xOf(tick.time, view, c);
    // Seconds say their unit; minutes:seconds say theirs by the colon.
    g.fillRect(x, top, 1, 5 * scale); g.fillText(tick.text.includes(":") ? tick.text : `${tick.text} s`, x + 3, top + 11 * scale);
  }
  const labels = [];
  if (m.grid) {
    g.fillStyle = "#ffffff";
    // Each section counts its bars on from the one before (a tempo change mid-bar starts the next bar).
    const bars = markedLines(m.grid, view.from, view.to, 1).filter((line) => line.kind === "bar")
      .map((line) => ({ time: line.time, number: barNumber(line.time, m.grid) }));
    const widest = Math.max(0, ...bars.map((b) => g.measureText(`bar ${b.number}`).width)) / scale;
    const k = stride(shortestBeatPx(m.grid, view, c) * (m.grid.beatsPerBar || 4), widest + 10);
    for (const bar of bars) {
      if (!onStride(bar.number, k)) continue;
      const text = `bar ${bar.number}`, x = xOf(bar.time, view, c) + 3 * scale;
      g.fillText(text, x, 26 * scale);
      labels.push({ x: x / scale, width: g.measureText(text).width / scale, text });
    }
  }
  g.fillStyle = "#9fe0ad";
  const shown = m.state.beats.map((b, i) => ({ x: xOf(b.time, view, c) + 3 * scale, text: String(i + 1) }))
    .filter((l) => l.x >= 0 && l.x <= c.width);
  for (const i of labelsWithRoom(shown.map((l) => l.x), (i) => g.measureText(shown[i].text).width, 8 * scale)) {
    g.fillText(shown[i].text, shown[i].x, top - 4 * scale);
  }
  return labels;
}

/**
 * The tempo grid on the detail view `d` (and each section's start on the overview `o` too): bars brightest, beats
 * bright, subdivisions (at the snap divisor) faint. Beats only `minBeatGap` apart or more, subdivisions (between them)
 * `minLineGap`; bars closer than that only every 2nd, 4th, … bar; each pause shaded over its length. Returns
 * `{ beatLines, barStride, beatTimes, pauses }`: the times of the beat and bar lines drawn, and the pauses shaded.
 */
function drawGrid(m, go, o, gd, d) {
  const view = m.view, state = m.state;
  const beatPx = shortestBeatPx(m.grid, view, d), detail = gridDetail(beatPx, m.grid.beatsPerBar || 4);
  const perBeat = (m.divisor > 1 && beatPx / m.divisor >= minLineGap) ? m.divisor : 1;
  const style = { bar: "rgba(255,255,255,0.34)", beat: "rgba(255,255,255,0.16)", sub: "rgba(255,255,255,0.06)" };
  const beatTimes = [], pauses = [];
  for (const line of markedLines(m.grid, view.from, view.to, perBeat)) {
    if (line.kind !== "bar" && !detail.beats) continue;
    if (line.kind === "bar" && detail.barStride > 1 && !onStride(barNumber(line.time, m.grid), detail.barStride)) continue;
    if (line.kind !== "sub") beatTimes.push(line.time);
    gd.strokeStyle = style[line.kind];
    gd.beginPath(); gd.moveTo(xOf(line.time, view, d), 0); gd.lineTo(xOf(line.time, view, d), d.height); gd.stroke();
  }
  // Each tempo section's start, with its tempo, in both views.
  const scale = window.devicePixelRatio || 1;
  gd.font = `${11 * scale}px system-ui`;
  // Each pause (a chart's stop or delay) shaded over the time it holds the music still, with its kind and length
  // (under the section's tempo and a flagged hit's error, which sit at 40 and 56 px).
  for (const p of m.grid.stops || []) {
    if (!(p.seconds > 0) || p.time + p.seconds < view.from || p.time > view.to) continue;
    const x0 = xOf(p.time, view, d), x1 = xOf(p.time + p.seconds, view, d);
    gd.fillStyle = "rgba(160,120,255,0.16)"; gd.fillRect(x0, 0, Math.max(1, x1 - x0), d.height);
    gd.fillStyle = "#b8a0ff"; gd.fillText(`${p.delay ? "delay" : "stop"} ${p.seconds.toFixed(3)} s`, x0 + 4, 72 * scale);
    pauses.push({ time: p.time, seconds: p.seconds });
  }
  for (const s of sectionsOf(m.grid).slice(1)) {
    go.fillStyle = "#e0a040"; go.fillRect(s.offset / state.duration * o.width, 0, 2, o.height);
    if (s.offset < view.from || s.offset > view.to) continue;
    const x = xOf(s.offset, view, d);
    gd.fillStyle = "#e0a040"; gd.fillRect(x - 1, 0, 3, d.height);
    gd.fillText(`♩ ${s.bpm.toFixed(2)}`, x + 4, 40 * scale);
  }
  return { beatLines: detail.beats, barStride: detail.barStride, beatTimes, pauses };
}

/**
 * The hits on the detail view `d`: flagged red (with the signed error, and a faint line at the onset it was matched
 * to), too close orange, selected white, the rest green; as lines across the view, or, too dense for lines
 * (`hitStyle`), as ticks along the waveform's bottom edge at `waveBottom` (flagged and selected hits still as lines).
 * Returns the style drawn: "lines" or "ticks".
 */
function drawHits(m, gd, d, waveBottom) {
  const view = m.view, state = m.state, pxScale = window.devicePixelRatio || 1;
  gd.font = `${11 * pxScale}px system-ui`;
  const style = hitStyle(state.beats.filter((b) => b.time >= view.from && b.time <= view.to).map((b) => xOf(b.time, view, d) / pxScale));
  const labels = [];
  state.beats.forEach((b, i) => {
    if (b.time < view.from - 1 || b.time > view.to + 1) return;
    const x = xOf(b.time, view, d), on = m.selected.has(i);
    gd.fillStyle = on ? "#ffffff" : b.flagged ? "#ff6b6b" : b.too_close ? "#f0b35a" : "#7bd88f";
    if (style === "ticks" && !on && !b.flagged) gd.fillRect(x, waveBottom, pxScale, 10 * pxScale);
    else gd.fillRect(x - 1, 0, on ? 3 : 2, d.height);
    if (b.flagged && b.error != null) labels.push({ text: `${b.error > 0 ? "+" : ""}${(b.error * 1000).toFixed(0)} ms`, x });
    if (b.flagged && b.audio_time != null) { gd.fillStyle = "rgba(255,107,107,0.5)"; gd.fillRect(xOf(b.audio_time, view, d) - 1, 0, 1, d.height); }
  });
  // Each flagged hit's error over every line, on a dark backdrop, on the first of three rows where it does not run into
  // the label before it, else not drawn (the findings list has every one): adjacent flagged hits overlapped in one row.
  const widths = labels.map((l) => gd.measureText(l.text).width);
  stackedLabels(labels.map((l) => l.x + 4), (k) => widths[k], 3 * pxScale, 3).forEach((row, k) => {
    if (row < 0) return;
    const { text, x } = labels[k], y = (56 + 13 * row) * pxScale;
    gd.fillStyle = "rgba(0,0,0,0.75)"; gd.fillRect(x + 2, y - 10 * pxScale, widths[k] + 4, 13 * pxScale);
    gd.fillStyle = "#ff6b6b"; gd.fillText(text, x + 4, y);
  });
  return style;
}

/**
 * Draws both canvases: waveform (coloured by band with `m.bands`), onset strength, the tempo grid (`m.grid`, subdivided
 * by `m.divisor`), beats (flagged red, too close orange, selected white). Zoomed out, the grid thins to what has room
 * and the hits become ticks under the waveform (flagged and selected ones still cross it). Returns what it drew, for the
 * browser tests: `{ hits: "lines" | "ticks", beatLines, barStride, barLabels, beatTimes, pauses }`.
 */
export function draw(m, overview, detail, timeLabel) {
  const state = m.state, drawn = { hits: "lines", beatLines: true, barStride: 1, barLabels: [] };
  if (!state) return drawn;
  const o = overview, d = detail, go = o.getContext("2d"), gd = d.getContext("2d"), view = m.view;
  go.clearRect(0, 0, o.width, o.height); gd.clearRect(0, 0, d.width, d.height);
  drawWave(go, m.overviewEnv, o, 0, o.height, "#3d6f9e", m.bands);
  const ox = (t) => t / state.duration * o.width;
  go.fillStyle = "rgba(255,255,255,0.12)"; go.fillRect(ox(view.from), 0, Math.max(2, ox(view.to) - ox(view.from)), o.height);
  for (const b of state.beats) { go.fillStyle = b.flagged ? "#ff6b6b" : "#8fa3b8"; go.fillRect(ox(b.time), o.height - 8, 1, 8); }
  const waveBottom = d.height * 0.72;
  drawWave(gd, m.detailEnv, d, 20, waveBottom, "#4f8fc9", m.bands);
  if (m.detailEnv) {
    const onset = m.detailEnv.onset;
    gd.strokeStyle = "#e5a84b"; gd.beginPath();
    onset.forEach((v, x) => {
      const px = x * d.width / onset.length, py = d.height - 4 - v * (d.height - waveBottom - 8);
      if (x) gd.lineTo(px, py); else gd.moveTo(px, py);
    });
    gd.stroke();
  }
  if (m.selection) {
    gd.fillStyle = "rgba(120,170,255,0.15)";
    gd.fillRect(xOf(m.selection[0], view, d), 0, xOf(m.selection[1], view, d) - xOf(m.selection[0], view, d), d.height);
  }
  if (m.grid) Object.assign(drawn, drawGrid(m, go, o, gd, d));
  drawn.hits = drawHits(m, gd, d, waveBottom);
  // A draft's proposed hits: dashed, in both views, until accepted or rejected.
  gd.strokeStyle = "#5fd3e6"; gd.setLineDash([6, 5]);
  for (const t of m.proposal || []) {
    go.fillStyle = "#5fd3e6"; go.fillRect(ox(t), o.height - 14, 1, 6);
    if (t < view.from - 1 || t > view.to + 1) continue;
    gd.beginPath(); gd.moveTo(xOf(t, view, d), 0); gd.lineTo(xOf(t, view, d), d.height); gd.stroke();
  }
  gd.setLineDash([]);
  // The author's markers: a labelled band along the top of both views.
  const scale = window.devicePixelRatio || 1;
  for (const mk of state.markers || []) {
    go.fillStyle = "rgba(150,120,255,0.35)"; go.fillRect(ox(mk.from), 0, Math.max(2, ox(mk.to) - ox(mk.from)), 6 * scale);
    if (mk.to < view.from || mk.from > view.to) continue;
    const x0 = Math.max(0, xOf(mk.from, view, d)), x1 = Math.min(d.width, xOf(mk.to, view, d));
    gd.fillStyle = "rgba(150,120,255,0.28)"; gd.fillRect(x0, 0, Math.max(2, x1 - x0), 16 * scale);
    gd.fillStyle = "#d8ccff"; gd.font = `${11 * scale}px system-ui`; gd.fillText(mk.name, x0 + 4, 12 * scale);
  }
  drawn.barLabels = drawRuler(gd, m, d);
  const p = m.transport.position();
  gd.fillStyle = "#ffffff"; gd.fillRect(xOf(p, view, d), 0, 2, d.height);
  go.fillStyle = "#ffffff"; go.fillRect(ox(p), 0, 2, o.height);
  timeLabel.textContent = "playhead " + formatSeconds(p);
  return drawn;
}
