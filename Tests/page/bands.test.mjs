// The waveform's band colours, against colours worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { PLAIN, bandColour, columnColour } from "../../Sources/BrowserPages/Page/js/bands.js";

test("each band has its colour, in proportion to the strongest", () => {
  assert.equal(bandColour(0.8, 0, 0), "rgb(255,0,0)"); // a kick
  assert.equal(bandColour(0, 0.3, 0), "rgb(0,255,0)"); // a voice
  assert.equal(bandColour(0, 0, 0.1), "rgb(0,0,255)"); // a hat
  assert.equal(bandColour(0.5, 0.5, 0.5), "rgb(255,255,255)"); // a full mix
  assert.equal(bandColour(0.4, 0.2, 0.1), "rgb(255,128,64)"); // 0.2/0.4 × 255 = 127.5 → 128
});

test("silence and nonsense draw the plain colour, not a black or NaN one", () => {
  assert.equal(bandColour(0, 0, 0), PLAIN);
  assert.equal(bandColour(NaN, -1, Infinity), PLAIN);
  assert.equal(bandColour(NaN, 0.2, 0), "rgb(0,255,0)");
});

test("columnColour reads the envelope's arrays, and falls back without them", () => {
  const env = { low: [1, 0], mid: [0, 0], high: [0, 1] };
  assert.equal(columnColour(env, 0, "x"), "rgb(255,0,0)");
  assert.equal(columnColour(env, 1, "x"), "rgb(0,0,255)");
  assert.equal(columnColour(env, 2, "x"), "x");
  assert.equal(columnColour({ min: [0] }, 0, "x"), "x");
  assert.equal(columnColour(null, 0, "x"), "x");
});
