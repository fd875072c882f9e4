// The audition page's pure logic (Sources/BrowserPages/Page/js/crossfade.js), run by node --test.
import assert from "node:assert/strict";
import { test } from "node:test";
import { curveColor, curvesToLoad, playheadColor, dbText, dipText, loudnessTicks, midpointDb, planQuery, refusalText, scale, transitionText, withScenario } from "../../Sources/BrowserPages/Page/js/crossfade.js";

test("the plan goes to the server as its keys only, the curve replaced when asked", () => {
  const plan = { at: "31.25", duration: "2", curve: "linear", quantize: "bar", gap: "0", from: "1.5", phase: "1", extra: "x" };
  assert.equal(planQuery(plan), "at=31.25&duration=2&curve=linear&quantize=bar&gap=0&from=1.5&phase=1");
  assert.equal(planQuery(plan, "s-curve"), "at=31.25&duration=2&curve=s-curve&quantize=bar&gap=0&from=1.5&phase=1");
  assert.equal(planQuery({ at: "3", duration: "", curve: "hard-cut" }), "at=3&curve=hard-cut");
});

test("a scenario sets the fade, the curve and the gap, and keeps where the fade is", () => {
  const plan = { at: "20", duration: "2", curve: "equal-power", quantize: "beat", gap: "0", from: "0", phase: "0" };
  const death = withScenario(plan, { name: "intermission-death", duration: 0, curve: "hard-cut", gap: 0.5 });
  assert.deepEqual(death, { ...plan, duration: "0", curve: "hard-cut", gap: "0.5" });
});

test("dips read as signed decibels, and n/a when unmeasured", () => {
  assert.equal(dbText(-3.0103), "−3.0 dB");
  assert.equal(dbText(0.26), "+0.3 dB");
  assert.equal(dbText(null), "n/a");
  assert.equal(dbText(-0.004), "0.0 dB");
  assert.equal(dbText(-Infinity), "n/a");
});

test("each curve keeps its colour, the same as the plot's", () => {
  assert.equal(curveColor("linear"), curveColor("tri"));
  assert.equal(curveColor("equal-power"), curveColor("qsin"));
  assert.notEqual(curveColor("linear"), curveColor("equal-power"));
  assert.notEqual(curveColor("s-curve"), curveColor("hard-cut"));
});

test("no curve is drawn in a colour near the playhead's white", () => {
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const white = rgb(playheadColor);
  for (const curve of ["linear", "equal-power", "s-curve", "hard-cut", "exp", "log"]) {
    const c = rgb(curveColor(curve));
    // A hue, not a grey (a light grey read as the playhead): its channels differ by more than a quarter of the range.
    assert.ok(Math.max(...c) - Math.min(...c) > 64, `${curve}: ${curveColor(curve)}`);
    assert.ok(c.some((v, i) => v !== white[i]));
  }
});

test("the scale maps the loop onto the canvas, and the curves to load include the chosen one once", () => {
  const x = scale(5, 15, 60, 1000);
  assert.equal(x(5), 60);
  assert.equal(x(15), 1060);
  assert.equal(x(10), 560);
  assert.deepEqual(curvesToLoad(["linear", "equal-power"], "linear"), ["linear", "equal-power"]);
  assert.deepEqual(curvesToLoad(["linear", "equal-power"], "qsin"), ["linear", "equal-power", "qsin"]);
});

test("a dip is said as none when the mix never falls below what it is measured against", () => {
  assert.equal(dipText(-6.94), "−6.9 dB");
  assert.equal(dipText(3.6), "none (+3.6 dB)");
  // A dip that rounds to nothing (a fade of a track into itself, in step) is none, without a sign.
  assert.equal(dipText(-0.004), "none");
  assert.equal(dipText(0.01), "none");
  assert.equal(dipText(-0.06), "−0.1 dB");
  assert.equal(dipText(null), "n/a");
  // Down to silence (a gap), and a swell above both tracks (equal power on a track into itself).
  assert.equal(dipText(-44.1, { silent: true }), "−44.1 dB*");
  assert.equal(dipText(-0.01, { rise: 2.96 }), "none, rises +3.0 dB");
  assert.equal(dipText(-3.1, { rise: 0.3 }), "−3.1 dB");
  assert.equal(dipText(-1.2, { rise: 1.0 }), "−1.2 dB, rises +1.0 dB");
});

test("the level at the fade's middle, in theory, is the power sum of the two gains there", () => {
  // Gains across a view: 1 before the fade, the fade over 101 samples, 0 after.
  const n = 101, fade = Array.from({ length: n }, (_, i) => i / (n - 1));
  const out = [1, 1, ...fade.map((x) => 1 - x), 0, 0], inc = [0, 0, ...fade, 1, 1];
  assert.ok(Math.abs(midpointDb(out, inc) - 10 * Math.log10(0.5)) < 0.01); // linear: −3.0 dB
  const eqOut = [1, ...fade.map((x) => Math.cos(x * Math.PI / 2)), 0], eqIn = [0, ...fade.map((x) => Math.sin(x * Math.PI / 2)), 1];
  assert.ok(Math.abs(midpointDb(eqOut, eqIn)) < 0.01); // equal-power: 0 dB
  assert.equal(midpointDb([1, 1, 0, 0], [0, 0, 1, 1]), null); // a hard cut has no middle
});

test("loudness ticks fall on whole multiples of the step", () => {
  assert.deepEqual(loudnessTicks(-47, -9), [-42, -36, -30, -24, -18, -12]);
  // Down to the −70 LUFS gate (a scenario with silence in it): a wider step, never more than eight ticks.
  assert.deepEqual(loudnessTicks(-72, -9), [-72, -60, -48, -36, -24, -12]);
});

test("the header says a hard cut's instant and its silence, and a fade's span", () => {
  // The intermission-death scenario: a hard cut at 9 s, B half a second later; the header said "fade 9.000–9.500 s".
  const view = {
    fadeStart: 9, fadeEnd: 11.5, incomingStart: 9.5,
    curves: [{ curve: "hard-cut", fadeStart: 9, fadeEnd: 9.5 }, { curve: "linear", fadeStart: 9, fadeEnd: 11.5 }],
  };
  assert.equal(transitionText(view, "hard-cut"), "cut at 9.000 s, B at 9.500 s after 0.500 s of silence");
  assert.equal(transitionText(view, "linear"), "fade 9.000–11.500 s (B enters at 9.500 s)");
  const plain = { fadeStart: 9, fadeEnd: 11, incomingStart: 9, curves: [{ curve: "hard-cut", fadeStart: 9, fadeEnd: 9 }, { curve: "linear", fadeStart: 9, fadeEnd: 11 }] };
  assert.equal(transitionText(plain, "hard-cut"), "cut at 9.000 s");
  assert.equal(transitionText(plain, "linear"), "fade 9.000–11.000 s");
  // B played from its own 1.515 s (the beat after "B from" 1.3, on B's beat): said, as the command line says it.
  const onBeat = { ...plain, incomingOffset: 1.515 };
  assert.equal(transitionText(onBeat, "linear"), "fade 9.000–11.000 s, B from its own 1.515 s");
  assert.equal(transitionText(onBeat, "hard-cut"), "cut at 9.000 s, B from its own 1.515 s");
});

test("a refused setting is named as the page labels it", () => {
  assert.equal(refusalText("at must be seconds from 0.0 to 36000.0, not -1"), "Not loaded: Fade at must be seconds from 0.0 to 36000.0, not -1");
  assert.match(refusalText("duration must be seconds from 0.0 to 10.0, not 12"), /^Not loaded: Length must be/);
  assert.equal(refusalText("the track could not be read"), "Not loaded: the track could not be read");
});
