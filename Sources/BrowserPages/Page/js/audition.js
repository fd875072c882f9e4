// The crossfade audition page: the settings, the view of the transition, and the loop, whose curve can be switched
// while it plays. The mixes come from the server (the same samples `beatmap crossfade` writes); this page only
// schedules them.
import { getJSON, withToken } from "./api.js";
import {
  curveColor, curvesToLoad, dbText, dipText, loudnessTicks, midpointDb, mixTime, planQuery, scale, withScenario,
} from "./crossfade.js";
import { BufferPlayer } from "./player.js";

const $ = (id) => document.getElementById(id);

/** The loop's player (the page's one player). */
const player = new BufferPlayer();

/**
 * What tests and people can inspect: the setup, the plan, the view, the loaded buffers and the loop's switches; and
 * the player's context, source, start and state.
 */
const audition = {
  setup: null,
  plan: null,
  view: null,
  curve: null,
  buffers: {},
  loading: false,
  switches: [],
  get playing() { return player.playing; },
  get startedAt() { return player.startedAt; },
  get source() { return player.source; },
  get context() { return player.context; },
};
window.audition = audition;

let generation = 0;

function status(text, bad = false) {
  $("status").textContent = text;
  $("status").className = bad ? "bad" : "";
}

/** The plan from the settings row. */
function readPlan() {
  return {
    at: $("at").value, duration: $("duration").value, curve: audition.curve, quantize: $("quantize").value,
    gap: $("gap").value, from: $("from").value, phase: $("phase").checked ? "1" : "0",
  };
}

function showPlan(plan) {
  $("at").value = plan.at;
  $("duration").value = plan.duration;
  $("durationRange").value = plan.duration;
  $("quantize").value = plan.quantize;
  $("gap").value = plan.gap;
  $("from").value = plan.from;
  $("phase").checked = plan.phase === "1";
  audition.curve = plan.curve;
  markCurve();
}

function markCurve() {
  for (const b of document.querySelectorAll("#curveButtons button")) b.classList.toggle("chosen", b.dataset.curve === audition.curve);
  $("otherCurve").value = audition.setup && audition.setup.compared.includes(audition.curve) ? "" : audition.curve;
  for (const row of document.querySelectorAll("#dips tbody tr")) row.classList.toggle("chosen", row.dataset.curve === audition.curve);
}

/** Loads the view and every compared curve's mix for the plan in the settings; the loop goes on with the new mixes. */
async function load() {
  const plan = readPlan();
  const mine = ++generation;
  audition.loading = true;
  status("rendering…");
  try {
    const width = Math.max(200, Math.min(4000, $("view").width));
    const view = await getJSON("/api/view?" + planQuery(plan) + "&width=" + width);
    const names = curvesToLoad(audition.setup.compared, plan.curve);
    const buffers = {};
    await Promise.all(names.map(async (name) => {
      buffers[name] = await player.fetchSound(withToken("/api/mix?" + planQuery(plan, name)));
    }));
    if (mine !== generation) return;
    const wasPlaying = audition.playing;
    if (wasPlaying) stop();
    audition.plan = plan;
    audition.view = view;
    audition.buffers = buffers;
    showPlan({ ...plan, at: $("at").value });
    showView();
    if (wasPlaying) play();
    status(`fade ${view.fadeStart.toFixed(3)}–${view.fadeEnd.toFixed(3)} s; loop ${view.windowStart.toFixed(2)}–${view.windowEnd.toFixed(2)} s`);
  } catch (e) {
    if (mine === generation) status(String(e.message || e), true);
  } finally {
    if (mine === generation) audition.loading = false;
    $("play").disabled = !audition.view;
  }
}

/** Loops the chosen curve's mix whole, from its start. */
function play() {
  const buffer = audition.buffers[audition.curve];
  player.play(buffer, { loop: [0, buffer.duration], lead: 0.05 });
  $("play").textContent = "■ Stop";
  requestAnimationFrame(tick);
}

function stop() {
  player.stop();
  $("play").textContent = "▶ Play loop";
}

/**
 * Switches the loop to `curve`: the new buffer starts at the very position the old one reaches at the same moment,
 * and the old one stops then, so the tracks go on without a gap and only the fade changes.
 */
function choose(curve) {
  const previous = audition.curve;
  audition.curve = curve;
  markCurve();
  showView();
  if (!audition.buffers[curve]) { load(); return; }
  if (!audition.playing || previous === curve) return;
  const { when, offset } = player.switchTo(audition.buffers[curve]);
  audition.switches.push({ from: previous, to: curve, when, offset });
}

function tick() {
  if (!audition.playing) return;
  const offset = player.position();
  $("position").textContent = mixTime(audition.view.windowStart, offset).toFixed(2) + " s";
  showView(offset);
  requestAnimationFrame(tick);
}

/** Draws the transition: both tracks' waveforms with their beats, the gains, the momentary loudness, the fade. */
function showView(offset) {
  const v = audition.view;
  if (!v) return;
  const canvas = fitCanvas($("view"));
  const g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, left = 60, width = w - 80;
  // The drawing is laid out on 520 units of height, scaled to the canvas's (the window's) height.
  const u = h / 520;
  const x = scale(v.windowStart, v.windowEnd, left, width);
  g.fillStyle = "#0c0e11";
  g.fillRect(0, 0, w, h);
  const chosen = v.curves.find((c) => c.curve === audition.curve) || v.curves[0];
  // The fade of the chosen curve, shaded over every lane.
  g.fillStyle = "rgba(245, 203, 167, 0.15)";
  g.fillRect(x(chosen.fadeStart), 0, Math.max(1, x(chosen.fadeEnd) - x(chosen.fadeStart)), h);
  g.font = "12px system-ui, sans-serif";
  const frame = { g, v, x, left, width, u };
  drawLanes(frame);
  drawGains(frame);
  drawLoudness(frame);
  g.fillStyle = "#9aa3ad";
  for (let t = Math.ceil(v.windowStart); t <= v.windowEnd; t++) g.fillText(`${t}s`, x(t) - 8, h - 4);
  if (offset !== undefined) {
    g.strokeStyle = "#ffffff";
    g.beginPath(); g.moveTo(x(mixTime(v.windowStart, offset)), 0); g.lineTo(x(mixTime(v.windowStart, offset)), h - 16); g.stroke();
  }
  showDips(v);
  $("swift").textContent = chosen.swift;
  $("command").textContent = chosen.command;
}

/** The two tracks' lanes: each waveform with its beats, and the flams between them in red. */
function drawLanes({ g, v, x, left, width, u }) {
  const lanes = [
    { name: `A: ${audition.setup.outgoing}`, top: 10 * u, height: 90 * u, peaks: v.outgoingPeaks, beats: v.outgoingBeats, color: "#8e9bb0" },
    { name: `B: ${audition.setup.incoming}`, top: 110 * u, height: 90 * u, peaks: v.incomingPeaks, beats: v.incomingBeats, color: "#b0a08e" },
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

/** The gains of every compared curve: solid for A, dashed for B, the chosen curve thick. */
function drawGains({ g, v, left, width, u }) {
  // Gains: solid for A, dashed for B, one colour per curve; the chosen curve drawn thick.
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
      g.lineWidth = c.curve === audition.curve ? 3 : 1;
      for (let i = 0; i < n; i++) {
        const px = left + (i / Math.max(1, n - 1)) * width, py = gTop + gHeight - gains[i] * gHeight;
        if (i === 0) g.moveTo(px, py); else g.lineTo(px, py);
      }
      g.stroke();
    }
  }
  g.setLineDash([]);
}

/** Each curve's momentary loudness (EBU R128, 400 ms) on a LUFS axis with a tick every 6 LU. */
function drawLoudness({ g, v, x, left, width, u }) {
  // Momentary loudness of each curve's mix (EBU R128, 400 ms).
  const lTop = 350 * u, lHeight = 150 * u;
  const all = v.curves.flatMap((c) => c.loudness.map((p) => p[1]));
  const lo = Math.floor(Math.min(...all, -30) - 2), hi = Math.ceil(Math.max(...all, -10) + 1);
  const y = (db) => lTop + lHeight - ((db - lo) / (hi - lo)) * lHeight;
  g.fillStyle = "#9aa3ad";
  g.fillText("momentary loudness (LUFS)", left + 4, lTop + 12);
  // The loudness axis: a tick and a faint line every 6 LU, labelled in the margin.
  for (const db of loudnessTicks(lo, hi)) {
    g.strokeStyle = "rgba(154, 163, 173, 0.25)";
    g.beginPath(); g.moveTo(left, y(db)); g.lineTo(left + width, y(db)); g.stroke();
    g.fillStyle = "#9aa3ad";
    g.fillText(String(db).replace("-", "−"), left - 30, y(db) + 4);
  }
  for (const c of v.curves) {
    g.beginPath();
    g.strokeStyle = curveColor(c.curve);
    g.lineWidth = c.curve === audition.curve ? 3 : 1;
    c.loudness.forEach(([t, db], i) => (i === 0 ? g.moveTo(x(t), y(db)) : g.lineTo(x(t), y(db))));
    g.stroke();
  }
  g.lineWidth = 1;
}

/** The canvas with as many pixels as it is shown with (the drawing follows the window), at least 300 high. */
function fitCanvas(canvas) {
  const box = canvas.getBoundingClientRect();
  const w = Math.max(320, Math.round(box.width)), h = Math.max(300, Math.round(box.height));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  return canvas;
}

function showDips(v) {
  const body = document.querySelector("#dips tbody");
  body.replaceChildren(...v.curves.map((c) => {
    const row = document.createElement("tr");
    row.dataset.curve = c.curve;
    row.classList.toggle("chosen", c.curve === audition.curve);
    const theory = midpointDb(c.outgoingGain, c.incomingGain);
    for (const text of [c.curve, dipText(c.momentaryDip), dipText(c.shortTermDip), theory == null ? "n/a (no fade)" : dbText(theory)]) {
      const td = document.createElement("td");
      td.textContent = text;
      row.append(td);
    }
    row.firstChild.style.color = curveColor(c.curve);
    return row;
  }));
}

async function start() {
  try {
    audition.setup = await getJSON("/api/setup");
    player.sampleRate = audition.setup.sampleRate;
  } catch (e) {
    status(String(e.message || e), true);
    return;
  }
  const s = audition.setup;
  $("title").textContent = `beatmap audition: ${s.outgoing} → ${s.incoming}`;
  $("at").max = s.outgoingDuration;
  for (const name of s.compared) {
    const b = document.createElement("button");
    b.textContent = name;
    b.dataset.curve = name;
    b.style.borderColor = curveColor(name);
    b.onclick = () => choose(name);
    $("curveButtons").append(b);
  }
  for (const name of s.curves.filter((c) => !s.compared.includes(c))) $("otherCurve").append(new Option(name, name));
  $("otherCurve").onchange = () => { if ($("otherCurve").value) choose($("otherCurve").value); };
  for (const sc of s.scenarios) {
    const b = document.createElement("button");
    b.textContent = sc.name;
    b.title = `${sc.curve}, ${sc.duration} s${sc.gap ? `, B ${sc.gap} s after the cut` : ""}`;
    b.dataset.scenario = sc.name;
    b.onclick = () => { showPlan(withScenario(readPlan(), sc)); load(); };
    $("scenarios").append(b);
  }
  if (!s.outgoingBPM) $("quantize").disabled = true;
  if (!s.incomingBPM) $("phase").disabled = true;
  showPlan(s.plan);
  $("durationRange").oninput = () => { $("duration").value = $("durationRange").value; };
  $("durationRange").onchange = load;
  for (const id of ["at", "duration", "gap", "from", "quantize", "phase"]) $(id).onchange = load;
  $("play").onclick = () => (audition.playing ? stop() : play());
  $("copySwift").onclick = () => navigator.clipboard.writeText($("swift").textContent);
  $("copyCommand").onclick = () => navigator.clipboard.writeText($("command").textContent);
  window.addEventListener("resize", () => { if (!audition.playing) showView(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === " ") { e.preventDefault(); $("play").click(); }
    const n = Number(e.key);
    if (n >= 1 && n <= s.compared.length) choose(s.compared[n - 1]);
  });
  await load();
}

start();
