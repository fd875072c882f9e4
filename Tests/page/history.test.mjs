// The editor page's undo history (Sources/BrowserPages/Page/js/history.js). Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { History } from "../../Sources/BrowserPages/Page/js/history.js";

test("History undoes and redoes whole lists, and an edit clears the redo", () => {
  const h = new History(2);
  assert.equal(h.undo([1]), null);
  h.record([1]); // then the list became [1, 2]
  h.record([1, 2]); // then [1, 2, 3]
  assert.deepEqual(h.undo([1, 2, 3]), [1, 2]);
  assert.deepEqual(h.redo([1, 2]), [1, 2, 3]);
  assert.deepEqual(h.undo([1, 2, 3]), [1, 2]);
  h.record([1, 2]); // a new edit
  assert.equal(h.redo([9]), null);
  h.record([7]); // the limit of 2 drops the oldest
  assert.deepEqual(h.undo([8]), [7]);
  assert.deepEqual(h.undo([7]), [1, 2]);
  assert.equal(h.undo([1, 2]), null);
});

test("History keeps snapshots of the beats and the grid, copied, so a grid edit undoes too", () => {
  const h = new History();
  const grid = { bpm: 120, offset: 0, sections: [] };
  h.record({ beats: [1, 2], grid });
  grid.bpm = 240; // the page's own object changes later: the history keeps what it was
  const back = h.undo({ beats: [1, 2], grid });
  assert.deepEqual(back, { beats: [1, 2], grid: { bpm: 120, offset: 0, sections: [] } });
  assert.deepEqual(h.redo(back).grid.bpm, 240);
});

test("History passes over a step that would change nothing: an edit the server refused leaves no empty undo", () => {
  const h = new History();
  const grid = { bpm: 120, offset: 0, sections: [] };
  h.record({ beats: [1], grid }); // then a hit was added
  h.record({ beats: [1, 2], grid }); // then an offset of 1e12 s was typed, refused, and the page went back to this grid
  // The same content with its keys in another order (the server's grid) is the same snapshot.
  const now = { grid: { sections: [], offset: 0, bpm: 120 }, beats: [1, 2] };
  assert.deepEqual(h.undo(now), { beats: [1], grid });
  assert.deepEqual(h.redo({ beats: [1], grid }).beats, [1, 2]);
  assert.equal(h.redo(now), null);
  // Only steps equal to the present are passed over, never a real change.
  h.record({ beats: [1, 2], grid: { ...grid, bpm: 60 } });
  assert.deepEqual(h.undo(now).grid.bpm, 60);
});
