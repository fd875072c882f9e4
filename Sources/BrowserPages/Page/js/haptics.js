// The pattern audition page's controller: what to hear, the timing fix, the save and the page's state; the drawing is
// the view's (haptics-view.js), the pure logic the model's (timeline.js). Every figure comes from the server (the
// library's renderer, sync check and validator); this page draws and plays.
import { getJSON, withToken } from "./api.js";
import { drawTimeline, showFindings, showSync } from "./haptics-view.js";
import { BufferPlayer } from "./player.js";
import { alignment, editQuery, eventAt, eventOfLine, timelineGeometry } from "./timeline.js";

const $ = (id) => document.getElementById(id);

/** The page's one player. */
const player = new BufferPlayer();

/** What tests and people can inspect (the player's context, source, start and state among them). */
const page = { view: null, shiftMs: 0, movesMs: {}, good: { shiftMs: 0, movesMs: {} }, selected: null, loading: false, buffer: null,
  bufferKey: "", saved: 0,
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

/** The latest load, which Align waits for: it works on the view of the shift the page shows. */
let pending = Promise.resolve();

/** Loads the timeline for the current edit; `note` (what an action did) is the status once it is drawn. */
function load(note) {
  pending = loadView(note);
  return pending;
}

async function loadView(note) {
  const mine = ++generation;
  page.loading = true;
  try {
    const q = query();
    const view = await getJSON("/api/view?" + q + (q ? "&" : "") + "width=" + $("view").width);
    if (mine !== generation) return;
    page.view = view;
    if (page.selected !== null) select(view.events.find((e) => e.index === page.selected) || null);
    draw();
    showSync($("sync"), view);
    showFindings($("findings"), view, (line) => select(eventOfLine(page.view.events, line)));
    $("save").disabled = !view.editable || !(page.shiftMs || Object.values(page.movesMs).some((v) => v));
    $("save").title = view.editable ? "" : "A .haptic clip is heard and checked here; convert it to AHAP to save a fix";
    $("play").disabled = false;
    if (!$("loopTo").value) $("loopTo").value = view.duration.toFixed(2);
    page.good = { shiftMs: page.shiftMs, movesMs: { ...page.movesMs } };
    status(note || `${view.file}: ${view.events.length} ${view.events.length === 1 ? "event" : "events"}, ${view.duration.toFixed(3)} s`);
  } catch (e) {
    if (mine !== generation) return;
    // A refused edit: said, and the page back on the last edit the server drew (its boxes, and Save for that edit).
    status(String(e.message || e), true);
    page.shiftMs = page.good.shiftMs;
    page.movesMs = { ...page.good.movesMs };
    $("shift").value = page.shiftMs;
    if (page.selected !== null) $("move").value = page.movesMs[page.selected] || 0;
  } finally {
    if (mine === generation) page.loading = false;
  }
}

function select(event) {
  page.selected = event ? event.index : null;
  $("selected").textContent = event ? `Pattern[${event.index}] ${event.type} at ${event.time.toFixed(3)} s (line ${event.line})` : "none (click one)";
  $("move").disabled = !event;
  $("move").value = event ? page.movesMs[event.index] || 0 : 0;
  draw();
}

/**
 * The canvas's pixels made its size on the page (it takes the window's width and the height the rows leave), so the
 * drawing is neither stretched nor blurred at any window size; true when they changed.
 */
function fitView() {
  const c = $("view"), r = c.getBoundingClientRect();
  const w = Math.max(300, Math.round(r.width)), h = Math.max(300, Math.round(r.height));
  if (c.width === w && c.height === h) return false;
  c.width = w; c.height = h;
  return true;
}

/** Draws the timeline with the playhead at `position` seconds when given. */
function draw(position) {
  if (page.view) drawTimeline($("view"), page.view, page.selected, position);
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
    if ($("loop").checked && !(to > from)) {
      status(`Not played: the loop runs from ${from.toFixed(2)} to ${to.toFixed(2)} s; set its end after its start (the sound is ${buffer.duration.toFixed(2)} s).`, true);
      return;
    }
    const loop = $("loop").checked ? [from, to] : null;
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

function setShift(ms, note) {
  page.shiftMs = Math.round(ms);
  $("shift").value = page.shiftMs;
  if (page.playing) stop();
  return load(note);
}

/** Align to the sound, on the view of the shift the box shows (a shift typed, then Align clicked, is loaded first). */
async function align() {
  await pending;
  if (!page.view) return;
  const a = alignment(page.shiftMs, page.view.lag, page.view.correlation, page.view.transients);
  if (a.ok && a.shiftMs !== page.shiftMs) await setShift(a.shiftMs, a.text);
  else status(a.text, !a.ok);
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
  $("align").onclick = align;
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
    const t = timelineGeometry($("view").width, page.view.duration).time(px);
    // Within 1 % of the drawn span (at least 5 ms): a few pixels either side of a transient's bar.
    select(eventAt(page.view.events.filter((ev) => ev.type !== "AudioCustom"), t, Math.max(0.005, page.view.duration / 100)));
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === " ") { e.preventDefault(); $("play").click(); }
  });
  fitView();
  window.addEventListener("resize", () => { if (fitView()) load(); });
  load();
}

start();
