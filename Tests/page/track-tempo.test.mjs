import { test } from "node:test";
import assert from "node:assert/strict";
import { atOctaveOf, trackTempoWords } from "../../Sources/BrowserPages/Page/js/track-tempo.js";

const whole = [{ bpm: 91.32791, strength: 0.39 }, { bpm: 45.66, strength: 0.49 }];

test("a track that changes tempo is said stretch by stretch, not by its whole reading", () => {
  // Two songs at 180 and 125 BPM joined read 91.3 as a whole: no tempo of either.
  const words = trackTempoWords(whole, [{ time: 0, bpm: 180 }, { time: 19.8935, bpm: 125 }], 1);
  assert.equal(words, " · the track's own tempo 180.0 BPM, then 125.0 from about 19.9 s");
  assert.ok(!words.includes("91.3"));
  // Three stretches, and the same words under a grid of several tempi.
  assert.equal(
    trackTempoWords(whole, [{ time: 0, bpm: 88 }, { time: 12.25, bpm: 95 }, { time: 30.5, bpm: 120.5 }], 2),
    " · the track's own tempo 88.0 BPM, then 95.0 from about 12.3 s, then 120.5 from about 30.5 s");
});

test("each stretch is said at the grid's octave when it is one of it", () => {
  // Mecha-Tribe (180) then High (125) joined: the first stretch read at 90 under a grid at 180 is said 180, not 90.
  const tempi = [{ time: 0, bpm: 90 }, { time: 25.27, bpm: 125 }];
  assert.equal(trackTempoWords(whole, tempi, 1, () => 180), " · the track's own tempo 180.0 BPM, then 125.0 from about 25.3 s");
  // A grid at 120 (no octave of 90, nor of 125): as read.
  assert.equal(trackTempoWords(whole, tempi, 1, () => 120), " · the track's own tempo 90.0 BPM, then 125.0 from about 25.3 s");
  assert.equal(atOctaveOf(62.5, 125), 125);
  assert.equal(atOctaveOf(250, 125), 125);
  assert.equal(atOctaveOf(130, 125), 130);
});

test("a steady track is said by its whole reading, as the whole track's under a grid of several tempi", () => {
  assert.equal(trackTempoWords(whole, [{ time: 0, bpm: 91.3 }], 1), " · the track's own tempo 91.3 BPM");
  assert.equal(trackTempoWords(whole, null, 1), " · the track's own tempo 91.3 BPM");
  assert.equal(trackTempoWords(whole, [], 2), " · the whole track reads 91.3 BPM (each section's own tempo: its candidates)");
});

test("nothing is said until something is known", () => {
  assert.equal(trackTempoWords(null, null, 1), "");
  assert.equal(trackTempoWords([], [{ time: 0, bpm: 120 }], 1), "");
});

test("the track's stretch in focus, only when the track changes tempo", async () => {
  const { trackStretchAt } = await import("../../Sources/BrowserPages/Page/js/track-tempo.js");
  const tempi = [{ time: 0, bpm: 180 }, { time: 19.8935, bpm: 125 }];
  assert.deepEqual(trackStretchAt(tempi, 3, 40), { index: 0, from: 0, to: 19.8935 });
  assert.deepEqual(trackStretchAt(tempi, 19.8935, 40), { index: 1, from: 19.8935, to: 40 });
  assert.deepEqual(trackStretchAt(tempi, 39, 40), { index: 1, from: 19.8935, to: 40 });
  assert.equal(trackStretchAt([{ time: 0, bpm: 180 }], 3, 40), null);
  assert.equal(trackStretchAt(null, 3, 40), null);
  assert.equal(trackStretchAt([], 3, 40), null);
});

test("a later stretch's tempo starts a section at the track's change; the first stretch's sets the grid's tempo", async () => {
  const { gridForStretch } = await import("../../Sources/BrowserPages/Page/js/track-tempo.js");
  const { sectionsOf } = await import("../../Sources/BrowserPages/Page/js/timing.js");
  const grid = { bpm: 180, offset: 0.028 };
  // Two songs at 180 and 125 BPM joined, the second's first beat at 20.1335 s: one click gives both their tempo.
  const two = sectionsOf(gridForStretch(grid, 20.1335, 125));
  assert.equal(two.length, 2);
  assert.deepEqual([two[0].offset, two[0].bpm], [0.028, 180]);
  assert.deepEqual([two[1].offset, two[1].bpm], [20.1335, 125]);
  // The first stretch's candidate, or a change before the grid's start: the grid's one tempo.
  assert.deepEqual(sectionsOf(gridForStretch(grid, 0, 178)).map((s) => [s.offset, s.bpm]), [[0.028, 178]]);
  assert.deepEqual(sectionsOf(gridForStretch({ bpm: 78, offset: 6.125 }, 3, 80)).map((s) => [s.offset, s.bpm]), [[6.125, 80]]);
  // A section already at the change takes the tempo: no second section there.
  const again = sectionsOf(gridForStretch({ bpm: 180, offset: 0.028, sections: [{ time: 20.1335, bpm: 180 }] }, 20.1335, 125));
  assert.deepEqual(again.map((s) => [s.offset, s.bpm]), [[0.028, 180], [20.1335, 125]]);
  // Under a pause (a StepMania stop) before the change, the section still starts at the change's audio time.
  const paused = sectionsOf(gridForStretch({ bpm: 180, offset: 0.028, stops: [{ time: 10, seconds: 0.5 }] }, 20.1335, 125));
  assert.deepEqual(paused.map((s) => [Number(s.offset.toFixed(6)), s.bpm]), [[0.028, 180], [20.1335, 125]]);
});
