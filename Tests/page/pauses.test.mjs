// A grid's pauses (a chart's stops and delays) in the page's timing maths, against lines worked out by hand.
// Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addPause, audioTime, musicalTime, pauseRows, pausesOf, removePause, setPauseSeconds,
} from "../../Sources/BrowserPages/Page/js/pauses.js";
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

// 120 BPM from 0 s, and a second section at 60 BPM from 4.0 s (beat 8): the lines 0, 0.5, … 3.5, then 4, 5, 6.
const plain = { bpm: 120, offset: 0, sections: [{ time: 4.0, bpm: 60 }] };

test("a stop added at a time holds the grid there, and every line and section after it moves later by its length", () => {
  const g = addPause(plain, 2.0, 0.75);
  assert.deepEqual(g.stops, [{ time: 2.0, seconds: 0.75, delay: false }]);
  // Beats 0–4 stay (the stop's own beat at 2.0 s, before it); beat 5 on is 0.75 s later, the 60 BPM section too.
  assert.ok(near(gridLines(g, 0, 7), [0, 0.5, 1, 1.5, 2, 3.25, 3.75, 4.25, 4.75, 5.75, 6.75]), String(gridLines(g, 0, 7)));
  assert.equal(sectionsOf(g)[1].offset, 4.75);
  // A delay there puts its beat's line after it.
  assert.ok(near(gridLines(addPause(plain, 2.0, 0.75, { delay: true }), 1.6, 3.3), [2.75, 3.25]));
});

test("a pause's length set moves the lines after it by the difference, and removing it puts them back", () => {
  const g = addPause(plain, 2.0, 0.75);
  const longer = setPauseSeconds(g, 0, 1.0);
  assert.deepEqual(longer.stops, [{ time: 2.0, seconds: 1.0, delay: false }]);
  assert.equal(sectionsOf(longer)[1].offset, 5.0);
  const gone = removePause(g, 0);
  assert.equal(gone.stops, undefined);
  assert.ok(near(gridLines(gone, 0, 7), gridLines(plain, 0, 7)));
  assert.equal(sectionsOf(gone)[1].offset, 4.0);
});

test("a pause before another moves it with the lines; the list gives each one's place and length", () => {
  const two = addPause(addPause(plain, 3.0, 0.5), 1.0, 0.25);
  assert.deepEqual(two.stops.map((p) => [p.time, p.seconds]), [[1.0, 0.25], [3.25, 0.5]]);
  assert.deepEqual(pauseRows(two, 3.5).map((r) => [r.index, r.time, r.seconds, r.delay, r.pastEnd]), [
    [0, 1.0, 0.25, false, false], [1, 3.25, 0.5, false, false],
  ]);
  assert.equal(pauseRows(two, 3.0)[1].pastEnd, true);
  // Removing the first moves the second back to its own time.
  assert.deepEqual(removePause(two, 0).stops, [{ time: 3.0, seconds: 0.5, delay: false }]);
});

test("a pause is not added inside another, on another, or with no length", () => {
  const g = addPause(plain, 2.0, 0.75);
  assert.equal(addPause(g, 2.5, 0.1), g);
  assert.equal(addPause(g, 2.0, 0.1), g);
  assert.equal(addPause(plain, 2.0, 0), plain);
  assert.equal(addPause(plain, NaN, 0.5), plain);
  assert.equal(setPauseSeconds(g, 3, 0.5), g);
  assert.equal(setPauseSeconds(g, 0, -1), g);
});

test("the selected hit's place is its own row, not the snap's", () => {
  // 120 BPM from 0: a beat is 0.5 s. A triplet, a 7/8 and a hit between rows.
  const grid = { offset: 0, bpm: 120, beatsPerBar: 4 };
  assert.equal(formatPosition(2 + 0.5 / 3, grid, 0), "2:1:1/3");
  assert.equal(formatPosition(2.5 + 0.5 * 7 / 8, grid, 0), "2:2:7/8");
  assert.equal(formatPosition(3, grid, 0), "2:3");
  assert.equal(formatPosition(3 + 0.5 / 8 + 0.004, grid, 0), "≈2:3:6/48"); // 0.133 beat: nearest 6/48
  // The snap's rounding, as the cursor readout keeps it.
  assert.equal(formatPosition(2 + 0.5 / 3, grid, 4), "2:1:1/4");
});
