// The colour of a waveform column from the peaks of its low, mid and high bands, as Mixxx's RGB waveform colours
// it: red for the low band (kick, bass, below 246 Hz), green for the mid (snare body, voice), blue for the high (hats,
// cymbals, above 2.5 kHz), each in proportion to the strongest of the three, so a kick draws red, a hat blue and a
// full mix nearly white. Pure: no canvas here.

/** The colour for no energy in any band (silence), the page's plain waveform blue. */
export const PLAIN = "rgb(79,143,201)";

/** An `rgb(r,g,b)` colour for band peaks `low`, `mid`, `high` (each 0 or more; a non-finite one counts as 0). */
export function bandColour(low, mid, high) {
  const clean = (v) => (Number.isFinite(v) && v > 0 ? v : 0);
  const l = clean(low), m = clean(mid), h = clean(high), top = Math.max(l, m, h);
  if (top === 0) return PLAIN;
  const c = (v) => Math.round(255 * v / top);
  return `rgb(${c(l)},${c(m)},${c(h)})`;
}

/** The colour of column `x` of an envelope from the server (`low`, `mid`, `high` arrays), or `fallback` without them. */
export function columnColour(env, x, fallback) {
  if (!env || !env.low || !env.mid || !env.high || x >= env.low.length) return fallback;
  return bandColour(env.low[x], env.mid[x], env.high[x]);
}
