// A grid's pauses (a chart's stops and delays) in the page's timing maths, against lines worked out by hand.
// Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { audioTime, musicalTime, pausesOf } from "../../Sources/BrowserPages/Page/js/pauses.js";
import {
  addSection, barNumber, formatPosition, gridLines, markedLines, parsePosition, quantize, scaleTempo, sectionsOf, shiftGrid,
} from "../../Sources/BrowserPages/Page/js/timing.js";

// 120 BPM from 0 s (a beat every 0.5 s), and a stop of 0.75 s on beat 4 (2.0 s): beat k > 4 is at 0.5 k + 0.75 s.
const stop = { bpm: 120, offset: 0, sections: [], stops: [{ time: 2.0, seconds: 0.75, delay: false }] };
const near = (a, b) => a.length === b.length && a.every((x, k) => Math.abs(x - b[k]) < 1e-9);

test("a stop holds the grid still: its beat's line where it starts, the next a beat after it ends", () => {
  const lines = gridLines(stop, 0, 5);
  assert.ok(near(lines, [0, 0.5, 1, 1.5, 2, 3.25, 3.75, 4.25, 4.75]), String(lines));
  // Bars every 4 beats count on: beat 4 (2.0 s) starts bar 2, beat 8 (4.75 s) bar 3.
  assert.deepEqual(markedLines(stop, 0, 5).filter((l) => l.kind === "bar").map((l) => l.time), [0, 2, 4.75]);
  // A view that starts inside the pause shows no line from before it; one that ends inside it shows the stop's line.
  assert.ok(near(gridLines(stop, 2.1, 3.5), [3.25]));
  assert.ok(near(gridLines(stop, 1.9, 2.5), [2]));
});

test("a delay holds the grid before its beat: the beat's line where it ends", () => {
  const delay = { ...stop, stops: [{ time: 2.0, seconds: 0.75, delay: true }] };
  assert.ok(near(gridLines(delay, 0, 3.5), [0, 0.5, 1, 1.5, 2.75, 3.25]));
});

test("musical time takes the pauses out, and audio time puts them back", () => {
  const p = pausesOf(stop);
  assert.equal(musicalTime(p, 1.0), 1.0);
  assert.equal(musicalTime(p, 2.4), 2.0); // inside the stop: its start
  assert.equal(musicalTime(p, 3.25), 2.5);
  assert.equal(audioTime(p, 2.0), 2.0); // a stop's beat comes before it
  assert.equal(audioTime(p, 2.5), 3.25);
});

test("snap, positions and bar numbers count through a stop", () => {
  assert.equal(quantize(2.4, stop), 2.0); // inside the pause: the stop's beat
  assert.equal(quantize(3.1, stop), 3.25); // 0.35 s of music after it: nearer beat 5
  assert.equal(quantize(3.1, stop, 4), 3.125);
  assert.equal(formatPosition(3.25, stop), "2:2");
  assert.equal(formatPosition(4.75, stop), "3:1");
  assert.equal(parsePosition("3:1", stop), 4.75);
  assert.equal(parsePosition("3.5", stop), 3.5); // seconds stay seconds
  assert.equal(barNumber(4.8, stop), 3);
});

test("grid edits keep every pause at its time and length, the lines after it following the edit", () => {
  // ×2 anchored on beat 2: a line every 0.25 s up to the stop at 2.0 s, then from 2.75 s on.
  const doubled = scaleTempo(stop, 2, 1.0);
  assert.deepEqual(doubled.stops, stop.stops);
  assert.ok(near(gridLines(doubled, 1.6, 3.3), [1.75, 2, 3, 3.25]));
  assert.equal(shiftGrid(stop, 0.1).stops[0].time, 2.1);
  assert.equal(shiftGrid({ bpm: 120, offset: 0 }, 0.1).stops, undefined);
  // A section added on beat 5 (3.25 s) starts there, on the audio's time.
  const split = addSection(stop, 3.25, { exact: true });
  assert.ok(Math.abs(split.sections[0].time - 3.25) < 1e-9);
  assert.ok(Math.abs(sectionsOf(split)[1].offset - 3.25) < 1e-9);
  assert.deepEqual(split.stops, stop.stops);
});

test("a section that starts on a stop starts its lines where the stop does, the next after it", () => {
  const g = { bpm: 120, offset: 0, sections: [{ time: 2.0, bpm: 60 }], stops: [{ time: 2.0, seconds: 0.75 }] };
  assert.ok(near(gridLines(g, 1.9, 4), [2, 3.75]));
  assert.equal(sectionsOf(g)[1].offset, 2);
});
