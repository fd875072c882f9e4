// Hits that keep their beats through a tempo edit (carry.js), against times worked out by hand.
// Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { carried, carriedNote, recounts } from "../../Sources/BrowserPages/Page/js/carry.js";
import { addPause } from "../../Sources/BrowserPages/Page/js/pauses.js";
import { addSection, moveSection, removeSection, sectionsOf, setSectionBpm } from "../../Sources/BrowserPages/Page/js/timing.js";

const near = (a, b) => a.length === b.length && a.every((x, k) => Math.abs(x - b[k]) < 1e-9);
const starts = (grid) => sectionsOf(grid).map((s) => [s.offset, s.bpm]);

test("a tempo set with the hits keeping their beats: beat k of 120 BPM at 100 BPM is 0.6 k s", () => {
  const grid = { bpm: 120, offset: 0, sections: [] };
  const out = carried(grid, setSectionBpm(grid, 1, 100), [1.0, 2.25, -0.5]);
  // Beats 2, 4.5 and -1 (before the offset, on the first section's tempo).
  assert.ok(near(out.hits, [1.2, 2.7, -0.6]), String(out.hits));
  assert.deepEqual(starts(out.grid), [[0, 100]]);
});

test("a section's tempo set: its hits and every later section and hit keep their beats", () => {
  // 120 BPM from 0, 150 BPM from 4.0 s (beat 8): 3.0 s is beat 6; 5.0 s is beat 2.5 of the second section.
  const grid = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }] };
  const out = carried(grid, setSectionBpm(grid, 1, 100), [3.0, 5.0]);
  // Eight beats at 100 BPM end at 4.8 s; 2.5 beats at 150 BPM take 1.0 s.
  assert.ok(near(out.hits, [3.6, 5.8]), String(out.hits));
  assert.ok(near(starts(out.grid).flat(), [0, 100, 4.8, 150]), JSON.stringify(starts(out.grid)));
});

test("a section removed: its hits run on at the tempo before it, keeping their beats", () => {
  const grid = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }, { time: 6, bpm: 90 }] };
  // 5.0 s is 8 + 2.5 = 10.5 beats from the offset: 5.25 s at 120 BPM. 6.5 s is 0.75 beat into the third section,
  // which starts after 8 + 5 beats: 6.5 s at 120 BPM, then 0.5 s.
  const out = carried(grid, removeSection(grid, 4.5), [3.0, 5.0, 6.5]);
  assert.ok(near(out.hits, [3.0, 5.25, 7.0]), String(out.hits));
  assert.ok(near(starts(out.grid).flat(), [0, 120, 6.5, 90]), JSON.stringify(starts(out.grid)));
});

test("the offset moved: every hit and section moves with it", () => {
  const grid = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }] };
  const out = carried(grid, moveSection(grid, 0, 0.1), [1.0, 5.0]);
  assert.ok(near(out.hits, [1.1, 5.1]), String(out.hits));
  assert.ok(near(starts(out.grid).flat(), [0.1, 120, 4.1, 150]));
});

test("a section's start moved: its hits go with it, each keeping its beat of the section; no other hit moves", () => {
  // 150 BPM from 4.0 s moved to 4.1 s: the hits at 4.05 s and 5.0 s (beats 0.125 and 2.5 of the section) are at those
  // beats of it from 4.1 s, 4.15 s and 5.1 s; the one at 3.0 s, in the section before, stays. Counted on StepMania's
  // one count of beats (the change moved to beat 8.2), the section's hits moved the other way (5.0 to 5.02 s for a
  // start 0.1 s later; a designer's start 33 ms earlier put them 14.5 ms later), all off its lines.
  const grid = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }] };
  const out = carried(grid, moveSection(grid, 4, 4.1), [3.0, 4.05, 5.0]);
  assert.ok(near(out.hits, [3.0, 4.15, 5.1]), String(out.hits));
  assert.ok(near(starts(out.grid).flat(), [0, 120, 4.1, 150]));
  // Earlier, over a hit of the section before: that hit stays; the section's own go 0.3 s earlier.
  const earlier = carried(grid, moveSection(grid, 4, 3.7), [3.8, 4.0, 5.0]);
  assert.ok(near(earlier.hits, [3.8, 3.7, 4.7]), String(earlier.hits));
  // Between equal tempi too: the section is the author's, its hits counted from its start.
  const even = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 120 }] };
  assert.ok(near(carried(even, moveSection(even, 4, 4.5), [3.0, 5.0]).hits, [3.0, 5.5]));
  // With a later section, that one and its hits stay where they are.
  const three = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }, { time: 8, bpm: 100 }] };
  const kept = carried(three, moveSection(three, 4, 4.2), [4.4, 9.0]);
  assert.ok(near(kept.hits, [4.6, 9.0]), String(kept.hits));
  assert.ok(near(starts(kept.grid).flat(), [0, 120, 4.2, 150, 8, 100]));
});

test("a section's start moved after a stop: its hits go with it by as much, each keeping its beat of the section", () => {
  // 120 BPM, a stop of 0.25 s at 2.0 s, 150 BPM from 4.0 s moved to 3.7 s: the section's hits at 4.4 and 5.0 s (beats 1
  // and 2.5 of it) go 0.3 s earlier with it; the hit at 3.0 s, before it, stays, and so does the stop. Counted as rows
  // (the path for any other edit), a start 391 ms earlier once moved its hits 172 ms later, all off its lines.
  const grid = { bpm: 120, offset: 0, sections: [{ time: 4, bpm: 150 }], stops: [{ time: 2.0, seconds: 0.25, delay: false }] };
  const out = carried(grid, moveSection(grid, 4, 3.7), [1.0, 3.0, 4.4, 5.0]);
  assert.ok(near(out.hits, [1.0, 3.0, 4.1, 4.7]), String(out.hits));
  assert.ok(near(starts(out.grid).flat(), [0, 120, 3.7, 150]), JSON.stringify(out.grid));
  assert.deepEqual(out.grid.stops, [{ time: 2.0, seconds: 0.25, delay: false }]);
});

test("a section added at the tempo there moves nothing", () => {
  const grid = { bpm: 120, offset: 0, sections: [] };
  const edited = addSection(grid, 2, { exact: true });
  const out = carried(grid, edited, [1.0, 3.0]);
  assert.deepEqual(out, { grid: edited, hits: [1.0, 3.0] });
});

test("a tempo set over a stop: the stop and the hits after it keep their beats", () => {
  // 120 BPM, a stop of 0.75 s on beat 4 (2.0 s): beat 5 at 3.25 s. At 60 BPM beat 4 is at 4.0 s and beat 5 at 5.75 s;
  // a hit on the stop's own beat stays before it.
  const grid = { bpm: 120, offset: 0, sections: [], stops: [{ time: 2.0, seconds: 0.75, delay: false }] };
  const out = carried(grid, setSectionBpm(grid, 1, 60), [1.0, 2.0, 3.25]);
  assert.ok(near(out.hits, [2.0, 4.0, 5.75]), String(out.hits));
  assert.deepEqual(out.grid.stops, [{ time: 4.0, seconds: 0.75, delay: false }]);
});

test("a stop added: the hits after it keep their beats, later by its length", () => {
  const grid = { bpm: 120, offset: 0, sections: [] };
  const out = carried(grid, addPause(grid, 2.0, 0.5), [1.0, 2.0, 3.0]);
  assert.ok(near(out.hits, [1.0, 2.0, 3.5]), String(out.hits));
  assert.deepEqual(out.grid.stops, [{ time: 2.0, seconds: 0.5, delay: false }]);
});

test("a tempo candidate re-counts the grid only at another octave of the section's tempo", () => {
  // 90 and 360 for 180 (×½, ×2), 45 (×¼): the grid re-counted, as ×2 and ÷2 do.
  for (const bpm of [90, 360, 45, 91.3]) assert.equal(recounts(bpm, 180), true, String(bpm));
  // 125 for a section added at 180 (two songs joined): set as typing it is, the hits carried; so is a tempo near it.
  for (const bpm of [125, 124.9, 180, 181.8, 150, 240, 100]) assert.equal(recounts(bpm, 180), false, String(bpm));
});

test("hits carried with the grid are counted, with the largest move signed", () => {
  // Three hits, two moved: +0.357 s and −0.012 s.
  assert.equal(carriedNote([1, 2, 3], [1, 2.357, 2.988]), "2 hits moved with the grid, each keeping its beat, by up to +357 ms (Ctrl+Z undoes)");
  assert.equal(carriedNote([1, 2], [0.95, 2]), "1 hit moved with the grid, each keeping its beat, by up to −50 ms (Ctrl+Z undoes)");
  // A section removed at the tempo before it moves nothing: said so (it said "0 hits moved … by up to −0 ms").
  assert.equal(carriedNote([1, 2], [1, 2]), "no hit moved: each keeps its time and its beat");
});
