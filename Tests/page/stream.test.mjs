// The editor's streaming playback maths, against values worked out by hand. Run: node --test Tests/page
import { test } from "node:test";
import assert from "node:assert/strict";
import { HEADER_BYTES, parseHeader, trackShape, pieceFrames, pieceAt, byteRange, deinterleave, pieceSchedule } from "../../Sources/BrowserPages/Page/js/stream.js";

test("trackShape reads the frames from the WAV's size, and refuses nonsense", () => {
  // 10 s of 44.1 kHz stereo: 441,000 frames of 4 bytes after the header.
  const s = trackShape(44 + 441000 * 4, 2, 44100);
  assert.deepEqual(s, { frames: 441000, channels: 2, sampleRate: 44100, duration: 10 });
  assert.equal(trackShape(40, 2, 44100), null);
  assert.equal(trackShape(1000, 0, 44100), null);
  assert.equal(trackShape(1000, 1, 0), null);
});

test("pieces tile the track without gap or overlap, the last one short", () => {
  const s = trackShape(44 + 25 * 8000 * 2, 1, 8000); // 25 s mono at 8 kHz
  assert.deepEqual(pieceFrames(0, s), [0, 80000]);
  assert.deepEqual(pieceFrames(1, s), [80000, 160000]);
  assert.deepEqual(pieceFrames(2, s), [160000, 200000]);
  assert.equal(pieceFrames(3, s), null);
  assert.equal(pieceFrames(-1, s), null);
  assert.equal(pieceAt(0, s), 0);
  assert.equal(pieceAt(9.9999, s), 0);
  assert.equal(pieceAt(10, s), 1);
  assert.equal(pieceAt(24.99, s), 2);
  assert.equal(pieceAt(99, s), 2); // past the end: the last piece
  assert.equal(pieceAt(-3, s), 0);
});

test("byteRange covers exactly the frames asked for, after the header", () => {
  assert.equal(HEADER_BYTES, 44);
  assert.equal(byteRange(0, 10, 2), "bytes=44-83"); // 10 frames of 4 bytes
  assert.equal(byteRange(100, 101, 1), "bytes=244-245");
});

test("deinterleave splits 16-bit little-endian frames into channels", () => {
  // Two stereo frames: (1, -1) then (16384, -32768).
  const bytes = new Uint8Array([1, 0, 0xff, 0xff, 0x00, 0x40, 0x00, 0x80]);
  const [l, r] = deinterleave(bytes, 2);
  assert.deepEqual(Array.from(l), [1 / 32768, 0.5]);
  assert.deepEqual(Array.from(r), [-1 / 32768, -1]);
  // A view into a larger buffer is read from its own offset.
  const big = new Uint8Array(10); big.set(bytes, 2);
  assert.deepEqual(Array.from(deinterleave(big.subarray(2), 2)[0]), [1 / 32768, 0.5]);
});

test("pieceSchedule starts a piece on the clock where the playback reaches it", () => {
  const play = { startedAt: 100, startOffset: 5, rate: 1 };
  // Started 5 s into the track at clock 100: the piece from 10 s starts at clock 105, from its beginning.
  assert.deepEqual(pieceSchedule(10, play, 101), { when: 105, offset: 0 });
  // The piece that holds the start begins when the playback does (the clock not there yet), 5 s into it.
  assert.deepEqual(pieceSchedule(0, play, 99.95), { when: 100, offset: 5 });
  // At half speed a track second lasts two clock seconds.
  assert.deepEqual(pieceSchedule(10, { ...play, rate: 0.5 }, 101), { when: 110, offset: 0 });
  // Arriving late (clock 105.5 for a piece due at 105): it starts now, half a second in.
  assert.deepEqual(pieceSchedule(10, play, 105.5), { when: 105.5, offset: 0.5 });
});

test("parseHeader reads the server's canonical header, and refuses any other", () => {
  // The header WAVStream writes for 2 s of 48 kHz stereo, built by hand.
  const h = new Uint8Array(44), v = new DataView(h.buffer);
  const put = (at, text) => [...text].forEach((ch, i) => (h[at + i] = ch.charCodeAt(0)));
  put(0, "RIFF"); v.setUint32(4, 36 + 384000, true); put(8, "WAVE"); put(12, "fmt "); v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); v.setUint16(22, 2, true); v.setUint32(24, 48000, true); v.setUint32(28, 192000, true);
  v.setUint16(32, 4, true); v.setUint16(34, 16, true); put(36, "data"); v.setUint32(40, 384000, true);
  assert.deepEqual(parseHeader(h), { frames: 96000, channels: 2, sampleRate: 48000, duration: 2 });
  const float = h.slice(); new DataView(float.buffer).setUint16(20, 3, true);
  assert.equal(parseHeader(float), null); // not PCM
  const wide = h.slice(); new DataView(wide.buffer).setUint16(34, 24, true);
  assert.equal(parseHeader(wide), null); // not 16-bit
  assert.equal(parseHeader(h.subarray(0, 40)), null);
  const other = h.slice(); other[0] = 0x58;
  assert.equal(parseHeader(other), null);
});
