// The track's tempo candidates beside the grid, as buttons (the editor's Track BPM), and the summary's words for the
// track's own tempo. A click sets the tempo of the section in focus (while the grid has one section, a later stretch of
// the track's own tempo starts a section where the track changes tempo); with the hits keeping their beats, it carries
// them unless it is another octave of that tempo.

import { getJSON } from "./api.js";
import { recounts } from "./carry.js";
import { focusTime, goToTime, m, setError, transport } from "./editor-model.js";
import { showFindings } from "./editor-panels.js";
import { actions, span } from "./panel-parts.js";
import { gridForStretch, trackStretchAt, trackTempoWords } from "./track-tempo.js";
import { sectionAt, sectionStretch, sectionsOf, setSectionBpm, shownTempo } from "./timing.js";

const $ = (id) => document.getElementById(id);

// The tempo candidates beside the grid, as buttons: the whole track's (or its stretch's in focus, when the track changes
// tempo) while the grid has one section; once it has more (a tempo change, two songs joined), those of the audio of the
// section in focus alone (the one selected hit's, else the playhead's), fetched once per stretch. A click sets that
// section's tempo, keeping its start.
let trackCandidates = null;

/** The whole track's tempo candidates (`GET /api/tempo`), strongest first; null until known. */
export const trackTempos = () => trackCandidates;
const stretchCandidates = new Map();
// The track's stretches of one tempo (`GET /api/track-tempi`); null until asked for, and `stretchesKnown` once they
// came (or were refused): until then the grid's one section shows no candidates, so that the first shown are final
// (the whole track's, then its stretch's in their place, was a button that went away under a click).
let trackStretches = null;
let stretchesKnown = false;

/**
 * Keeps the whole track's tempo candidates (`GET /api/tempo`) and shows the candidates. Until then no section's are
 * asked for: the page asks once it has everything else (the server works out a tempo one request at a time).
 */
export function showCandidates(candidates) {
  trackCandidates = candidates;
  // The track's own tempo changes, found when it opened: the summary says them once they come.
  if (trackStretches === null) {
    trackStretches = [];
    getJSON("/api/track-tempi").then((tempi) => {
      trackStretches = tempi;
      showOwnTempo();
    }, (e) => {
      setError(`the track's tempo changes: ${e.message}`);
      if (m.state) showFindings(m.state);
    }).then(() => {
      stretchesKnown = true;
      showTempoCandidates();
    });
  }
  showTempoCandidates();
  showOwnTempo();
}

/** The summary says the track's own tempo (its one span: the rest of the line stays as it is). */
function showOwnTempo() {
  const own = document.getElementById("ownTempo");
  if (own) own.textContent = ownTempoText();
}

/** The summary's words for the track's own tempo (`trackTempoWords`): its stretches when it changes tempo. */
export function ownTempoText() {
  const tempoAt = m.grid ? (t) => sectionAt(m.grid, t).bpm : null;
  return trackTempoWords(trackCandidates, trackStretches, new Set(m.grid ? sectionsOf(m.grid).map((s) => s.bpm) : []).size, tempoAt);
}

// `stretchFrom`: the start of the track's stretch whose candidates these are while the grid has one section; a later
// stretch's tempo starts a section there (`gridForStretch`), the earlier stretch keeping the grid's.
function candidateButtons(candidates, at, what, stretchFrom = null) {
  return candidates.filter((c) => c.bpm >= 1 && c.bpm <= 1000).map((c) => {
    const b = document.createElement("button");
    b.className = "candidate";
    b.textContent = c.bpm.toFixed(1);
    b.title = `Tempo candidate ${c.bpm.toFixed(1)} BPM of ${what}, strength ${c.strength.toFixed(2)}: click to set its tempo`;
    // The tempo as the button shows it (88.0 sets 88, not 87.996), as typing it does: with the hits keeping their
    // beats they move with it (125 for a section added at 180), unless it is another octave (90 for 180), which
    // re-counts the grid as ×2 and ÷2 do.
    b.onclick = () => {
      const bpm = shownTempo(c.bpm, 1), other = m.grid && recounts(bpm, sectionAt(m.grid, stretchFrom ?? at).bpm);
      if (m.grid && stretchFrom > 0) {
        const grid = gridForStretch(m.grid, stretchFrom, bpm), s = sectionAt(grid, stretchFrom + 1e-6);
        actions.setGrid(grid, other ? { carry: false } : {});
        // The playhead to the new section's start (when stopped), so the BPM and Offset fields edit it, as + Section does,
        // and the detail view with it: the author sees where the section starts (it stayed on the stretch clicked).
        if (s.index > 0 && !transport.playing) goToTime(s.offset, actions.setView);
        $("tapInfo").textContent = s.index > 0 ? `§${s.index + 1} starts at ${s.offset.toFixed(3)} s, where the track's tempo changes (Ctrl+Z undoes)` : "";
        $("tapInfo").title = "";
        return;
      }
      actions.setGrid(m.grid ? setSectionBpm(m.grid, at, bpm) : { bpm, offset: 0 }, other ? { carry: false } : {});
    };
    return b;
  });
}

// Replaces the candidates' contents only when what they show changes (they are redrawn with every frame, and a button
// replaced between press and release would take no click).
function showIn(key, make, title = "") {
  if (showIn.key === key) return;
  showIn.key = key;
  $("candidates").replaceChildren(...make());
  $("candidates").dataset.title = title || "The tempo of the track (of the section in focus, once the grid has several) and its octaves, with their strength: click to set it";
  fitCandidates();
}

// The box takes the row's room left over, which a control before it growing ("section 3 of 3, 1 pause ▾") takes away:
// fitted again whenever its size changes, not only when its candidates do.
if (globalThis.ResizeObserver && document.getElementById("candidates")) new ResizeObserver(() => fitCandidates()).observe($("candidates"));

/**
 * Shows the candidates that fit whole in their room, never one cut in half; the title names the others. With no room
 * for all, the one farthest from the tempo of the section in focus goes first, the estimator's pick last: a section at
 * 176 whose audio reads 90 (45, 180) keeps 180 in view, where the last ones went (issue #39).
 */
export function fitCandidates() {
  const box = $("candidates"), buttons = [...box.querySelectorAll(".candidate")];
  for (const b of buttons) b.hidden = false;
  const right = box.getBoundingClientRect().right, bpm = m.grid ? sectionAt(m.grid, focusTime()).bpm : null;
  const far = (b) => (bpm ? Math.abs(Math.log(Number(b.textContent) / bpm)) : 0);
  // Half and double as far: the later (the double) goes first, as before.
  const rest = buttons.slice(1).map((b, k) => ({ b, k, d: Math.round(far(b) * 1e6) }));
  const order = [...rest.sort((x, y) => y.d - x.d || y.k - x.k).map((x) => x.b), buttons[0]].filter(Boolean), cut = [];
  const over = () => buttons.some((b) => !b.hidden && b.getBoundingClientRect().right > right + 0.5);
  while (order.length && over()) { const b = order.shift(); b.hidden = true; cut.push(b); }
  // Those with no room are not dropped unseen: "+1" at the end of the row names them (it takes room of its own), and a
  // click on it lists them, each as its own button (a joined song's 180 read as 90 beside a map at 78 was out of reach).
  const more = box.querySelector(".more-candidates") || box.appendChild(Object.assign(document.createElement("button"), { className: "more-candidates", type: "button" }));
  more.onclick = () => showMoreCandidates(more, cut);
  more.hidden = !cut.length;
  const past = () => !more.hidden && more.getBoundingClientRect().right > right + 0.5;
  while (order.length && past()) { const b = order.shift(); b.hidden = true; cut.push(b); }
  const names = cut.map((b) => b.textContent).join(", ");
  more.textContent = cut.length ? `+${cut.length}` : "";
  more.title = cut.length ? `No room here for ${names} BPM: click to choose ${cut.length === 1 ? "it" : "one"} (a wider window shows ${cut.length === 1 ? "it" : "them"})` : "";
  const open = $("moreCandidates");
  if (open && !open.hidden && !cut.length) open.hidden = true;
  box.title = box.dataset.title + (cut.length ? ` (no room here for ${names}: a wider window shows them)` : "");
}

/**
 * Lists the candidates `cut` for lack of room under their "+N" button `more`, each a button that does what its own does;
 * a second click on "+N", a choice, Escape or a click elsewhere closes the list.
 */
function showMoreCandidates(more, cut) {
  let list = $("moreCandidates");
  if (!list) {
    list = document.body.appendChild(Object.assign(document.createElement("div"), { id: "moreCandidates", hidden: true }));
    document.addEventListener("pointerdown", (e) => { if (!list.contains(e.target) && !e.target.classList.contains("more-candidates")) list.hidden = true; });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") list.hidden = true; });
  }
  if (!list.hidden) { list.hidden = true; return; }
  list.replaceChildren(...cut.map((b) => {
    const choice = Object.assign(document.createElement("button"), { className: "candidate", type: "button", textContent: b.textContent, title: b.title });
    choice.onclick = () => { list.hidden = true; b.onclick(); };
    return choice;
  }));
  const at = more.getBoundingClientRect();
  Object.assign(list.style, { left: `${Math.max(0, Math.min(at.left, innerWidth - 160))}px`, top: `${at.bottom + 2}px` });
  list.hidden = false;
}

/**
 * Shows the candidates of the section in focus: while the grid has one section, the whole track's, or, when the track
 * changes tempo, those of its stretch in focus (the whole reading of two songs joined is neither's tempo).
 */
export function showTempoCandidates() {
  const at = focusTime();
  const duration = m.state ? m.state.duration : Infinity;
  if (!m.grid || sectionsOf(m.grid).length < 2 || !Number.isFinite(duration) || trackCandidates === null) {
    if (trackCandidates !== null && !stretchesKnown) {
      showIn("track-pending", () => ["Track BPM …"]);
      return;
    }
    const own = Number.isFinite(duration) ? trackStretchAt(trackStretches, at, duration) : null;
    if (own) {
      // Any time inside the grid's one section names it.
      stretchCandidatesShown(own, "Track here ", `the track from ${own.from.toFixed(1)} s`, 0, own.from);
      return;
    }
    showIn(JSON.stringify(["track", trackCandidates, Boolean(m.grid)]), () => {
      const buttons = candidateButtons(trackCandidates || [], 0, "the track");
      // The unit before the buttons: a button with no room whole (the weakest come last) is not shown.
      return buttons.length ? ["Track BPM ", ...buttons] : [];
    });
    return;
  }
  const stretch = sectionStretch(m.grid, at, duration);
  if (!stretch) {
    const n = sectionAt(m.grid, at).index + 1;
    showIn(`past-${n}`, () => [`§${n} past the end`], `Section ${n} starts after the track's end: no audio to hear a tempo in`);
    return;
  }
  const label = `§${stretch.index + 1} `;
  if (stretch.to - stretch.from < 5) {
    showIn(`short-${label}${stretch.from.toFixed(3)}`, () => [`${label}< 5 s`],
      `Section ${stretch.index + 1} has under 5 s of audio: too short to hear a tempo in`);
    return;
  }
  // A time inside the section names it, whatever the playhead does after.
  stretchCandidatesShown(stretch, label, `section ${stretch.index + 1}`, stretch.from + 1e-6);
}

/**
 * Shows the candidates of the audio from `stretch.from` to `stretch.to` alone (fetched once per stretch), after `label`;
 * `what` names it in the tooltips, and a click sets the tempo of the grid's section at `at`.
 */
function stretchCandidatesShown(stretch, label, what, at, stretchFrom = null) {
  const key = `${stretch.from.toFixed(3)}-${stretch.to.toFixed(3)}`;
  const known = stretchCandidates.get(key);
  if (known === undefined) {
    stretchCandidates.set(key, null);
    getJSON(`/api/tempo?from=${stretch.from.toFixed(3)}&to=${stretch.to.toFixed(3)}`)
      .then((c) => stretchCandidates.set(key, c), (e) => {
        // Said where the page says every refusal, with the server's reason.
        stretchCandidates.set(key, e.message);
        setError(`the tempo of ${what}: ${e.message}`);
        if (m.state) showFindings(m.state);
      })
      .then(() => showTempoCandidates());
  }
  showIn(JSON.stringify([label, key, known ?? null]), () => {
    if (known == null) return [`${label}…`];
    if (typeof known === "string") return [span("bad", `${label}refused`)];
    const buttons = candidateButtons(known, at, what, stretchFrom);
    return buttons.length ? [`${label}BPM `, ...buttons] : [`${label}no pulse`];
  }, typeof known === "string" ? `The server refused the tempo of ${what}: ${known}`
    : known && !known.length ? `The audio of ${what} has no steady pulse to offer a tempo from`
      : `The tempo of ${what}, its audio alone (${stretch.from.toFixed(2)}–${stretch.to.toFixed(2)} s), and its octaves: click to set ` +
        (at > 0 ? "the section's tempo" : stretch.from > 0
          ? `a section's from ${stretch.from.toFixed(3)} s, where the track's tempo changes (the grid's tempo before it stays)` : "the grid's tempo"));
}
