// The detail view's level of detail (Sources/BrowserPages/Page/js/detail.js), against values worked out by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gridDetail, hitStyle, labelsWithRoom, onStride, stackedLabels, stride } from "../../Sources/BrowserPages/Page/js/detail.js";

test("stride is the smallest power of two that gives each label its room", () => {
  assert.equal(stride(50, 40), 1);
  assert.equal(stride(40, 40), 1);
  assert.equal(stride(39.9, 40), 2);
  assert.equal(stride(7, 40), 8); // 4 × 7 = 28 < 40 ≤ 8 × 7 = 56
  assert.equal(stride(0.3, 40), 256); // 128 × 0.3 = 38.4 < 40 ≤ 76.8
  assert.equal(stride(0, 40), 1);
  assert.equal(stride(Number.NaN, 40), 1);
  assert.equal(stride(Infinity, 40), 1);
});

test("beat lines need 8 px; bar lines thin to every 2nd, 4th, … bar below 4 px", () => {
  // 150 BPM over a 96 s view on 1280 px: a beat is 0.4 s = 5.33 px (no beat lines), a bar 21.3 px.
  assert.deepEqual(gridDetail(0.4 / 96 * 1280, 4), { beats: false, barStride: 1 });
  // Over 11 s: a beat is 46.5 px.
  assert.deepEqual(gridDetail(0.4 / 11 * 1280, 4), { beats: true, barStride: 1 });
  assert.deepEqual(gridDetail(8, 4), { beats: true, barStride: 1 });
  assert.deepEqual(gridDetail(7.9, 4), { beats: false, barStride: 1 });
  // The same on 300 px: a beat 1.25 px (no beat lines), a bar 5 px (every bar).
  assert.deepEqual(gridDetail(1.25, 4), { beats: false, barStride: 1 });
  // A ten-minute song at 180 BPM (1800 beats) on 1000 px: a beat 0.56 px, a bar 2.2 px: every 2nd bar (4.4 px).
  assert.deepEqual(gridDetail(1000 / 1800, 4), { beats: false, barStride: 2 });
  // A bar of 1.2 px: every 4th (4.8 px; every 2nd is 2.4 px).
  assert.deepEqual(gridDetail(0.3, 4), { beats: false, barStride: 4 });
  // Three beats a bar: a bar of 0.9 px takes every 8th (7.2 px; every 4th is 3.6 px).
  assert.deepEqual(gridDetail(0.3, 3), { beats: false, barStride: 8 });
});

test("a stride counts bars from bar 1", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((n) => onStride(n, 4)), [1, 5, 9]);
  assert.deepEqual([1, 2, 3].filter((n) => onStride(n, 1)), [1, 2, 3]);
  // Bars before the first (a lead-in counted 0, −1, …) keep the same phase.
  assert.deepEqual([-7, -3, 0, 1].filter((n) => onStride(n, 4)), [-7, -3, 1]);
});

test("hits are lines while their median gap is 4 px or more, else ticks", () => {
  assert.equal(hitStyle([]), "lines");
  assert.equal(hitStyle([10]), "lines");
  assert.equal(hitStyle([0, 4, 8, 12]), "lines");
  // Runs 1 px apart with a few wide gaps: the median (1 px) decides, not the mean (about 11 px).
  assert.equal(hitStyle([0, 1, 2, 3, 50, 51, 52, 53, 100]), "ticks");
  // Mostly wide gaps and one tight pair: lines.
  assert.equal(hitStyle([0, 10, 20, 21, 31, 41]), "lines");
});

test("labels with room: each starts past the end of the last one drawn, plus the gap", () => {
  // Labels 30 px wide, 6 px gap: at 0 (ends 30), 20 (too close), 36 (30 + 6: kept, ends 66), 70 (too close), 72 (kept).
  assert.deepEqual(labelsWithRoom([0, 20, 36, 70, 72], () => 30, 6), [0, 2, 4]);
  assert.deepEqual(labelsWithRoom([], () => 30, 6), []);
});

test("stacked labels take the first row with room, and none past the last row", () => {
  // Labels 30 px wide, a gap of 3: rows 0, 1, 2; none at 30; row 0 again at 33 (0 + 30 + 3), row 1 at 45 (10 + 30 + 3
  // or more), row 0 at 70 (33 + 30 + 3 or more).
  const rows = stackedLabels([0, 10, 20, 30, 33, 45, 70], () => 30, 3, 3);
  assert.deepEqual(rows, [0, 1, 2, -1, 0, 1, 0]);
  // One row, 30 px labels, a gap of 5: 0 (ends at 30), not 10, 40 (35 or more; ends at 70), not 50, 80.
  assert.deepEqual(stackedLabels([0, 10, 40, 50, 80], () => 30, 5, 1), [0, -1, 0, -1, 0]);
});
