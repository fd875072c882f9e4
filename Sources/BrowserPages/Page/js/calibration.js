// The tap calibration: clicks at a steady period, the author taps T on each, and the page keeps how late the taps land
// (timing.js `tapLatency`) for the hits tapped while playing.

import { m, transport } from "./editor-model.js";
import { tapLatency } from "./timing.js";

const $ = (id) => document.getElementById(id);
let taps = null;

/** Counts a tap T while the calibration runs; false when it does not (the tap is the author's hit). */
export function calibrationTap() {
  if (!taps) return false;
  taps.push(transport.ctx.currentTime);
  return true;
}

/**
 * Plays 100 clicks 0.6 s apart (after `stop()`, playback's own) and measures the taps T made on them; pressing the
 * button again stops early. `done()` redraws the page after; the latency is kept in the browser for the next session.
 */
export async function calibrate(stop, done) {
  await transport.load(); stop();
  const period = 0.6, count = 100, start = transport.ctx.currentTime + 1;
  taps = [];
  for (let k = 0; k < count; k++) transport.click(start + k * period, 0.8);
  $("summary").textContent = `Tap T on every click for a minute (${count} clicks); press Tap calibration again to stop early.`;
  const timer = setTimeout(finish, (count * period + 1.5) * 1000);
  const button = $("calibrate"), again = button.onclick;
  button.onclick = finish;
  function finish() {
    clearTimeout(timer); button.onclick = again;
    const measured = tapLatency(taps, start, period);
    taps = null;
    if (measured != null) { m.tapLatency = measured; localStorage.setItem("beatmapTapLatency", String(measured)); }
    done();
  }
}
