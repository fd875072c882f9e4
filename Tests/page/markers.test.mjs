// The editor's markers, against lists and labels worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { withMarker, withoutMarker, clock, markerLabel } from "../../Sources/BrowserPages/Page/js/markers.js";

test("withMarker adds a named range in order, and refuses an empty name or range", () => {
  const one = withMarker([], "  chorus ", 30, 12);
  assert.deepEqual(one, [{ name: "chorus", from: 12, to: 30 }]);
  assert.deepEqual(withMarker(one, "intro", 0, 8).map((m) => m.name), ["intro", "chorus"]);
  assert.equal(withMarker(one, " ", 0, 8), null);
  assert.equal(withMarker(one, "x", 5, 5), null);
  assert.equal(withMarker(one, "x", NaN, 5), null);
  assert.deepEqual(withoutMarker([{ name: "a" }, { name: "b" }], 0), [{ name: "b" }]);
});

test("labels read as minutes and seconds", () => {
  assert.equal(clock(42), "42.0");
  assert.equal(clock(87.46), "1:27.5");
  assert.equal(clock(60), "1:00.0");
  assert.equal(markerLabel({ name: "rhythm section", from: 42, to: 87.5 }), "rhythm section 42.0–1:27.5");
});
