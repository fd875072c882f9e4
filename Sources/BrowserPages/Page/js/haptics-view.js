// The pattern audition's view: the timeline drawn on its canvas (the sound's envelope, the haptic drive, the events,
// sharpness, onsets and transient offsets, haptics in silence), the sync line and the findings. It draws what it is
// given and keeps no state; the controller (haptics.js) owns the page's state and calls it.
import { offsetText, timelineGeometry } from "./timeline.js";
import { rulerTicks } from "./timing.js";

/** The sync check's line: the lag and correlation, each transient's offset to its onset, haptics in silence. */
export function showSync(box, v) {
  // The correlation is of the haptic drive's envelope with the sound's, at the best lag (−1…1).
  const corr = `correlation of the haptic and sound envelopes ${v.correlation.toFixed(2)}`;
  const lag = v.lag == null ? `lag unclear (best ${corr})` : `lag ${(v.lag * 1000).toFixed(0)} ms (haptics after the sound when +), ${corr} there`;
  const parts = [`<b>Sync</b> ${lag}`];
  const rows = v.transients.map((t) => {
    const o = offsetText(t);
    // Said in words which way: the transient's time minus its onset's, as the command line says it.
    const way = t.offset == null ? "" : o.text === "0.0 ms" ? " (on its onset)" : t.offset > 0 ? " (after its onset)" : " (before its onset)";
    return { ok: o.ok, html: `<span class="${o.ok ? "ok" : "bad"}">transient at ${t.time.toFixed(3)} s: ${o.text}${way}</span>` };
  });
  // Many transients (149 in a gravel pattern) wrapped over 25 lines and pushed the drawing off the page: the ones off
  // their onsets first, at most six in the row, and every one in a list that opens.
  const shown = rows.filter((r) => !r.ok).concat(rows.filter((r) => r.ok)).slice(0, SHOWN);
  parts.push(...shown.map((r) => r.html));
  if (v.silences.length) parts.push(`<span class="warn">haptics in silence: ${v.silences.map(([a, b]) => `${a.toFixed(2)}–${b.toFixed(2)} s`).join(", ")}</span>`);
  box.replaceChildren();
  for (const html of parts) {
    const span = document.createElement("span");
    span.innerHTML = html;
    box.append(span);
  }
  if (rows.length > SHOWN) {
    const more = document.createElement("details"), summary = document.createElement("summary");
    const off = rows.filter((r) => !r.ok).length;
    summary.textContent = `all ${rows.length} transients (${off} off their onsets)`;
    const list = document.createElement("div");
    list.className = "transient-list";
    list.innerHTML = rows.map((r) => r.html).join("<br>");
    more.append(summary, list);
    box.append(more);
  }
}

/** The transients the sync row names before its list opens. */
const SHOWN = 6;

/**
 * The findings of the pattern with the page's edit, one row each as the command line prints it, at their lines in the
 * file on disk (an edit changes times, not lines); `onPick(line)` on a click.
 */
export function showFindings(list, v, onPick) {
  list.replaceChildren();
  if (!v.findings.length) {
    list.textContent = "No finding: the pattern, with this page's edit, validates clean.";
    return;
  }
  for (const f of v.findings) {
    const row = document.createElement("div");
    row.className = "finding " + (f.severity === "error" ? "bad" : f.severity === "warning" ? "warn" : "");
    row.textContent = `${v.file}:${f.line}:${f.column}: ${f.severity}: ${f.message} [${f.rule}]`;
    row.dataset.line = f.line;
    row.onclick = () => onPick(f.line);
    list.append(row);
  }
}

/**
 * Draws the timeline of `v` (the server's `/api/view`) on `canvas`: the event `selected` (an index, or null) framed,
 * and the playhead at `position` seconds when given.
 */
export function drawTimeline(canvas, v, selected, position) {
  const g = canvas.getContext("2d");
  // The intensity lane takes three quarters of the height left by the margins, the sharpness lane the rest (240 and
  // 80 px of a 420 px canvas).
  const w = canvas.width, h = canvas.height, top = 20, lane = Math.round(0.75 * (h - 100)), sharpTop = top + lane + 40;
  const sharpH = h - 100 - lane;
  const { left, width, x } = timelineGeometry(w, v.duration);
  const y = (a) => top + lane - a * lane;
  g.fillStyle = "#0c0e11";
  g.fillRect(0, 0, w, h);
  const frame = { g, v, x, y, left, top, lane, sharpTop, sharpH };
  drawSignals(frame, width);
  drawEvents(frame, selected);
  drawAxes(frame, h, width);
  if (position !== undefined) {
    g.strokeStyle = "#ffffff";
    g.beginPath(); g.moveTo(x(position), 0); g.lineTo(x(position), h - 14); g.stroke();
  }
}

/** Haptics in silence (shaded), the sound's envelope (grey) and the haptic drive (blue). */
function drawSignals({ g, v, x, y, left, top, lane }, width) {
  g.fillStyle = "rgba(240, 179, 90, 0.18)";
  for (const [a, b] of v.silences) g.fillRect(x(a), top, Math.max(1, x(b) - x(a)), lane);
  const n = v.sound.length;
  const soundPeak = Math.max(...v.sound, 1e-9);
  g.fillStyle = "#5a6270";
  for (let i = 0; i < n; i++) {
    const a = v.sound[i] / soundPeak;
    g.fillRect(left + (i / n) * width, y(a), Math.max(1, width / n), a * lane);
  }
  g.strokeStyle = "#2e86de";
  g.lineWidth = 2;
  g.beginPath();
  v.haptic.forEach((a, i) => { const px = left + (i / v.haptic.length) * width; if (i === 0) g.moveTo(px, y(a)); else g.lineTo(px, y(a)); });
  g.stroke();
  g.lineWidth = 1;
}

/** Each event at its intensity (transients red, continuous events blue, the selected one framed) and its sharpness. */
function drawEvents({ g, v, x, y, top, lane, sharpTop, sharpH }, selected) {
  for (const e of v.events) {
    if (e.type === "AudioCustom") continue;
    g.fillStyle = e.type === "HapticTransient" ? "#e4572e" : "rgba(46, 134, 222, 0.35)";
    const x0 = x(e.time), x1 = e.type === "HapticTransient" ? x0 + 3 : Math.max(x0 + 2, x(e.time + e.duration));
    g.fillRect(x0 - (e.type === "HapticTransient" ? 1 : 0), y(e.intensity), x1 - x0, e.intensity * lane);
    if (e.index === selected) { g.strokeStyle = "#ffffff"; g.strokeRect(x0 - 3, y(e.intensity) - 3, x1 - x0 + 6, e.intensity * lane + 6); }
    g.fillStyle = "#c39bd3";
    g.beginPath(); g.arc(x0, sharpTop + sharpH - e.sharpness * sharpH, 3, 0, 2 * Math.PI); g.fill();
  }
  g.strokeStyle = "#9aa3ad";
  for (const t of v.onsets) { g.beginPath(); g.moveTo(x(t), top + lane); g.lineTo(x(t), top + lane + 10); g.stroke(); }
  for (const t of v.transients) {
    if (t.onset == null) continue;
    g.strokeStyle = offsetText(t).ok ? "#7bd88f" : "#ff6b6b";
    g.lineWidth = 2;
    g.beginPath(); g.moveTo(x(t.time), top + lane + 14); g.lineTo(x(t.onset), top + lane + 24); g.stroke();
    g.lineWidth = 1;
  }
}

/** The lanes' names at their middles, clear of their 1 and 0 ticks, and the time axis. */
function drawAxes({ g, v, x, left, top, lane, sharpTop, sharpH }, h, width) {
  g.fillStyle = "#9aa3ad";
  g.font = "11px system-ui, sans-serif";
  // The lanes' names upright in the margin, clear of their ticks and of the plot.
  for (const [name, middle] of [["intensity", top + lane / 2], ["sharpness", sharpTop + sharpH / 2]]) {
    g.save(); g.translate(14, middle); g.rotate(-Math.PI / 2); g.textAlign = "center"; g.fillText(name, 0, 0); g.restore();
  }
  g.fillText("1", left - 12, sharpTop + 4);
  g.fillText("0", left - 12, sharpTop + sharpH + 4);
  g.fillText("1", left - 12, top + 4);
  g.fillText("0", left - 12, top + lane + 4);
  // Round steps (1, 2 or 5 × 10^k s) about 80 px apart whatever the pattern's length, each with its tick; the unit once.
  g.strokeStyle = "#9aa3ad";
  g.textAlign = "center";
  const ticks = rulerTicks(0, v.duration, Math.max(2, Math.floor(width / 80)));
  for (const [i, tick] of ticks.entries()) {
    g.beginPath(); g.moveTo(x(tick.time), h - 20); g.lineTo(x(tick.time), h - 15); g.stroke();
    g.fillText(tick.text + (i === 0 ? " s" : ""), x(tick.time) + (i === 0 ? 6 : 0), h - 4);
  }
  g.textAlign = "start";
}
