// The pattern audition's pure logic (Sources/BrowserPages/Page/js/timeline.js), run by node --test.
import assert from "node:assert/strict";
import { test } from "node:test";
import { alignShift, alignment, editQuery, eventAt, eventOfLine, offsetText, timelineGeometry } from "../../Sources/BrowserPages/Page/js/timeline.js";

test("an edit goes to the server in seconds, moves of 0 left out", () => {
  assert.equal(editQuery(0, {}), "");
  assert.equal(editQuery(20, {}), "shift=0.02");
  assert.equal(decodeURIComponent(editQuery(-5, { 3: 12, 4: 0, 7: -1 })), "shift=-0.005&move=3:0.012,7:-0.001");
});

const events = [
  { index: 0, line: 8, type: "HapticTransient", time: 0.1, duration: 0 },
  { index: 2, line: 20, type: "HapticContinuous", time: 0.2, duration: 0.3 },
  { index: 5, line: 40, type: "HapticTransient", time: 0.35, duration: 0 },
];

test("a click means the event under it, a transient within reach, else none", () => {
  assert.equal(eventAt(events, 0.105).index, 0);
  // Inside the continuous event, but a transient lies exactly there: the transient (the shorter) wins.
  assert.equal(eventAt(events, 0.35).index, 5);
  assert.equal(eventAt(events, 0.3).index, 2);
  assert.equal(eventAt(events, 0.9), null);
  assert.equal(eventAt([], 0.1), null);
});

test("a finding belongs to the last event that starts on or before its line", () => {
  assert.equal(eventOfLine(events, 3), null);
  assert.equal(eventOfLine(events, 8).index, 0);
  assert.equal(eventOfLine(events, 33).index, 2);
  assert.equal(eventOfLine(events, 400).index, 5);
});

test("an offset reads in signed ms, within 25 ms is in time", () => {
  assert.deepEqual(offsetText({ offset: 0.018 }), { text: "+18.0 ms", ok: true });
  assert.deepEqual(offsetText({ offset: -0.0305 }), { text: "−30.5 ms", ok: false });
  assert.deepEqual(offsetText({ offset: 0.025 }), { text: "+25.0 ms", ok: false });
  assert.deepEqual(offsetText({}), { text: "no onset near", ok: false });
  assert.deepEqual(offsetText({ offset: -0.00001 }), { text: "0.0 ms", ok: true }); // no sign on a zero
});

test("aligning takes the lag off the current shift, and does nothing without a lag", () => {
  assert.equal(alignShift(0, 0.031), -31);
  assert.equal(alignShift(10, -0.004), 14);
  assert.equal(alignShift(7, null), 7);
  assert.equal(alignShift(7, undefined), 7);
});

test("Align to the sound says why it cannot when the lag is unclear, and keeps the shift", () => {
  const none = alignment(12, null, 0.21);
  assert.equal(none.ok, false);
  assert.equal(none.shiftMs, 12);
  assert.match(none.text, /^Not aligned: .*0\.21.*0\.50 needed/);
  const some = alignment(0, 0.031, 0.8);
  assert.deepEqual([some.ok, some.shiftMs], [true, -31]);
  assert.match(some.text, /shifted by -31 ms/);
  // No lag, but transients that agree on their onsets: they line it up (one transient 42 ms early: +42 ms).
  const one = alignment(0, null, 0.32, [{ time: 0, offset: -0.042 }]);
  assert.deepEqual([one.ok, one.shiftMs], [true, 42]);
  assert.match(one.text, /^Aligned by its transient: shifted by 42 ms onto its onset .*0\.32/);
  const three = alignment(10, null, 0.3, [{ offset: 0.030 }, { offset: 0.034 }, { offset: 0.028 }, { offset: null }]);
  assert.deepEqual([three.ok, three.shiftMs], [true, -20]);
  // Transients that disagree (by more than 10 ms) line up nothing: said, the shift kept.
  const apart = alignment(10, null, 0.3, [{ offset: 0.030 }, { offset: -0.020 }]);
  assert.deepEqual([apart.ok, apart.shiftMs], [false, 10]);
  assert.match(apart.text, /disagree by more than 10 ms/);
  assert.match(alignment(10, null, 0.3, [{ offset: null }]).text, /no transient has an onset near/);
});

test("Align to the sound, already aligned, says by what: never a lag of 0 ms the sync check did not measure", () => {
  // No lag measured; the transients on their onsets (the median offset under half a millisecond).
  const on = alignment(0, null, 0.3, [{ offset: 0.0004 }, { offset: -0.0002 }, { offset: 0.0001 }]);
  assert.deepEqual([on.ok, on.shiftMs], [true, 0]);
  assert.match(on.text, /^Already aligned: its 3 transients sit on their onsets .*0\.30/);
  assert.doesNotMatch(on.text, /lag is 0/);
  // Two of eight transients with an onset near: said as two of eight, not as "its transients".
  const few = [{ offset: 0.012 }, { offset: 0.014 }, ...Array.from({ length: 6 }, () => ({ offset: null }))];
  const two = alignment(0, null, 0.2, few);
  assert.deepEqual([two.ok, two.shiftMs], [true, -13]);
  assert.match(two.text, /^Aligned by the 2 of its 8 transients with an onset near: shifted by -13 ms/);
  // A lag measured that rounds to the shift already set.
  const lag = alignment(5, 0.0003, 0.9);
  assert.deepEqual([lag.ok, lag.shiftMs], [true, 5]);
  assert.match(lag.text, /^Already aligned: the sync check measures a lag of 0\.3 ms \(correlation 0\.90\)/);
});

test("the timeline's time axis: 50 px from the left, 20 px short of the right, a click read back as the time drawn there", () => {
  const g = timelineGeometry(1070, 2);
  assert.equal(g.left, 50);
  assert.equal(g.width, 1000);
  assert.equal(g.x(0), 50);
  assert.equal(g.x(2), 1050);
  assert.equal(g.x(0.5), 300);
  for (const t of [0, 0.123, 1.5, 2]) assert.ok(Math.abs(g.time(g.x(t)) - t) < 1e-12);
  // A pattern of no length is drawn on a 1 s axis, not divided by zero.
  assert.equal(timelineGeometry(1070, 0).x(1), 1050);
});
