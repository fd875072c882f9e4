// The audition's pure logic: loop positions, the plan as a query, scenarios, colours and scales. No DOM, no audio:
// tested with node --test (Tests/page/crossfade.test.mjs).

/** The keys of a plan, as the server reads them from a query. */
export const planKeys = ["at", "duration", "curve", "quantize", "gap", "from", "phase"];

/** The loop's position on the transition: white, a colour no curve takes. */
export const playheadColor = "#ffffff";

/**
 * One colour per curve, the hues of `beatmap crossfade --plot`; the hard cut (dark slate on the plot's white) is purple
 * here, on a dark page, where grey would read as the white playhead.
 */
export function curveColor(curve) {
  switch (curve) {
    case "linear": case "tri": return "#2e86de";
    case "equal-power": case "qsin": return "#27ae60";
    case "s-curve": case "hsin": return "#e74c3c";
    case "hard-cut": return "#a569bd";
    default: return "#d4ac0d";
  }
}

/** The query string of `plan` (its keys only, in a fixed order), with `curve` in place of the plan's when given. */
export function planQuery(plan, curve) {
  const q = new URLSearchParams();
  for (const k of planKeys) {
    const v = k === "curve" && curve ? curve : plan[k];
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  return q.toString();
}

/** `plan` with a scenario's fade, curve and gap. */
export function withScenario(plan, scenario) {
  return { ...plan, duration: String(scenario.duration), curve: scenario.curve, gap: String(scenario.gap) };
}

/** A dip in dB as the table shows it: signed, one decimal; "n/a" when it could not be measured. */
export function dbText(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return "n/a";
  if (Math.abs(v) < 0.05) return "0.0 dB"; // no sign on what rounds to nothing
  return (v >= 0 ? "+" : "−") + Math.abs(v).toFixed(1) + " dB";
}

/**
 * A measured dip as the table shows it: a negative one as `dbText` writes it, marked `*` when it reaches silence
 * (`silent`: measured down to the −70 LUFS gate); one that rounds to nothing, or a positive one, as "none" (with the
 * figure when positive). A `rise` of half a dB or more (the mix swelling above both tracks, as two tracks alike add in
 * phase) is said after it.
 */
export function dipText(v, { silent = false, rise = null } = {}) {
  if (v === null || v === undefined || !Number.isFinite(v)) return "n/a";
  const rises = Number.isFinite(rise) && rise >= 0.5;
  let text = v <= -0.05 ? dbText(v) + (silent ? "*" : "") : v >= 0.05 && !rises ? `none (${dbText(v)})` : "none";
  if (rises) text += `, rises ${dbText(rise)}`;
  return text;
}

/**
 * A curve's level at the middle of its fade, in theory: the power sum of the two gains there, 10·log10(a² + b²) in dB,
 * which is the mix's level against either track alone for two equally loud, uncorrelated tracks (linear: −3.0 dB;
 * equal-power: 0 dB). `outgoing` and `incoming` are the gains sampled across the view; the middle is taken where the
 * outgoing gain is halfway through its fall. Null when the gains never cross the middle (a hard cut).
 */
export function midpointDb(outgoing, incoming) {
  let k = -1;
  for (let i = 0; i < outgoing.length; i++) if (outgoing[i] < 1 && outgoing[i] > 0) { k = i; break; }
  if (k < 0) return null;
  let last = k;
  while (last + 1 < outgoing.length && outgoing[last + 1] > 0) last++;
  const mid = Math.round((k - 1 + last + 1) / 2), a = outgoing[mid], b = incoming[mid];
  return 10 * Math.log10(a * a + b * b);
}

/**
 * What the transition of `curve` does, in output seconds, as the page's header says it: a fade's span (and where B
 * enters, after a gap), or a hard cut's instant and the silence after it (a hard cut has no fade to span).
 */
export function transitionText(view, curve) {
  const c = view.curves.find((x) => x.curve === curve);
  const s = (t) => t.toFixed(3);
  const gap = view.incomingStart - view.fadeStart;
  if (curve === "hard-cut") {
    const cut = `cut at ${s(view.fadeStart)} s`, from = view.incomingOffset > 0.0005 ? `, B from its own ${s(view.incomingOffset)} s` : "";
    return (gap > 0.0005 ? `${cut}, B at ${s(view.incomingStart)} s after ${s(gap)} s of silence` : cut) + from;
  }
  const end = c ? c.fadeEnd : view.fadeEnd;
  // Where B's own track starts playing, when not at its start: "B from" as typed, or moved onto B's next beat.
  const from = view.incomingOffset > 0.0005 ? `, B from its own ${s(view.incomingOffset)} s` : "";
  return `fade ${s(view.fadeStart)}–${s(end)} s` + (gap > 0.0005 ? ` (B enters at ${s(view.incomingStart)} s)` : "") + from;
}

/** The page's label for each key of a plan, as its settings row names it. */
const labels = { at: "Fade at", duration: "Length", gap: "Gap", from: "B from", curve: "Curve", quantize: "Snap", phase: "On B's beat" };

/** A refusal of the server ("at must be seconds from 0.0 to 36000.0, not -1") with the field named as the page labels
 * it ("Fade at must be …"), short enough for the header's row; the figures beside it stay the last plan's. */
export function refusalText(message) {
  const m = /^(\w+) must /.exec(message);
  return `Not loaded: ${m && labels[m[1]] ? labels[m[1]] + message.slice(m[1].length) : message}`;
}

/** Ticks for a loudness axis from `lo` to `hi` LUFS: every `step` LU (6 by default), at whole multiples of it. */
export function loudnessTicks(lo, hi, step = 6) {
  // Never more than eight: a wide range (down to the −70 LUFS gate) takes a wider step, a multiple of 6 LU.
  while ((hi - lo) / step > 8) step += 6;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/** A horizontal scale: seconds in [start, end] to pixels in [left, left + width]. */
export function scale(start, end, left, width) {
  const span = end - start || 1;
  return (t) => left + ((t - start) / span) * width;
}

/** The loop's output time (seconds of the mix) at `offset` seconds into a stretch starting at `windowStart`. */
export const mixTime = (windowStart, offset) => windowStart + offset;

/** The curves to fetch for a view: the compared ones, and the chosen one when it is another. */
export function curvesToLoad(compared, chosen) {
  return compared.includes(chosen) ? [...compared] : [...compared, chosen];
}
