// The pattern audition's pure logic: the edit as a query, the timeline's geometry, which event a click or a finding
// means, and how a transient's offset reads. No DOM, no audio: tested with node --test (Tests/page/timeline.test.mjs).

/** The sync check's tolerance: a transient this far from its onset or more is flagged (seconds). */
export const tolerance = 0.025;

/** The query of an edit: `shift` in seconds and `move` as INDEX:SECONDS pairs (moves of 0 left out). */
export function editQuery(shiftMs, movesMs) {
  const q = new URLSearchParams();
  if (shiftMs) q.set("shift", String(shiftMs / 1000));
  const moves = Object.entries(movesMs).filter(([, ms]) => ms).map(([i, ms]) => `${i}:${ms / 1000}`);
  if (moves.length) q.set("move", moves.join(","));
  return q.toString();
}

/**
 * Where the timeline of a `duration`-second pattern lies on a canvas `canvasWidth` pixels wide: `left` and `width` of
 * its time axis, `x(t)` the pixel of time t and `time(px)` the time of pixel px (the view draws with one, a click is
 * read with the other).
 */
export function timelineGeometry(canvasWidth, duration) {
  const left = 50, width = canvasWidth - 70, span = duration || 1;
  return { left, width, x: (t) => left + (t / span) * width, time: (px) => ((px - left) / width) * span };
}

/** The event a click at `time` means: the one whose span (a transient: ± `reach` s) holds it, else the nearest. */
export function eventAt(events, time, reach = 0.01) {
  let best = null, bestDistance = Infinity;
  for (const e of events) {
    const end = e.time + (e.duration || 0);
    const d = time < e.time ? e.time - time : time > end ? time - end : 0;
    if (d < bestDistance || (d === bestDistance && e.duration < (best?.duration ?? Infinity))) { best = e; bestDistance = d; }
  }
  return best && bestDistance <= reach ? best : null;
}

/** The event a finding at `line` is about: the last event starting on or before that line (null before the first). */
export function eventOfLine(events, line) {
  let found = null;
  for (const e of events) if (e.line <= line && (!found || e.line > found.line)) found = e;
  return found;
}

/** A transient's offset to its onset as the page says it, and whether it is within the check's tolerance. */
export function offsetText(t) {
  if (t.offset === null || t.offset === undefined) return { text: "no onset near", ok: false };
  const ms = t.offset * 1000, shown = Math.abs(ms).toFixed(1);
  // No sign on a zero (it read "+0.0 ms (after its onset)").
  return { text: `${shown === "0.0" ? "" : ms > 0 ? "+" : "−"}${shown} ms`, ok: Math.abs(t.offset) < tolerance };
}

/** The shift, in whole ms, that lines the pattern up with its sound: minus the lag (haptics minus sound). */
export const alignShift = (currentMs, lag) => (lag === null || lag === undefined ? currentMs : Math.round(currentMs - lag * 1000));

/** Transients that agree on their onsets within this (seconds) line the pattern up when the envelopes cannot. */
const AGREE = 0.010;

/**
 * What "Align to the sound" does with a view's `lag` (seconds, or null) and `correlation`: `{ shiftMs, text, ok }`, the
 * shift to set and what to say. Without a lag (no lag within ±250 ms makes the envelopes correlate at 0.5 or more), the
 * `transients` with an onset near (their `offset`: transient minus onset, seconds) line it up when they agree within
 * 10 ms: the median of their offsets (a single transient 42 ms before its onset, whose short envelope correlates at
 * 0.32, was refused). Else the shift stays and the text says why, and what to do instead.
 */
export function alignment(currentMs, lag, correlation, transients = []) {
  const offsets = transients.map((t) => t.offset).filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const corr = `the envelopes' best correlation, ${correlation.toFixed(2)}, is under the 0.50 a lag needs`;
  if ((lag === null || lag === undefined) && offsets.length && offsets[offsets.length - 1] - offsets[0] <= AGREE) {
    const m = offsets.length >> 1, median = offsets.length % 2 ? offsets[m] : (offsets[m - 1] + offsets[m]) / 2;
    const shiftMs = Math.round(currentMs - median * 1000) + 0; // never −0
    // How many transients vouch for it: those with an onset near, of all of them.
    const all = Math.max(transients.length, offsets.length), few = offsets.length < all;
    const n = offsets.length === 1 && !few ? "its transient" : few ? `the ${offsets.length} of its ${all} transients with an onset near` : `its ${offsets.length} transients`;
    const onto = offsets.length === 1 ? "its onset" : "their onsets";
    if (shiftMs === currentMs) return { shiftMs, ok: true, text: `Already aligned: ${n} ${offsets.length === 1 ? "sits" : "sit"} on ${onto} (within 1 ms; ${corr}).` };
    return { shiftMs, ok: true, text: `Aligned by ${n}: shifted by ${shiftMs - currentMs} ms onto ${onto} (${corr}).` };
  }
  if (lag === null || lag === undefined) {
    return {
      shiftMs: currentMs, ok: false,
      text: `Not aligned: no lag within ±250 ms makes the pattern follow the sound (best correlation ${correlation.toFixed(2)}, ` +
        "0.50 needed)" + (offsets.length > 1 ? `, and its transients' offsets to their onsets disagree by more than ${AGREE * 1000} ms` : offsets.length ? "" : ", and no transient has an onset near") +
        ". Line it up by ear with the shift, or move the transients one by one.",
    };
  }
  const shiftMs = alignShift(currentMs, lag);
  if (shiftMs === currentMs) return { shiftMs, ok: true, text: `Already aligned: the sync check measures a lag of ${(lag * 1000).toFixed(1)} ms (correlation ${correlation.toFixed(2)}).` };
  return { shiftMs, ok: true, text: `Aligned: shifted by ${shiftMs - currentMs} ms to the lag the sync check measures (correlation ${correlation.toFixed(2)}).` };
}
