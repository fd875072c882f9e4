// The track's tempo candidates beside the grid, as buttons (the editor's Track BPM), and the summary's words for the
// track's own tempo. A click sets the tempo of the section in focus; with the hits keeping their beats, it carries them
// unless it is another octave of that tempo.

import { getJSON } from "./api.js";
import { recounts } from "./carry.js";
import { focusTime, m, setError } from "./editor-model.js";
import { showFindings } from "./editor-panels.js";
import { actions, span } from "./panel-parts.js";
import { sectionAt, sectionStretch, sectionsOf, setSectionBpm, shownTempo } from "./timing.js";

const $ = (id) => document.getElementById(id);

// The tempo candidates beside the grid, as buttons: the whole track's while the grid has one section; once it has more
// (a tempo change, two songs joined), those of the audio of the section in focus alone (the one selected hit's, else
// the playhead's), fetched once per stretch. A click sets that section's tempo, keeping its start.
let trackCandidates = null;

/** The whole track's tempo candidates (`GET /api/tempo`), strongest first; null until known. */
export const trackTempos = () => trackCandidates;
const stretchCandidates = new Map();

/**
 * Keeps the whole track's tempo candidates (`GET /api/tempo`) and shows the candidates. Until then no section's are
 * asked for: the page asks once it has everything else (the server works out a tempo one request at a time).
 */
export function showCandidates(candidates) {
  trackCandidates = candidates;
  showTempoCandidates();
  // The summary says the track's own tempo from them (its one span: the rest of the line stays as it is).
  const own = document.getElementById("ownTempo");
  if (own) own.textContent = ownTempoText();
}

/**
 * The summary's words for the track's own tempo: the first of its candidates (the estimator's pick); "" until known.
 * Under a grid of several tempi it is the whole track's one reading (121.7 for songs at 180 and 125 joined), said so.
 */
export function ownTempoText() {
  if (!trackCandidates || !trackCandidates.length) return "";
  const bpm = trackCandidates[0].bpm.toFixed(1), tempi = new Set(m.grid ? sectionsOf(m.grid).map((s) => s.bpm) : []);
  return tempi.size > 1 ? ` · the whole track reads ${bpm} BPM (each section's own tempo: its candidates)` : ` · the track's own tempo ${bpm} BPM`;
}

function candidateButtons(candidates, at, what) {
  return candidates.filter((c) => c.bpm >= 1 && c.bpm <= 1000).map((c) => {
    const b = document.createElement("button");
    b.className = "candidate";
    b.textContent = c.bpm.toFixed(1);
    b.title = `${what}'s tempo candidate ${c.bpm.toFixed(1)} BPM, strength ${c.strength.toFixed(2)}: click to set its tempo`;
    // The tempo as the button shows it (88.0 sets 88, not 87.996), as typing it does: with the hits keeping their
    // beats they move with it (125 for a section added at 180), unless it is another octave (90 for 180), which
    // re-counts the grid as ×2 and ÷2 do.
    b.onclick = () => {
      const bpm = shownTempo(c.bpm, 1), other = m.grid && recounts(bpm, sectionAt(m.grid, at).bpm);
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

/** Shows the candidates that fit whole in their room (the strongest come first), never one cut in half; the title names the others. */
export function fitCandidates() {
  const box = $("candidates"), buttons = [...box.querySelectorAll(".candidate")];
  for (const b of buttons) b.hidden = false;
  const right = box.getBoundingClientRect().right;
  const cut = buttons.filter((b) => b.getBoundingClientRect().right > right + 0.5);
  for (const b of cut) b.hidden = true;
  box.title = box.dataset.title + (cut.length ? ` (no room here for ${cut.map((b) => b.textContent).join(", ")}: a wider window shows them)` : "");
}

/** Shows the candidates of the section in focus (the whole track's while the grid has one section). */
export function showTempoCandidates() {
  const at = focusTime();
  const duration = m.state ? m.state.duration : Infinity;
  if (!m.grid || sectionsOf(m.grid).length < 2 || !Number.isFinite(duration) || trackCandidates === null) {
    showIn(JSON.stringify(["track", trackCandidates, Boolean(m.grid)]), () => {
      // The grid's one section: any time inside it names it.
      const buttons = candidateButtons(trackCandidates || [], 0, "The track");
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
  const label = `§${stretch.index + 1} `, key = `${stretch.from.toFixed(3)}-${stretch.to.toFixed(3)}`;
  if (stretch.to - stretch.from < 5) {
    showIn(`short-${label}${key}`, () => [`${label}< 5 s`], `Section ${stretch.index + 1} has under 5 s of audio: too short to hear a tempo in`);
    return;
  }
  const known = stretchCandidates.get(key);
  if (known === undefined) {
    stretchCandidates.set(key, null);
    getJSON(`/api/tempo?from=${stretch.from.toFixed(3)}&to=${stretch.to.toFixed(3)}`)
      .then((c) => stretchCandidates.set(key, c), (e) => {
        // Said where the page says every refusal, with the server's reason.
        stretchCandidates.set(key, e.message);
        setError(`the section's tempo: ${e.message}`);
        if (m.state) showFindings(m.state);
      })
      .then(() => showTempoCandidates());
  }
  showIn(JSON.stringify([label, key, known ?? null]), () => {
    if (known == null) return [`${label}…`];
    if (typeof known === "string") return [span("bad", `${label}refused`)];
    // A time inside the section names it, whatever the playhead does after.
    const buttons = candidateButtons(known, stretch.from + 1e-6, `Section ${stretch.index + 1}`);
    return buttons.length ? [`${label}BPM `, ...buttons] : [`${label}no pulse`];
  }, typeof known === "string" ? `The server refused the section's tempo: ${known}`
    : known && !known.length ? `Section ${stretch.index + 1}'s audio has no steady pulse to offer a tempo from`
      : `Section ${stretch.index + 1}'s own tempo (its audio alone, ${stretch.from.toFixed(2)}–${stretch.to.toFixed(2)} s) and its octaves: click to set the section's tempo`);
}
