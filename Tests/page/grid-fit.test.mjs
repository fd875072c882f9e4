// The editor's check that its grid fits the chart's hits (grid-fit.js), on hits written on a known grid.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bestShift, gridMisfit } from "../../Sources/BrowserPages/Page/js/grid-fit.js";

// A chart at 180 BPM from 0.028 s: per bar, hits on beats 1–4, the 8ths after 2 and 4, a 16th after 3 and a triplet.
const beat = 60 / 180;
const written = [];
for (let bar = 0; bar < 24; bar++) {
  for (const b of [0, 1, 1.5, 2, 2.25, 3, 3.5, 3 + 1 / 3]) written.push(0.028 + (bar * 4 + b) * beat);
}
written.sort((a, b) => a - b);
const near = (a, b, eps = 1e-6) => Math.abs(a - b) < eps;

test("the grid the hits were written on fits them: nothing to say", () => {
  assert.equal(gridMisfit({ bpm: 180, offset: 0.028, beatsPerBar: 4 }, written, [180, 90]), null);
});

test("a grid moved 60 ms late is found, and the fix moves it back 60 ms, not to the nearest 16th", () => {
  const late = { bpm: 180, offset: 0.088, beatsPerBar: 4 };
  const misfit = gridMisfit(late, written, [180, 90, 360]);
  assert.ok(misfit && misfit.count < written.length / 2, JSON.stringify(misfit));
  assert.equal(misfit.fix.bpm, null);
  assert.ok(near(misfit.fix.seconds, -0.060), misfit.fix.seconds);
  assert.ok(near(misfit.fix.grid.offset, 0.028), misfit.fix.grid.offset);
  assert.equal(misfit.fix.count, written.length);
});

test("a typed 175 BPM on a 180 BPM chart is found, and the track's 180 from the chart's own offset is the fix", () => {
  const typed = { bpm: 175, offset: 0.028, beatsPerBar: 4 };
  const misfit = gridMisfit(typed, written, [180, 90, 360]);
  assert.ok(misfit, "not found");
  assert.equal(misfit.fix.bpm, 180);
  assert.ok(near(misfit.fix.grid.offset, 0.028, 1e-4) || near((misfit.fix.grid.offset - 0.028) / beat % 4, 0, 1e-3), misfit.fix.grid.offset);
  assert.equal(misfit.fix.count, written.length);
  // Half the track's tempo puts every hit on a line too, but the candidates come strongest first and the first wins a tie.
  assert.equal(gridMisfit(typed, written, [180, 90]).fix.bpm, 180);
  // Without a tempo candidate there is no fix to offer, so nothing is said.
  assert.equal(gridMisfit(typed, written, []), null);
});

test("hits that are on no grid (a tap-along) say nothing; too few say nothing", () => {
  let seed = 7;
  const tapped = written.map((t) => { seed = (seed * 1103515245 + 12345) % 2147483648; return t + (seed / 2147483648 - 0.5) * 0.04; });
  assert.equal(gridMisfit({ bpm: 180, offset: 0.028, beatsPerBar: 4 }, tapped, [180]), null);
  assert.equal(gridMisfit({ bpm: 180, offset: 0.088, beatsPerBar: 4 }, written.slice(0, 10), [180]), null);
});

test("the shift keeps within half a beat and prefers the beats", () => {
  const s = bestShift({ bpm: 180, offset: 0.028 + beat / 4, beatsPerBar: 4 }, written);
  assert.ok(near(s.seconds, -beat / 4), s.seconds);
});

test("a section started off its song's beats is found and its start moved back, the other section kept", () => {
  // Two songs joined: 88 BPM from 0.2 s to 12.252 s, then 95 BPM from 12.252 s; the second section put at 12.523 s.
  const hits = [];
  for (let k = 0; 0.2 + k * 60 / 88 < 12.2; k++) hits.push(0.2 + k * 60 / 88);
  // The second song's hits: each beat, and the 8th after every fourth (a chart has more on its beats than between).
  for (let k = 0; k < 32; k++) hits.push(12.252 + k * 60 / 95, ...(k % 4 === 3 ? [12.252 + (k + 0.5) * 60 / 95] : []));
  const grid = { bpm: 88, offset: 0.2, beatsPerBar: 4, sections: [{ time: 12.523, bpm: 95 }] };
  const misfit = gridMisfit(grid, hits, [88]);
  assert.equal(misfit.section, 2);
  assert.ok(near(misfit.fix.grid.sections[0].time, 12.252, 1e-4), JSON.stringify(misfit.fix.grid));
  assert.equal(misfit.fix.grid.offset, 0.2);
  assert.equal(misfit.fix.count, misfit.total); // every hit the section held (the first, at 12.252 s, lay before it)
  // Put right, nothing to say.
  assert.equal(gridMisfit(misfit.fix.grid, hits, [88]), null);
});

test("a grid moved onto the hits' 16ths (a quarter beat, or 20 ms at 180 BPM) is found by its beats", () => {
  for (const late of [beat / 4, 0.020, beat / 3]) {
    const moved = { bpm: 180, offset: 0.028 + late, beatsPerBar: 4 };
    const misfit = gridMisfit(moved, written, [180]);
    assert.ok(misfit && misfit.beats, `moved ${late}: ${JSON.stringify(misfit && misfit.beats)}`);
    assert.ok(near(misfit.fix.grid.offset, 0.028, 1e-4), `moved ${late}: fixed to ${misfit.fix.grid.offset}`);
    assert.equal(misfit.beats.fixed, 24 * 4); // the four beats of each bar
    assert.ok(misfit.beats.now < misfit.beats.fixed / 2);
  }
  // Half a beat: the hits on the beats and on the 8ths trade places; the audio judges that one (grid_phase), not this.
  assert.equal(gridMisfit({ bpm: 180, offset: 0.028 + beat / 2, beatsPerBar: 4 }, written, [180]), null);
});
