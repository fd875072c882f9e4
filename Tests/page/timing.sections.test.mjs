// Tempo sections on the page's grid, against values worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  sectionsOf, sectionAt, quantize, markedLines, formatPosition, parsePosition, addSection, removeSection, scaleTempo,
  setDownbeat, setSectionBpm, shiftHalfBeat, metronomeTicks, snapToGrid, shownTempo, sectionRows, sectionStretch, barNumber,
} from "../../Sources/BrowserPages/Page/js/timing.js";
import { tempoTarget } from "../../Sources/BrowserPages/Page/js/tempo-target.js";

// 120 BPM from 0 s (a beat every 0.5 s), then 60 BPM from 4 s (a beat a second): 8 beats, two bars, before the change.
const grid = { bpm: 120, offset: 0, beatsPerBar: 4, sections: [{ time: 4, bpm: 60 }] };
const near = (a, b) => Math.abs(a - b) < 1e-9;

test("sectionsOf splits the grid at each section, counting bars across them", () => {
  const [a, b] = sectionsOf(grid);
  assert.deepEqual([a.offset, a.bpm, a.to, a.firstBar], [0, 120, 4, 1]);
  assert.deepEqual([b.offset, b.bpm, b.from, b.to, b.firstBar], [4, 60, 4, Infinity, 3]);
  assert.equal(sectionAt(grid, 3.99).index, 0);
  assert.equal(sectionAt(grid, 4).index, 1);
  // A section at or before the grid's offset, or with no tempo, is not one.
  assert.equal(sectionsOf({ ...grid, sections: [{ time: -1, bpm: 90 }, { time: 2, bpm: 0 }] }).length, 1);
  // A change halfway through a bar starts the next bar: 5 beats at 120 is a bar and a beat, so bar 3 starts at 2.5 s.
  assert.equal(sectionsOf({ ...grid, sections: [{ time: 2.5, bpm: 60 }] })[1].firstBar, 3);
});

test("quantize and snapToGrid use the section's own lines, and the next section's start", () => {
  assert.ok(near(quantize(3.7, grid), 3.5));
  assert.ok(near(quantize(3.9, grid), 4)); // the 60 BPM section's first line is nearer than 3.5
  assert.ok(near(quantize(4.4, grid), 4));
  assert.ok(near(quantize(4.6, grid), 5));
  assert.ok(near(snapToGrid(4.3, grid, 4), 4.25)); // quarter beats of the 60 BPM section
  assert.ok(near(snapToGrid(1.2, grid, 4), 1.25)); // quarter beats of 0.5 s
});

test("markedLines changes spacing at the section and starts a bar there", () => {
  const lines = markedLines(grid, 3, 6.5);
  assert.deepEqual(lines.map((l) => [l.time, l.kind]), [[3, "beat"], [3.5, "beat"], [4, "bar"], [5, "beat"], [6, "beat"]]);
  assert.deepEqual(metronomeTicks(grid, 3.9, 4.1), [{ time: 4, accent: true }]);
});

test("bar:beat counts on across sections, both ways", () => {
  assert.equal(formatPosition(4, grid), "3:1");
  assert.equal(formatPosition(5.25, grid), "3:2:1/4");
  assert.equal(formatPosition(2, grid), "2:1");
  assert.ok(near(parsePosition("3:2:1/4", grid), 5.25));
  assert.ok(near(parsePosition("2:1", grid), 2));
  assert.ok(near(parsePosition("4:1", grid), 8));
});

test("adding, removing and changing a section edits only that section", () => {
  const plain = { bpm: 120, offset: 0, beatsPerBar: 4 };
  assert.deepEqual(addSection(plain, 4.1).sections, [{ time: 4, bpm: 120 }]); // at the nearest beat line
  assert.equal(addSection(grid, 4.1), grid); // a section already starts there
  assert.deepEqual(removeSection(grid, 5).sections, []);
  assert.equal(removeSection(grid, 1), grid); // the first section stays
  assert.deepEqual(scaleTempo(grid, 2, 5).sections, [{ time: 4, bpm: 120 }]);
  const first = scaleTempo(grid, 2, 1.1);
  assert.deepEqual([first.bpm, first.offset, first.sections], [240, 0, [{ time: 4, bpm: 60 }]]);
  assert.deepEqual(setDownbeat(grid, 4.5).sections, [{ time: 4.5, bpm: 60 }]);
  // Beat 1 at 1.5 s: the first section's bar lines move there, its start the one nearest 0 s (the bars keep their numbers).
  assert.equal(setDownbeat(grid, 1.5).offset, -0.5);
  assert.deepEqual(setSectionBpm(grid, 4.5, 90).sections, [{ time: 4, bpm: 90 }]);
  assert.deepEqual(shiftHalfBeat(grid, 5).sections, [{ time: 4.5, bpm: 60 }]);
  assert.equal(shiftHalfBeat(grid, 1).offset, 0.25);
});

test("Beat 1 here and + Section act on the selected hit, else the playhead snapped as the author chose", () => {
  const onsets = [4.23, 5.02];
  // A tempo change heard at 12.25 s: with the hit there selected, the section starts on it, not on a beat line of the
  // section before (12.523 s).
  const plain = { bpm: 88, offset: 0.2, beatsPerBar: 4 };
  const at = tempoTarget({ selected: 12.25, playhead: 12.4, mode: "off", grid: plain });
  assert.deepEqual(at, { time: 12.25, what: "the selected hit" });
  const added = addSection(plain, at.time, { exact: true });
  assert.deepEqual(added.sections, [{ time: 12.25, bpm: 88 }]);
  assert.equal(addSection(added, 12.25, { exact: true }), added); // already there
  // No selection: the nearest onset, the nearest line at the snap, or the nearest beat line.
  assert.equal(tempoTarget({ playhead: 4.3, mode: "onset", grid, onsets }).time, 4.23);
  assert.ok(near(tempoTarget({ playhead: 4.3, mode: "4", grid }).time, 4.25));
  assert.ok(near(tempoTarget({ playhead: 4.3, mode: "off", grid }).time, 4));
  assert.equal(tempoTarget({ playhead: 4.3 }).time, 4.3);
  // + Section with Snap off: a new song starts on its first sound, off the old grid. 120 BPM: a beat is 0.5 s.
  const section = (playhead, at) => tempoTarget({ playhead, mode: "off", grid, onsets: at, onsetFirst: true });
  assert.deepEqual(section(2.2, [1.5, 2.13, 3]), { time: 2.13, what: "the onset nearest the playhead" });
  // An onset 10 ms after a beat line (under 1/16 beat, 31.25 ms): a change within the song, on its beat.
  assert.deepEqual(section(2.2, [2.01]), { time: 2, what: "the beat line at the onset nearest the playhead" });
  assert.deepEqual(section(2.26, [2.02]), { time: 2, what: "the beat line at the onset nearest the playhead" }); // not 2.5
  // No onset within half a beat (0.25 s): the nearest beat line, as without it; so for Beat 1 here and another Snap.
  assert.deepEqual(section(2.2, [2.6]), { time: 2, what: "the beat line nearest the playhead" });
  assert.equal(tempoTarget({ playhead: 2.2, mode: "off", grid, onsets: [2.13] }).time, 2);
  assert.ok(near(tempoTarget({ playhead: 2.2, mode: "4", grid, onsets: [2.13], onsetFirst: true }).time, 2.25));
  // Setting beat 1 at the selected hit moves that section's start exactly there.
  assert.deepEqual(setDownbeat(grid, tempoTarget({ selected: 4.5, playhead: 9, grid }).time).sections, [{ time: 4.5, bpm: 60 }]);
});

test("Beat 1 here keeps the bars' numbers: the section's start moves to the bar line nearest where it was", () => {
  // A 180 BPM chart from 0.028 s whose grid was moved 60 ms late; Beat 1 here on its downbeat hit at 5.361 s (bar 5) puts
  // the grid back from 0.028 s, not from 5.361 s with the bars renumbered −3 to 1.
  const moved = { bpm: 180, offset: 0.088, beatsPerBar: 4 };
  const downbeat = 0.028 + 16 * 60 / 180; // 5.361 s
  const fixed = setDownbeat(moved, downbeat);
  assert.ok(near(fixed.offset, 0.028), fixed.offset);
  assert.equal(barNumber(downbeat, fixed), 5);
  // A later section keeps its bar count too, and never passes the section before it.
  const two = { bpm: 120, offset: 0, beatsPerBar: 4, sections: [{ time: 10, bpm: 120 }] };
  assert.deepEqual(setDownbeat(two, 18.25).sections, [{ time: 10.25, bpm: 120 }]);
  const close = { bpm: 120, offset: 0, beatsPerBar: 4, sections: [{ time: 1.8, bpm: 60 }, { time: 2, bpm: 60 }] };
  assert.deepEqual(setDownbeat(close, 5.5).sections, [{ time: 1.8, bpm: 60 }, { time: 5.5, bpm: 60 }]); // 1.5 s is before 1.8 s
});

test("a tempo is set at the precision it was shown", () => {
  assert.equal(shownTempo(87.99612, 1), 88);
  assert.equal(shownTempo(145.0333, 1), 145);
  assert.equal(shownTempo(87.99612, 3), 87.996);
});

test("sectionRows lists every section with its bar, those after the track's end marked", () => {
  // 120 BPM from 0 s, 60 BPM from 4 s (bar 3), 90 BPM from 100 s: past a 30 s track.
  const g = { ...grid, sections: [{ time: 4, bpm: 60 }, { time: 100, bpm: 90 }] };
  assert.deepEqual(sectionRows(g, 30), [
    { number: 1, time: 0, bpm: 120, bar: 1, pastEnd: false },
    { number: 2, time: 4, bpm: 60, bar: 3, pastEnd: false },
    // 96 s at 60 BPM is 96 beats, 24 bars after bar 3.
    { number: 3, time: 100, bpm: 90, bar: 27, pastEnd: true },
  ]);
  assert.equal(sectionRows(g, Infinity)[2].pastEnd, false);
});

test("sectionStretch is the audio a section covers: the first from the start, the last to the track's end", () => {
  // 88 BPM from 0.25 s, then 95 BPM from 12.0 s, a 20 s track; a third section at 25 s lies after its end.
  const grid = { bpm: 88, offset: 0.25, sections: [{ time: 12, bpm: 95 }] };
  assert.deepEqual(sectionStretch(grid, 3, 20), { index: 0, from: 0, to: 12 });
  assert.deepEqual(sectionStretch(grid, 0.1, 20), { index: 0, from: 0, to: 12 }); // before the first line: still the first
  assert.deepEqual(sectionStretch(grid, 12, 20), { index: 1, from: 12, to: 20 });
  assert.deepEqual(sectionStretch(grid, 19.9, 20), { index: 1, from: 12, to: 20 });
  const past = { ...grid, sections: [...grid.sections, { time: 25, bpm: 120 }] };
  assert.deepEqual(sectionStretch(past, 13, 20), { index: 1, from: 12, to: 20 });
  assert.equal(sectionStretch(past, 26, 20), null);
  assert.deepEqual(sectionStretch({ bpm: 120, offset: 0 }, 5, 8), { index: 0, from: 0, to: 8 });
});

test("barNumber counts bars through a tempo change mid-bar, as formatPosition does", () => {
  // 88 BPM from 0.25 s (a bar is 4 × 60/88 s), then 95 BPM from 12.251 s: bar 5 starts at 0.25 + 16 × 60/88 = 11.159 s
  // and is cut short by the change, which starts bar 6; bar 7 is four beats of 95 later.
  const grid = { bpm: 88, offset: 0.25, sections: [{ time: 12.251, bpm: 95 }] };
  assert.equal(barNumber(0.25, grid), 1);
  assert.equal(barNumber(0.25 + 16 * 60 / 88, grid), 5);
  assert.equal(barNumber(12.251, grid), 6);
  assert.equal(barNumber(12.251 + 4 * 60 / 95, grid), 7);
  assert.equal(formatPosition(12.251, grid, 1), "6:1");
  assert.equal(formatPosition(12.251 + 4 * 60 / 95, grid, 1), "7:1");
});

test("a hit a hair before a fitted section's start is that section's first beat", () => {
  // A fitted grid: 150 BPM from 0.2 s, then 210 BPM from 40.00000013 s; a hit at 40.0 s starts the second section.
  const fitted = { bpm: 150, offset: 0.2, beatsPerBar: 4, sections: [{ time: 40.00000013, bpm: 210 }] };
  const second = sectionsOf(fitted)[1];
  assert.equal(sectionAt(fitted, 40).index, 1);
  assert.equal(sectionAt(fitted, 40).bpm, 210);
  assert.equal(formatPosition(40, fitted), `${second.firstBar}:1`);
  assert.equal(barNumber(40, fitted), second.firstBar);
  // "+ Section" on that hit finds the section already there; a setting of its BPM sets the second section's.
  assert.equal(addSection(fitted, 40, { exact: true }), fitted);
  assert.deepEqual(setSectionBpm(fitted, 40, 200).sections, [{ time: 40.00000013, bpm: 200 }]);
  assert.equal(setSectionBpm(fitted, 40, 200).bpm, 150);
  // A millisecond before is still the first section's.
  assert.equal(sectionAt(fitted, 39.999).index, 0);
});
