// The editor page's beat-list operations. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { normalized, indicesOf, indicesWithin, sameBeats, moveSelected, nextFlagged, applyFixes, shiftedBy, grabbable, betweenNeighbours, findingText, findingTime, nearestIndex, stacked } from "../../Sources/BrowserPages/Page/js/beats.js";

test("normalized drops what is not finite and sorts", () => {
  assert.deepEqual(normalized([3, NaN, 1, Infinity, 2]), [1, 2, 3]);
});

test("a selection is carried across an edit by time", () => {
  assert.deepEqual([...indicesOf([0.5, 1, 1.5, 2], [1.5, 0.5, 9])].sort(), [0, 2]);
  assert.deepEqual([...indicesWithin([0.5, 1, 1.5, 2], 1, 1.5)].sort(), [1, 2]);
});

test("sameBeats compares order and values", () => {
  assert.ok(sameBeats([1, 2], [1, 2]));
  assert.ok(!sameBeats([1, 2], [2, 1]));
  assert.ok(!sameBeats([1], [1, 2]));
});

test("moveSelected moves only the selected beats and reports where they went", () => {
  const r = moveSelected([1, 2, 3], new Set([0, 2]), (t) => t + 0.5);
  assert.deepEqual(r.beats, [1.5, 2, 3.5]);
  assert.deepEqual(r.selectedTimes, [1.5, 3.5]);
});

test("nextFlagged walks the flagged beats both ways and wraps", () => {
  const v = [{ time: 1, flagged: false }, { time: 2, flagged: true }, { time: 3, flagged: false }, { time: 4, flagged: true }];
  assert.equal(nextFlagged(v, 0, 1), 1);
  assert.equal(nextFlagged(v, 2, 1), 3);
  assert.equal(nextFlagged(v, 4, 1), 1); // wraps
  assert.equal(nextFlagged(v, 4, -1), 1);
  assert.equal(nextFlagged(v, 1, -1), 3); // wraps
  assert.equal(nextFlagged(v.map((b) => ({ ...b, flagged: false })), 0, 1), -1);
});

test("applyFixes moves only selected beats that have a fix", () => {
  const v = [{ time: 1, fix: null }, { time: 2.07, fix: 2 }, { time: 3.1, fix: 3 }];
  const r = applyFixes(v, new Set([0, 1]));
  assert.deepEqual(r.beats, [1, 2, 3.1]);
  assert.deepEqual(r.selectedTimes, [1, 2]);
});

test("applyFixes never moves a maybe (a hit the chart's snap placed, that only the audio doubts)", () => {
  const v = [{ time: 1.1, fix: 1, maybe: true }, { time: 2.07, fix: 2, maybe: false }];
  assert.deepEqual(applyFixes(v, new Set([0, 1])).beats, [1.1, 2]);
});

test("shiftedBy moves every beat by the map's offset, to the microsecond", () => {
  // The checker says the whole map is 33 ms early (offset −0.033): apply adds 0.033 s to every beat.
  assert.deepEqual(shiftedBy([1, 2.5, 3.1], 0.033), [1.033, 2.533, 3.133]);
});

test("a press grabs the one hit within reach, and none among crowded hits", () => {
  assert.equal(grabbable([10, 50, 90], 52, 8), 1);
  assert.equal(grabbable([10, 50, 90], 70, 8), -1);
  assert.equal(grabbable([10, 50, 54, 90], 52, 8), -1); // zoomed out: two within reach
});

test("a dragged hit stays between its neighbours", () => {
  const beats = [1, 2, 3];
  assert.equal(betweenNeighbours(beats, 1, 17.4), 2.999); // a drag 17 s on stops before the next hit
  assert.equal(betweenNeighbours(beats, 1, 0.2), 1.001);
  assert.equal(betweenNeighbours(beats, 1, 2.4), 2.4);
  assert.equal(betweenNeighbours(beats, 2, 40), 40); // the last hit is free to the right
});

test("a finding counts its hit from 1 and says where an error goes, what a maybe has, and which hit a waiting maybe waits for", () => {
  const error = { time: 1.5, error: -0.1, fix: 1.6, maybe: false, waits_for: null };
  // The hit at index 3 is the fourth: "hit 4", as the checker's findings and the ruler count.
  assert.deepEqual(findingText(error, 3), { label: "hit 4 at 1.500 s, −100 ms from its sound", detail: " → 1.600 s (its grid line) " });
  // The place named is the grid line; the sound there is the onset matched to it, 10 ms later.
  const snapped = { time: 2, error: null, fix: null, maybe: true, maybe_place: 2.125, audio_time: 2.135, waits_for: null };
  assert.deepEqual(findingText(snapped, 4), {
    label: "maybe: hit 5 at 2.000 s", detail: " (the free grid line at 2.125 s has a sound at 2.135 s; the chart's snap put the hit here) " });
  const waiting = { time: 50.214, error: -0.014, fix: null, maybe: true, maybe_place: 50.228, waits_for: 50.331 };
  assert.deepEqual(findingText(waiting, 249), {
    label: "maybe: hit 250 at 50.214 s, −14 ms from its sound", detail: " (fix the hit at 50.331 s first: this one may be fine once it is) " });
  assert.deepEqual(findingText({ time: 1, error: 0.02, fix: null, maybe: false }, 0), { label: "hit 1 at 1.000 s, +20 ms from its sound", detail: "" });
  // An error with no sound matched to it says so, rather than nothing between the hit and its fix.
  assert.equal(findingText({ time: 9.91, error: null, fix: 9.811, maybe: false }, 102).label, "hit 103 at 9.910 s, no sound matched to it");
});

test("findingTime reads the hit a finding names, and nearestIndex finds it", () => {
  assert.equal(findingTime("hit 139 at 30.945 s sits on the chart's 1/4 grid line"), 30.945);
  assert.equal(findingTime("beat 1 at 0.629 s splits a 0.682 s interval in two; an extra beat?"), 0.629);
  assert.equal(findingTime("hit 3 at 1.250 s is 0 ms after hit 2"), 1.25);
  // A finding about the whole map names no hit.
  assert.equal(findingTime("the whole map is 40 ms later than the track; subtract 0.040 s from every beat"), null);
  assert.equal(nearestIndex([0.25, 0.629, 1.31], 0.629), 1);
  assert.equal(nearestIndex([0.25, 0.629, 1.31], 1.2), 2);
});

test("stacked counts the hits a move puts on another's place, to 0.1 ms", () => {
  // Eighths at 0.5 s quantized to whole seconds: 1.5 → 2 and 2.5 → 3 land on hits already there.
  assert.equal(stacked([1, 1.5, 2, 2.5, 3], [1, 2, 2, 3, 3]), 2);
  assert.equal(stacked([1, 1.5, 2], [1, 1.5001, 2]), 0);
  assert.equal(stacked([1, 1.00004, 2], [1, 1.00004, 2]), 0);
  assert.equal(stacked([1, 2, 3], [1, 2.00003, 2]), 1);
  // Within 5 ms (hits carried with a section whose start was typed a hair off a beat): 5.7046 onto 5.7040.
  assert.equal(stacked([5.7046, 6.386, 7.068], [5.7040, 5.7046, 6.386], 0.005), 1);
  assert.equal(stacked([5.7046, 6.386, 7.068], [5.7040, 5.7046, 6.386]), 0);
});
