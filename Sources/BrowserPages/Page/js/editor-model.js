// The editor page's model: what the page shows and edits (the author's hits, the server's verdict on them, the view,
// the grid, the snap, the draft's proposal), the player, the undo history, and what the server last refused.

import { History } from "./history.js";
import { Transport } from "./transport.js";

/** The track's player (streamed in pieces, with the clicks and the metronome). */
export const transport = new Transport();
/** Undo and redo, of beat edits and grid edits alike. */
export const history = new History();

/** Everything the page shows. `beats` is the author's list; `state` the server's last verdict on it. */
export const m = {
  state: null, beats: [], selected: new Set(), onsets: [], view: { from: 0, to: 10 }, overviewEnv: null, detailEnv: null, bands: true,
  selection: null, transport,
  /** The tempo grid the author works against ({ bpm, offset, beatsPerBar }): the fitted one until changed. */
  grid: null,
  /** Lines a beat to snap to (1, 2, 3, 4, 6, 8, 12, 16), or 0 for no grid snap. */
  divisor: 0,
  /** Hits a draft proposes, not yet accepted or rejected (seconds). */
  proposal: [],
  /** True while the grid does not fit the hits (grid-fit.js): the hits' fixes, made against it, are held back. */
  gridMisfit: false,
  /** How late the author's taps land (seconds), as the tap calibration measured it. */
  tapLatency: Number((globalThis.localStorage && globalThis.localStorage.getItem("beatmapTapLatency")) || "0"),
};

/** What an undo step holds: the beats and the grid. */
export const snapshot = () => ({ beats: m.beats.slice(), grid: m.grid });

// What the server refused (or the page would not send) stays on the page until the request of an edit made after it
// succeeds: the answer to an edit made before, still on its way when the refusal came, does not wipe it.
const refusals = { sent: 0, at: 0, message: null };

/** A number for a request, in the order they are made. */
export const ticket = () => ++refusals.sent;
/** Says `message` until a request made after now succeeds. */
export function setError(message) { refusals.message = message; refusals.at = refusals.sent; }
/** Clears the refusal when request `since` was made after it. */
export function clearError(since) { if (since > refusals.at) refusals.message = null; }
/** What the server last refused, or null. */
export const serverError = () => refusals.message;

/** Puts the playhead at `t` (not before the track's start) and the detail view around it, `t` a quarter in (`setView`). */
export function goToTime(t, setView) {
  transport.seek(Math.max(0, t));
  const w = m.view.to - m.view.from;
  setView(t - w / 4, t + 3 * w / 4);
}

/**
 * The time that names the tempo section in focus, which the BPM and Offset fields, the section's tempo candidates and
 * the tools on them all follow: the playhead's, or the one selected hit's when the playhead is on it (a hit a hair
 * before its section's start is that section's). The candidates followed the selected hit wherever the playhead went,
 * and set another section than the BPM field showed.
 */
export function focusTime() {
  const at = transport.position(), one = m.selected.size === 1 ? m.beats[[...m.selected][0]] : undefined;
  return Number.isFinite(one) && Math.abs(one - at) < 0.001 ? one : at;
}
