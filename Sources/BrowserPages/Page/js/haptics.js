// The pattern audition page: the timeline of the pattern against its sound, what to hear, the timing fix and the save.
// Every figure comes from the server (the library's renderer, sync check and validator); this page draws and plays.
import { getJSON, withToken } from "./api.js";
import { BufferPlayer } from "./player.js";
import { alignment, editQuery, eventAt, eventOfLine, offsetText } from "./timeline.js";

const $ = (id) => document.getElementById(id);

/** The page's one player. */
const player = new BufferPlayer();

/** What tests and people can inspect (the player's context, source, start and state among them). */
const page = { view: null, shiftMs: 0, movesMs: {}, selected: null, loading: false, buffer: null, bufferKey: "", saved: 0,
  get playing() { return player.playing; },
  get context() { return player.context; },
  get source() { return player.source; },
  get startedAt() { return player.startedAt; } };
window.hapticsAudition = page;

let generation = 0;

function status(text, bad = false) {
  $("status").textContent = text;
  $("status").className = bad ? "bad" : "";
}

const query = () => editQuery(page.shiftMs, page.movesMs);

/** Loads the timeline for the current edit. */
async function load() {
  const mine = ++generation;
  page.loading = true;
  try {
    const q = query();
    const view = await getJSON("/api/view?" + q + (q ? "&" : "") + "width=" + $("view").width);
    if (mine !== generation) return;
    page.view = view;
    if (page.selected !== null) select(view.events.find((e) => e.index === page.selected) || null);
    draw();
    showSync();
    showFindings();
    $("save").disabled = !view.editable || !(page.shiftMs || Object.values(page.movesMs).some((v) => v));
    $("save").title = view.editable ? "" : "A .haptic clip is heard and checked here; convert it to AHAP to save a fix";
    $("play").disabled = false;
    if (!$("loopTo").value) $("loopTo").value = view.duration.toFixed(2);
    status(`${view.file}: ${view.events.length} events, ${view.duration.toFixed(3)} s`);
  } catch (e) {
    if (mine === generation) status(String(e.message || e), true);
  } finally {
    if (mine === generation) page.loading = false;
  }
}

function showSync() {
  const v = page.view;
  const lag = v.lag == null ? "lag unclear" : `lag ${(v.lag * 1000).toFixed(0)} ms (haptics after the sound when +)`;
  const parts = [`<b>Sync</b> ${lag}, correlation ${v.correlation.toFixed(2)}`];
  for (const t of v.transients) {
    const o = offsetText(t);
    parts.push(`<span class="${o.ok ? "ok" : "bad"}">transient at ${t.time.toFixed(3)} s: ${o.text}</span>`);
  }
  if (v.silences.length) parts.push(`<span class="warn">haptics in silence: ${v.silences.map(([a, b]) => `${a.toFixed(2)}–${b.toFixed(2)} s`).join(", ")}</span>`);
  $("sync").replaceChildren();
  for (const html of parts) {
    const span = document.createElement("span");
    span.innerHTML = html;
    $("sync").append(span);
  }
}

function showFindings() {
  const list = $("findings");
  list.replaceChildren();
  if (!page.view.findings.length) {
    list.textContent = "No finding: the pattern as it would be saved validates clean.";
    return;
  }
  for (const f of page.view.findings) {
    const row = document.createElement("div");
    row.className = "finding " + (f.severity === "error" ? "bad" : f.severity === "warning" ? "warn" : "");
    row.textContent = `${page.view.file}:${f.line}:${f.column}: ${f.severity}: ${f.message} [${f.rule}]`;
    row.dataset.line = f.line;
    row.onclick = () => select(eventOfLine(page.view.events, f.line));
    list.append(row);
  }
}

function select(event) {
  page.selected = event ? event.index : null;
  $("selected").textContent = event ? `Pattern[${event.index}] ${event.type} at ${event.time.toFixed(3)} s (line ${event.line})` : "none (click one)";
  $("move").disabled = !event;
  $("move").value = event ? page.movesMs[event.index] || 0 : 0;
  draw();
}

/** Draws the timeline: sound envelope, haptic drive, events, sharpness, onsets and transient offsets, silences. */
function draw(position) {
  const v = page.view;
  if (!v) return;
  const canvas = $("view"), g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, left = 50, width = w - 70, top = 20, lane = 240, sharpTop = 300, sharpH = 80;
  const x = (t) => left + (t / (v.duration || 1)) * width;
  const y = (a) => top + lane - a * lane;
  g.fillStyle = "#0c0e11";
  g.fillRect(0, 0, w, h);
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
  for (const e of v.events) {
    if (e.type === "AudioCustom") continue;
    const chosen = e.index === page.selected;
    g.fillStyle = e.type === "HapticTransient" ? "#e4572e" : "rgba(46, 134, 222, 0.35)";
    const x0 = x(e.time), x1 = e.type === "HapticTransient" ? x0 + 3 : Math.max(x0 + 2, x(e.time + e.duration));
    g.fillRect(x0 - (e.type === "HapticTransient" ? 1 : 0), y(e.intensity), x1 - x0, e.intensity * lane);
    if (chosen) { g.strokeStyle = "#ffffff"; g.strokeRect(x0 - 3, y(e.intensity) - 3, x1 - x0 + 6, e.intensity * lane + 6); }
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
  g.fillStyle = "#9aa3ad";
  g.font = "11px system-ui, sans-serif";
  // Each lane's name at its middle, clear of its 1 and 0 ticks at the top and bottom.
  g.fillText("intensity", 4, top + lane / 2 + 4);
  g.fillText("sharpness", 4, sharpTop + sharpH / 2 + 4);
  g.fillText("1", left - 12, sharpTop + 4);
  g.fillText("0", left - 12, sharpTop + sharpH + 4);
  g.fillText("1", left - 12, top + 4);
  g.fillText("0", left - 12, top + lane + 4);
  const step = v.duration > 2 ? 0.5 : v.duration > 0.5 ? 0.1 : 0.05;
  for (let t = 0; t <= v.duration + 1e-9; t += step) g.fillText(t.toFixed(2) + (t === 0 ? " s" : ""), x(t) - 10, h - 4);
  if (position !== undefined) {
    g.strokeStyle = "#ffffff";
    g.beginPath(); g.moveTo(x(position), 0); g.lineTo(x(position), h - 14); g.stroke();
  }
}

async function audioBuffer() {
  const key = $("kind").value + "?" + query();
  if (page.buffer && page.bufferKey === key) return page.buffer;
  const q = query();
  page.buffer = await player.fetchSound(withToken("/api/audio?kind=" + $("kind").value + (q ? "&" + q : "")));
  page.bufferKey = key;
  return page.buffer;
}

async function play() {
  try {
    const buffer = await audioBuffer();
    const from = Math.max(0, Number($("loopFrom").value) || 0), to = Math.min(buffer.duration, Number($("loopTo").value) || buffer.duration);
    const loop = $("loop").checked && to > from ? [from, to] : null;
    player.play(buffer, { from: loop ? from : 0, rate: Number($("rate").value), loop, onEnd: stop });
    $("play").textContent = "■ Stop";
    requestAnimationFrame(tick);
  } catch (e) {
    status(String(e.message || e), true);
  }
}

function stop() {
  player.stop();
  $("play").textContent = "▶ Play";
  draw();
}

function tick() {
  if (!page.playing) return;
  const t = player.position();
  $("position").textContent = t.toFixed(3) + " s";
  draw(t);
  requestAnimationFrame(tick);
}

function setShift(ms) {
  page.shiftMs = Math.round(ms);
  $("shift").value = page.shiftMs;
  if (page.playing) stop();
  load();
}

async function save() {
  try {
    // The revision the page edits: a second tab, or this save sent twice, is refused once the file was saved.
    const q = [query(), "base=" + encodeURIComponent(page.view.revision)].filter(Boolean).join("&");
    await getJSON("/api/save?" + q, { method: "POST" });
    page.saved += 1;
    page.shiftMs = 0;
    page.movesMs = {};
    $("shift").value = 0;
    select(null);
    await load();
    status(`saved ${page.view.file}`);
  } catch (e) {
    status(String(e.message || e), true);
  }
}

function start() {
  $("shift").onchange = () => setShift(Number($("shift").value) || 0);
  for (const [id, d] of [["shiftLess10", -10], ["shiftLess1", -1], ["shiftMore1", 1], ["shiftMore10", 10]]) $(id).onclick = () => setShift(page.shiftMs + d);
  $("align").onclick = () => {
    if (!page.view) return;
    const a = alignment(page.shiftMs, page.view.lag, page.view.correlation);
    if (a.ok && a.shiftMs !== page.shiftMs) setShift(a.shiftMs);
    status(a.ok && a.shiftMs === page.shiftMs ? "Already aligned: the measured lag is 0 ms." : a.text, !a.ok);
  };
  $("move").onchange = () => {
    if (page.selected === null) return;
    page.movesMs[page.selected] = Math.round(Number($("move").value) || 0);
    if (page.playing) stop();
    load();
  };
  $("reset").onclick = () => { page.movesMs = {}; setShift(0); };
  $("save").onclick = save;
  $("play").onclick = () => (page.playing ? stop() : play());
  $("view").onclick = (e) => {
    const r = $("view").getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * $("view").width;
    const t = ((px - 50) / ($("view").width - 70)) * page.view.duration;
    // Within 1 % of the drawn span (at least 5 ms): a few pixels either side of a transient's bar.
    select(eventAt(page.view.events.filter((ev) => ev.type !== "AudioCustom"), t, Math.max(0.005, page.view.duration / 100)));
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === " ") { e.preventDefault(); $("play").click(); }
  });
  load();
}

start();
