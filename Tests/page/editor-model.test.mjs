// The editor page's model (Sources/BrowserPages/Page/js/editor-model.js), run by node --test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clearError, m, serverError, setError, snapshot, ticket } from "../../Sources/BrowserPages/Page/js/editor-model.js";

test("a refusal stays until a request made after it succeeds", () => {
  const before = ticket(); // an edit sent before the refusal came
  setError("Grid not changed: a tempo must be 1 to 10000 BPM");
  clearError(before); // its answer arrives after the refusal: the refusal stays
  assert.equal(serverError(), "Grid not changed: a tempo must be 1 to 10000 BPM");
  const after = ticket(); // an edit made after the refusal
  clearError(after);
  assert.equal(serverError(), null);
});

test("an undo step holds a copy of the beats and the grid as they were", () => {
  m.beats = [1, 2, 3];
  m.grid = { bpm: 120, offset: 0.5 };
  const step = snapshot();
  m.beats.push(4);
  assert.deepEqual(step.beats, [1, 2, 3]);
  assert.deepEqual(step.grid, { bpm: 120, offset: 0.5 });
});
