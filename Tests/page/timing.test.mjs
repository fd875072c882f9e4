// The editor page's pure timing maths, against values worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { lowerBound, snapToOnset, quantize, gridLines, formatSeconds, tapLatency, rulerTicks, moveSection } from "../../Sources/BrowserPages/Page/js/timing.js";

test("lowerBound finds the first element not below t", () => {
  assert.equal(lowerBound([], 1), 0);
  assert.equal(lowerBound([1, 2, 3], 0), 0);
  assert.equal(lowerBound([1, 2, 3], 2), 1);
  assert.equal(lowerBound([1, 2, 3], 2.5), 2);
  assert.equal(lowerBound([1, 2, 3], 9), 3);
});

test("snapToOnset takes the nearest onset within the reach, else keeps the time", () => {
  const onsets = [0.5, 1.0, 1.08, 2.0];
  assert.equal(snapToOnset(1.05, onsets), 1.08); // 30 ms beats 50 ms
  assert.equal(snapToOnset(0.95, onsets), 1.0);
  assert.equal(snapToOnset(1.5, onsets), 1.5); // nothing within 100 ms
  assert.equal(snapToOnset(1.95, onsets, 0.04), 1.95); // 50 ms is outside a 40 ms reach
  assert.equal(snapToOnset(3, []), 3);
});

test("quantize moves a time to the nearest beat of the grid", () => {
  const grid = { bpm: 120, offset: 0.1 }; // a line every 0.5 s from 0.1 s
  assert.ok(Math.abs(quantize(0.34, grid) - 0.1) < 1e-12);
  assert.ok(Math.abs(quantize(0.36, grid) - 0.6) < 1e-12);
  assert.ok(Math.abs(quantize(-0.3, grid) - -0.4) < 1e-12);
});

test("gridLines lists the lines inside the view, and nothing for a bad grid", () => {
  const lines = gridLines({ bpm: 60, offset: 0.25 }, 1, 4);
  assert.deepEqual(lines, [1.25, 2.25, 3.25]);
  assert.deepEqual(gridLines({ bpm: 60, offset: 0.25 }, 4, 1), []);
  assert.deepEqual(gridLines({ bpm: 0, offset: 0 }, 0, 10), []);
  assert.equal(gridLines({ bpm: 600, offset: 0 }, 0, 1000, 50).length, 50);
});

test("formatSeconds shows milliseconds", () => {
  assert.equal(formatSeconds(12.3456), "12.346 s");
  assert.equal(formatSeconds(0), "0.000 s");
});

test("tapLatency is the median distance to the nearest click, outliers dropped", () => {
  const start = 1, period = 0.6;
  const late = [0.02, 0.03, 0.025, 0.03, 0.035, 0.02, 0.03, 0.04, 0.03];
  const taps = late.map((d, k) => start + k * period + d).concat([start + 3 * period + 0.25]); // 250 ms: dropped
  assert.ok(Math.abs(tapLatency(taps, start, period) - 0.03) < 1e-12);
  assert.equal(tapLatency(taps.slice(0, 7), start, period), null); // fewer than 8 taps
});

test("rulerTicks: round steps that give about the asked number of labels", () => {
  assert.deepEqual(rulerTicks(0, 10, 5).map((t) => t.text), ["0", "2", "4", "6", "8", "10"]);
  assert.deepEqual(rulerTicks(1.23, 1.31, 4).map((t) => t.text), ["1.24", "1.26", "1.28", "1.30"]);
  assert.deepEqual(rulerTicks(50, 130, 4).map((t) => t.text), ["1:00", "1:20", "1:40", "2:00"]); // m:ss from a minute
  assert.deepEqual(rulerTicks(0, 0.05, 5).map((t) => t.text), ["0.00", "0.01", "0.02", "0.03", "0.04", "0.05"]);
  assert.deepEqual(rulerTicks(5, 5, 4), []);
});

test("bpmText shows three decimals, or the tempo as typed when three would round it", async () => {
  const { bpmText } = await import("../../Sources/BrowserPages/Page/js/timing.js");
  assert.equal(bpmText(210), "210.000");
  assert.equal(bpmText(87.996), "87.996");
  assert.equal(bpmText(209.98765), "209.98765");
  assert.equal(bpmText(1 / 3 * 300), "100.000");
  assert.equal(bpmText(123.4567891), "123.456789");
});

test("a section moved from the sections list starts at the time typed, at its tempo, the others where they were", () => {
  const g = { bpm: 120, offset: 0.5, sections: [{ time: 10, bpm: 90 }, { time: 20, bpm: 150 }] };
  assert.deepEqual(moveSection(g, 10, 11.25).sections, [{ time: 11.25, bpm: 90 }, { time: 20, bpm: 150 }]);
  assert.deepEqual(moveSection(g, 20, 19).sections, [{ time: 10, bpm: 90 }, { time: 19, bpm: 150 }]);
  // The first section's start is the grid's offset; the later sections stay.
  const first = moveSection(g, 0.5, 0.75);
  assert.equal(first.offset, 0.75);
  assert.deepEqual(first.sections, g.sections);
  // Past its neighbour, onto it, at no section or at no time: unchanged (the same grid).
  for (const [from, to] of [[10, 25], [10, 20], [10, 0.5], [12, 13], [10, NaN], [0.5, 10]]) assert.equal(moveSection(g, from, to), g, `${from} → ${to}`);
});
