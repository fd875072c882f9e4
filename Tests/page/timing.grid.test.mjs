// The editor page's tempo grid: lines by kind, snapping to a divisor, tempo fixes, tap tempo. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { markedLines, sameGrid, setDownbeat, snapToGrid, scaleTempo, shiftGrid, shiftMovesGrid, shiftHalfBeat, tapTempo, hitsFromGrid, octaveFix } from "../../Sources/BrowserPages/Page/js/timing.js";

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

test("markedLines marks bars, beats and subdivisions", () => {
  // 120 BPM from 0.5 s, 4 beats a bar, halves: a line every 0.25 s; bars at 0.5 and 2.5 s.
  const lines = markedLines({ bpm: 120, offset: 0.5, beatsPerBar: 4 }, 0.5, 3, 2);
  assert.equal(lines.length, 10);
  assert.deepEqual(lines.filter((l) => l.kind === "bar").map((l) => l.time), [0.5, 2.5]);
  assert.deepEqual(lines.filter((l) => l.kind === "beat").map((l) => l.time), [1, 1.5, 2]);
  assert.equal(lines.filter((l) => l.kind === "sub").length, 5);
  // Before the offset too: -1.5 s is a bar (4 beats earlier than 0.5 s).
  assert.equal(markedLines({ bpm: 120, offset: 0.5 }, -1.6, -1.4)[0].kind, "bar");
});

test("snapToGrid goes to the nearest line of the divisor", () => {
  const grid = { bpm: 120, offset: 0 }; // a beat every 0.5 s
  close(snapToGrid(0.3, grid, 1), 0.5);
  close(snapToGrid(0.3, grid, 4), 0.25); // quarters of a beat: every 0.125 s
  close(snapToGrid(0.3, grid, 3), 1 / 3); // thirds: every 1/6 s
});

test("scaleTempo keeps the grid's phase wherever the playhead is", () => {
  const grid = { bpm: 88, offset: 0.2 };
  const doubled = scaleTempo(grid, 2, 5.0);
  close(doubled.bpm, 176);
  close(doubled.offset, 0.2); // the bar line stays: every old line is still a line
  close(scaleTempo(grid, 2 / 3).bpm, 88 * 2 / 3);
  // The half-beat trap: ×2, then ÷2 with the playhead on an off-beat (half a beat after beat 7), gave a grid half a
  // beat away with renumbered bars. Now it gives the grid back.
  const offBeat = 0.2 + 7.5 * 60 / 88;
  const back = scaleTempo(scaleTempo(grid, 2, offBeat), 1 / 2, offBeat);
  close(back.bpm, 88);
  close(back.offset, 0.2);
});

test("shiftGrid moves every line, sections too, so hits moved with it keep their places", () => {
  // 120 BPM from 0.5 s, then 150 BPM from 4.5 s (beat 8); moved 0.039 s later, as the offset finding's apply does.
  const grid = { bpm: 120, offset: 0.5, beatsPerBar: 4, sections: [{ time: 4.5, bpm: 150 }] };
  const moved = shiftGrid(grid, 0.039);
  close(moved.offset, 0.539);
  close(moved.sections[0].time, 4.539);
  assert.equal(moved.sections[0].bpm, 150);
  assert.equal(moved.beatsPerBar, 4);
  // A hit on beat 10 (4.5 + 2 × 0.4 = 5.3 s), moved by the same 0.039 s, is still on a beat line of the moved grid.
  const lines = markedLines(moved, 5.0, 6.0, 1).map((l) => l.time);
  assert.ok(lines.some((t) => Math.abs(t - 5.339) < 1e-9), `${lines}`);
  assert.equal(grid.offset, 0.5); // the grid given is left as it was
});

test("shiftMovesGrid: a chart whose offset is off moves with its grid; hits moved off a right grid go back alone", () => {
  // 78 BPM from 6.125 s (Lollipop's timing point); hits on its 1/4 lines.
  const grid = { bpm: 78, offset: 6.125 };
  const onGrid = [0, 1, 2, 3, 5, 6, 9, 12, 13, 14].map((k) => 6.125 + k * (60 / 78) / 4);
  // The offset finding says the map is 39 ms early: the hits move +39 ms, the grid with them (a 1/16 beat is 48 ms,
  // so alone they would leave every line).
  assert.equal(shiftMovesGrid(grid, onGrid, 0.039), true);
  // The same hits moved 40 ms off the grid, then shifted back: the grid stays.
  const off = onGrid.map((t) => t + 0.040);
  assert.equal(shiftMovesGrid(grid, off, -0.040), false);
});

test("shiftHalfBeat moves the grid by half a beat", () => {
  close(shiftHalfBeat({ bpm: 120, offset: 1 }).offset, 1.25);
});

test("tapTempo fits the taps and reports their spread", () => {
  const taps = [0, 0.5, 1.0, 1.5, 2.0, 2.5];
  const r = tapTempo(taps);
  close(r.bpm, 120, 1e-6);
  close(r.spreadMs, 0, 1e-6);
  const uneven = tapTempo([0, 0.49, 1.01, 1.5, 2.0]);
  assert.ok(Math.abs(uneven.bpm - 120) < 2 && uneven.spreadMs > 5);
  assert.equal(tapTempo([0, 0.5, 1]), null);
});

test("parsePosition reads seconds and bar:beat:k/d on the grid", async () => {
  const { parsePosition, formatPosition } = await import("../../Sources/BrowserPages/Page/js/timing.js");
  const grid = { bpm: 120, offset: 1, beatsPerBar: 4 }; // a beat every 0.5 s, bar 1 at 1 s
  assert.equal(parsePosition("12.5", grid), 12.5);
  assert.equal(parsePosition(" 3.25 s ", grid), 3.25);
  close(parsePosition("1:1", grid), 1);
  close(parsePosition("2:3", grid), 1 + (4 + 2) * 0.5); // 4 s
  close(parsePosition("2:3:1/4", grid), 4.125);
  assert.equal(parsePosition("2:5", grid), null); // no beat 5 in a bar of 4
  assert.equal(parsePosition("2:3:4/4", grid), null);
  assert.equal(parsePosition("2:3", null), null);
  assert.equal(parsePosition("soon", grid), null);
  assert.equal(formatPosition(4.125, grid), "2:3:1/4");
  assert.equal(formatPosition(4, grid), "2:3");
  assert.equal(formatPosition(1, grid), "1:1");
});

test("metronomeTicks ticks every beat, accented on the bar", async () => {
  const { metronomeTicks } = await import("../../Sources/BrowserPages/Page/js/timing.js");
  const ticks = metronomeTicks({ bpm: 120, offset: 0.5, beatsPerBar: 3 }, 0.5, 3.5);
  assert.deepEqual(ticks.map((t) => t.time), [0.5, 1, 1.5, 2, 2.5, 3]);
  assert.deepEqual(ticks.map((t) => t.accent), [true, false, false, true, false, false]);
});

test("hitsFromGrid: a draft at half tempo, doubled, gives a hit on every beat over the draft's span", () => {
  const draft = [1, 2, 3, 4]; // 60 BPM from 1 s: the music is at 120
  const doubled = scaleTempo({ bpm: 60, offset: 1 }, 2, 1);
  const hits = hitsFromGrid(doubled, draft, 0, 10);
  assert.deepEqual(hits.map((t) => Math.round(t * 1000) / 1000), [1, 1.5, 2, 2.5, 3, 3.5, 4]);
  // No hits yet: the whole span given, one hit a beat.
  assert.deepEqual(hitsFromGrid({ bpm: 120, offset: 0.25 }, [], 0, 1.5), [0.25, 0.75, 1.25]);
});

test("octaveFix puts a beat list at half or double the track's pulse on the track's beats", () => {
  // The track: a beat every 0.5 s from 0.3 s (120 BPM).
  const track = Array.from({ length: 16 }, (_, k) => 0.3 + 0.5 * k);
  // At half the pulse: every other beat, on a 60 BPM grid. ×2 gives every beat from the first hit to the last.
  const half = track.filter((_, k) => k % 2 === 0);
  const a = octaveFix({ bpm: 60, offset: 0.3 }, half, "half", 0.3, 10);
  close(a.grid.bpm, 120);
  assert.equal(a.hits.length, 15);
  a.hits.forEach((t, k) => close(t, track[k]));
  // At double the pulse, the beats whose onsets are strong being the odd ones (from 0.3 s; the list starts half a beat
  // earlier, at 0.05 s): ÷2 keeps the track's beats, not the off-beats.
  const double = Array.from({ length: 30 }, (_, k) => 0.05 + 0.25 * k);
  const b = octaveFix({ bpm: 240, offset: 0.05 }, double, "double", 0.3, 10);
  close(b.grid.bpm, 120);
  assert.ok(b.hits.length >= 14 && b.hits.length <= 15, `${b.hits.length}`);
  b.hits.forEach((t) => assert.ok(track.some((x) => Math.abs(x - t) < 1e-9), `${t} is not a beat of the track`));
  // The even ones strong: the grid keeps its phase.
  const c = octaveFix({ bpm: 240, offset: 0.05 }, double, "double", 0.05, 10);
  c.hits.forEach((t, k) => close(t, 0.05 + 0.5 * k));
});

test("Beat 1 here on a bar line already leaves the grid the same, to the nanosecond", () => {
  const grid = { bpm: 88, offset: 0.29, beatsPerBar: 4, sections: [] };
  // Bar 2's line, 4 beats on: beat 1 there is the grid as it was (its offset 0.29000000000000004 after the arithmetic).
  assert.ok(sameGrid(setDownbeat(grid, 0.29 + 4 * 60 / 88), grid));
  assert.ok(sameGrid({ ...grid, offset: 0.29000000000000004 }, grid));
  // Beat 2 of bar 1: the bar lines move a beat.
  assert.ok(!sameGrid(setDownbeat(grid, 0.29 + 60 / 88), grid));
  assert.ok(!sameGrid({ ...grid, offset: 0.291 }, grid));
});
