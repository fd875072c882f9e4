// The crossfade audition page's controller: the settings, the loop (whose curve can be switched while it plays) and
// the page's state; the drawing is the view's (audition-view.js), the pure figures the model's (crossfade.js). The
// mixes come from the server (the same samples `beatmap crossfade` writes); this page only schedules them.
import { getJSON, withToken } from "./api.js";
import { chosenOf, drawTransition, showDips } from "./audition-view.js";
import { curveColor, curvesToLoad, mixTime, planQuery, refusalText, transitionText, withScenario } from "./crossfade.js";
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
  $("status").title = "";
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
  if (audition.view && !audition.loading) sayTransition();
}

/** The header's account of the chosen curve's transition and of the loop. */
function sayTransition() {
  const v = audition.view;
  status(`${transitionText(v, audition.curve)}; loop ${v.windowStart.toFixed(2)}–${v.windowEnd.toFixed(2)} s`);
}

/** Loads the view and every compared curve's mix for the plan in the settings; the loop goes on with the new mixes. */
async function load() {
  // A box left empty keeps the last plan's value, back in the box and said (the server's default took its place unsaid).
  const emptied = [["at", "Fade at"], ["duration", "Length"], ["gap", "Gap"], ["from", "B from"]].filter(([id]) => $(id).value.trim() === "");
  for (const [id] of emptied) $(id).value = (audition.plan ?? audition.setup.plan)[id];
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
    sayTransition();
    if (emptied.length) status(`${$("status").textContent} (${emptied.map(([id, name]) => `${name} was empty: kept ${plan[id]} s`).join(", ")})`);
  } catch (e) {
    if (mine === generation) {
      status(refusalText(String(e.message || e)), true);
      $("status").title = "The drawing and the table still show the last settings that loaded";
    }
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

/** Draws the transition with the playhead at `offset` (seconds into the loop) when given, and the dips and code. */
function showView(offset) {
  const v = audition.view;
  if (!v) return;
  drawTransition($("view"), v, audition.curve, audition.setup, offset);
  showDips(document.querySelector("#dips tbody"), v, audition.curve);
  // What the looping mix plays past a track's end, which the game's plain AVAudioPlayer would not.
  const ends = (v.ends || []).map((n) => n.charAt(0).toUpperCase() + n.slice(1) + ".").join(" ");
  if ($("ends").textContent !== ends) $("ends").textContent = ends;
  $("ends").hidden = !ends;
  const chosen = chosenOf(v, audition.curve);
  $("swift").textContent = chosen.swift;
  $("command").textContent = chosen.command;
}

/** Copies the text of `source` and says so on `button` ("Copied"), or says how to copy it when the browser refuses. */
async function copy(button, source) {
  try {
    await navigator.clipboard.writeText($(source).textContent);
    $(button).textContent = "Copied";
  } catch {
    $(button).textContent = "Not copied";
    status("The browser did not let the page copy: select the text and copy it (Ctrl+C)", true);
  }
  setTimeout(() => { $(button).textContent = "Copy"; }, 1500);
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
  $("title").title = `A: ${s.outgoing}\nB: ${s.incoming}`;
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
  $("copySwift").onclick = () => copy("copySwift", "swift");
  $("copyCommand").onclick = () => copy("copyCommand", "command");
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
