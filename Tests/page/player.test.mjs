import { test } from "node:test";
import assert from "node:assert/strict";
import { playhead } from "../../Sources/BrowserPages/Page/js/player.js";

test("the playhead runs at the rate from the start's offset", () => {
  assert.equal(playhead(2, 1, 1), 3);
  assert.equal(playhead(2, 1, 0.5), 2);
  // Before the start (a source scheduled a little ahead) it stays at the offset.
  assert.equal(playhead(-0.02, 1.5, 1), 1.5);
});

test("a loop wraps back to its start at its end, as a looping source does", () => {
  // A loop over [1, 3] started at 1: 2.5 s later it is at 1.5 (1 + 2.5 wraps once); 4 s later back at 1.
  assert.equal(playhead(2.5, 1, 1, [1, 3]), 1.5);
  assert.equal(playhead(4, 1, 1, [1, 3]), 1);
  // At twice the rate it wraps twice as often: 1.25 s is 2.5 s of sound.
  assert.equal(playhead(1.25, 1, 2, [1, 3]), 1.5);
  // A whole-sound loop [0, length] started mid-way goes on from there (the crossfade audition's switch).
  assert.ok(Math.abs(playhead(0.7, 1.6, 1, [0, 2]) - 0.3) < 1e-12);
});

test("an empty or reversed loop plays straight on", () => {
  assert.equal(playhead(5, 0, 1, [2, 2]), 5);
  assert.equal(playhead(5, 0, 1, [3, 1]), 5);
});

test("a switch takes up the loop where it is, however many times it has gone round, and a chain of them keeps its place", () => {
  // A 10 s loop started (position 0) at context time 2: at 5.5 it is 3.5 s in; at 27.25 it has gone round twice.
  assert.equal(playhead(5.5 - 2, 0, 1, [0, 10]), 3.5);
  assert.equal(playhead(27.25 - 2, 0, 1, [0, 10]), 5.25);
  // Each switch restarts the loop at the position reached, from the switch's time: the position keeps running.
  let startedAt = 1, offset = 0;
  const length = 12.5;
  for (const when of [2.25, 9.75, 18.125, 40]) {
    offset = playhead(when - startedAt, offset, 1, [0, length]);
    startedAt = when;
    assert.ok(Math.abs(((when - 1) % length) - offset) < 1e-9, `at ${when}`);
  }
});
