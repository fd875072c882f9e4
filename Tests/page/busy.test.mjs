// The page's busy sign, against timed promises. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { busyWhile } from "../../Sources/BrowserPages/Page/js/busy.js";

const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));

test("a request answered quickly never marks the page busy", async () => {
  const marks = [];
  assert.equal(await busyWhile(() => later(5, "done"), (on) => marks.push(on), 200), "done");
  assert.deepEqual(marks.filter(Boolean), []);
});

test("a slow request marks it busy after the delay, and clears it when the last one ends, failed or not", async () => {
  const marks = [];
  const mark = (on) => marks.push(on);
  const slow = busyWhile(() => later(120, 1), mark, 30);
  const failing = busyWhile(() => later(60).then(() => { throw new Error("refused"); }), mark, 30);
  await assert.rejects(failing, /refused/);
  // One still in flight: busy, not cleared.
  assert.equal(marks.includes(true), true);
  assert.equal(marks[marks.length - 1], true);
  await slow;
  assert.equal(marks[marks.length - 1], false);
});
