// The editor's draft proposals, against lists worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { draftRange, acceptRange, dropRange, proposedNear, draftQuery } from "../../Sources/BrowserPages/Page/js/draft.js";

test("the range is the selection, clamped to the track, else the whole track", () => {
  assert.deepEqual(draftRange([2, 5], 10), [2, 5]);
  assert.deepEqual(draftRange([-1, 12], 10), [0, 10]);
  assert.deepEqual(draftRange(null, 10), [0, 10]);
  assert.deepEqual(draftRange([3, 3], 10), [0, 10]);
});

test("accepting adds the proposed hits in the range, in order, never twice", () => {
  assert.deepEqual(acceptRange([1, 3], [0.5, 2, 3.0004, 4]), [0.5, 1, 2, 3, 4]);
  assert.deepEqual(acceptRange([1, 3], [0.5, 2, 4], 1.5, 3.5), [1, 2, 3]);
  assert.deepEqual(dropRange([0.5, 2, 4], 1.5, 3.5), [0.5, 4]);
  assert.deepEqual(dropRange([0.5, 2, 4]), []);
});

test("the proposed hit under the pointer is the nearest within the tolerance", () => {
  assert.equal(proposedNear([1, 1.1, 2], 1.06, 0.05), 1);
  assert.equal(proposedNear([1, 2], 1.5, 0.05), -1);
  assert.equal(draftQuery(1, 2.5, 3), "/api/draft?from=1.000&to=2.500&density=3");
});
