// The maths of playing a long track in pieces: which bytes of the server's 16-bit PCM WAV hold a stretch of frames,
// how those bytes become per-channel samples, and when each piece starts on the audio clock. Pure: no Web Audio here.

/** The WAV the server sends has a canonical 44-byte header, then interleaved 16-bit little-endian frames. */
export const HEADER_BYTES = 44;

/** Seconds of track in one piece: a few pieces are held at once, so memory does not grow with the track. */
export const PIECE_SECONDS = 10;

/** The track's shape from the total byte count of its WAV (`Content-Range: bytes a-b/TOTAL`). */
export function trackShape(totalBytes, channels, sampleRate) {
  if (!(channels >= 1) || !(sampleRate > 0) || !(totalBytes >= HEADER_BYTES)) return null;
  const frames = Math.floor((totalBytes - HEADER_BYTES) / (2 * channels));
  return { frames, channels, sampleRate, duration: frames / sampleRate };
}

/**
 * The track's shape from the server WAV's 44-byte header (`bytes`, a Uint8Array): `{ frames, channels, sampleRate,
 * duration }`, or null when it is not the canonical 16-bit PCM header the server writes.
 */
export function parseHeader(bytes) {
  if (!bytes || bytes.byteLength < HEADER_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const tag = (at) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE" || tag(12) !== "fmt " || tag(36) !== "data") return null;
  if (view.getUint16(20, true) !== 1 || view.getUint16(34, true) !== 16) return null;
  return trackShape(HEADER_BYTES + view.getUint32(40, true), view.getUint16(22, true), view.getUint32(24, true));
}

/** The frames of piece `k` ([first, end)), clamped to the track; null past its end. */
export function pieceFrames(k, shape, seconds = PIECE_SECONDS) {
  const size = Math.round(seconds * shape.sampleRate);
  const first = k * size;
  if (k < 0 || first >= shape.frames) return null;
  return [first, Math.min(shape.frames, first + size)];
}

/** The piece that holds track time `t` (seconds). */
export function pieceAt(t, shape, seconds = PIECE_SECONDS) {
  const size = Math.round(seconds * shape.sampleRate);
  const frame = Math.min(shape.frames - 1, Math.max(0, Math.floor(t * shape.sampleRate)));
  return Math.floor(frame / size);
}

/** The HTTP `Range` header value for frames [first, end) of the WAV. */
export function byteRange(first, end, channels) {
  const frameBytes = 2 * channels;
  return `bytes=${HEADER_BYTES + first * frameBytes}-${HEADER_BYTES + end * frameBytes - 1}`;
}

/** Interleaved 16-bit little-endian PCM (`bytes`, a Uint8Array) as one Float32Array per channel, in [-1, 1). */
export function deinterleave(bytes, channels) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames = Math.floor(bytes.byteLength / (2 * channels));
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels; c++) out[c][f] = view.getInt16(2 * (f * channels + c), true) / 32768;
  }
  return out;
}

/**
 * When a piece starting at track time `pieceStart` plays on the audio clock, for a playback that started at clock
 * time `startedAt` from track time `startOffset` at `rate`: `{ when, offset }`, the clock time to start it and the
 * seconds into the piece to start from. A piece whose start has already passed (it arrived late) starts now, at the
 * point the playback has reached, so the track stays in time with the clock.
 */
export function pieceSchedule(pieceStart, { startedAt, startOffset, rate }, now) {
  const from = Math.max(pieceStart, startOffset);
  const when = startedAt + (from - startOffset) / rate;
  if (when >= now) return { when, offset: from - pieceStart };
  return { when: now, offset: (now - startedAt) * rate + startOffset - pieceStart };
}
