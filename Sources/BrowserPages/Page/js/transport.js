// Playing the track with a click on every beat (Web Audio), at a rate, looping a selection; and the calibration
// clicks. The track is streamed from the server in pieces of 10 s (HTTP ranges of its WAV), at most a few held at once,
// so the page's memory does not grow with the track's length; a loop of up to 30 s is fetched whole and loops
// sample-accurately.

import { withToken } from "./api.js";
import { BufferPlayer } from "./player.js";
import { HEADER_BYTES, PIECE_SECONDS, parseHeader, pieceFrames, pieceAt, byteRange, deinterleave, pieceSchedule } from "./stream.js";

/** Pieces held at once (the one playing, the next, and the last two the playhead was in). */
const HELD_PIECES = 4;
/** A loop up to this long is fetched as one buffer and loops without a gap; a longer one restarts at its start. */
const LOOP_SECONDS = 30;

/** The player: `position()` is the playhead in track seconds, whether playing or not. */
export class Transport {
  constructor() {
    this.player = new BufferPlayer(); this.ctx = null; this.shape = null; this.pieces = new Map(); this.sources = []; this.timer = null;
    this.startedAt = 0; this.startOffset = 0; this.playing = false; this.rate = 1; this.nextClick = 0;
    this.generation = 0; this.nextPiece = null; this.fetching = false;
  }

  /** Starts the audio context and reads the track's shape from its WAV header (once). */
  async load() {
    this.ctx = this.player.ensureContext();
    if (this.shape) return;
    const answer = await fetch(withToken("/audio"), { headers: { Range: `bytes=0-${HEADER_BYTES - 1}` } });
    if (!answer.ok) throw new Error(`the track's audio answered ${answer.status}`);
    this.shape = parseHeader(new Uint8Array(await answer.arrayBuffer()));
    if (!this.shape) throw new Error("the track's audio is not the 16-bit WAV this page reads");
  }

  /** Bytes of samples the page holds in its pieces (for the memory figures). */
  heldBytes() {
    let n = 0;
    for (const p of this.pieces.values()) if (p.buffer) n += p.buffer.length * p.buffer.numberOfChannels * 4;
    return n;
  }

  /** Frames [first, end) of the track as an AudioBuffer, fetched by range. */
  async fetchFrames(first, end) {
    const answer = await fetch(withToken("/audio"), { headers: { Range: byteRange(first, end, this.shape.channels) } });
    if (answer.status !== 206) throw new Error(`the track's audio answered ${answer.status} to a range`);
    const channels = deinterleave(new Uint8Array(await answer.arrayBuffer()), this.shape.channels);
    const buffer = this.ctx.createBuffer(this.shape.channels, Math.max(1, channels[0].length), this.shape.sampleRate);
    channels.forEach((data, c) => buffer.copyToChannel(data, c));
    return buffer;
  }

  /** Piece `k` (a promise of its AudioBuffer, or of null past the end), fetched once while held. */
  piece(k) {
    const frames = pieceFrames(k, this.shape);
    if (!frames) return Promise.resolve(null);
    if (!this.pieces.has(k)) {
      const entry = { buffer: null };
      entry.promise = this.fetchFrames(frames[0], frames[1]).then(
        (b) => (entry.buffer = b),
        (e) => { this.pieces.delete(k); throw e; });
      this.pieces.set(k, entry);
      // Hold only the pieces nearest this one.
      while (this.pieces.size > HELD_PIECES) {
        let far = null;
        for (const j of this.pieces.keys()) if (far === null || Math.abs(j - k) > Math.abs(far - k)) far = j;
        this.pieces.delete(far);
      }
    }
    return this.pieces.get(k).promise;
  }

  /**
   * `buffer` played from `offset` at context time `when`, at the playback rate, looping over `loop` when given (the
   * player's source), held until it ends.
   */
  start(buffer, when, offset, loop = null) {
    const src = this.player.sourceFor(buffer, when, offset, this.rate, loop);
    src.onended = () => { this.sources = this.sources.filter((s) => s !== src); };
    this.sources.push(src);
    return src;
  }

  /** Starts piece `k` where the playback reaches it on the clock. */
  schedulePiece(k, buffer) {
    const pieceStart = pieceFrames(k, this.shape)[0] / this.shape.sampleRate;
    const { when, offset } = pieceSchedule(pieceStart, this, this.ctx.currentTime);
    if (offset < buffer.duration) this.start(buffer, when, offset);
  }

  /** While the last scheduled piece plays, fetches and schedules the one after it. */
  keepAhead(generation) {
    if (this.nextPiece === null || this.fetching) return;
    const next = pieceFrames(this.nextPiece, this.shape);
    if (!next) { this.nextPiece = null; return; }
    if (this.position() < next[0] / this.shape.sampleRate - PIECE_SECONDS) return;
    const k = this.nextPiece;
    this.fetching = true;
    this.piece(k).then((buffer) => {
      this.fetching = false;
      if (generation !== this.generation || !buffer) return;
      this.schedulePiece(k, buffer);
      this.nextPiece = k + 1;
    }, () => { this.fetching = false; });
  }

  /** The playhead, in seconds of the track. */
  position() { return this.playing ? this.startOffset + (this.ctx.currentTime - this.startedAt) * this.rate : this.startOffset; }

  /** Moves the playhead while stopped. */
  seek(t) { this.startOffset = t; }

  /** A click at context time `when`, at `frequency` Hz. */
  click(when, gain, frequency = 1800) {
    const o = this.ctx.createOscillator(), g = this.ctx.createGain();
    o.frequency.value = frequency; g.gain.setValueAtTime(gain, when); g.gain.exponentialRampToValueAtTime(0.001, when + 0.03);
    o.connect(g).connect(this.ctx.destination); o.start(when); o.stop(when + 0.04);
  }

  /**
   * Plays from `from` (or the playhead) at `options.rate`, clicking on `options.beats()` at `options.volume()` and
   * ticking `options.metronome()` (see `scheduleClicks`), looping `options.loop` ([from, to]) when given; `options.onTick` runs every 50 ms, `options.onEnd` at the end.
   */
  async play(from, options) {
    await this.load(); this.stop(false);
    const generation = this.generation;
    this.rate = options.rate;
    const loop = options.loop;
    const rate = this.shape.sampleRate;
    this.startOffset = Math.min(this.shape.duration, Math.max(0, loop ? loop[0] : (from ?? this.startOffset)));
    let whole = null;
    if (loop && loop[1] - loop[0] <= LOOP_SECONDS) {
      const first = Math.floor(loop[0] * rate), end = Math.min(this.shape.frames, Math.ceil(loop[1] * rate));
      whole = await this.fetchFrames(first, end);
      if (generation !== this.generation) return;
      this.startOffset = first / rate;
      this.startedAt = this.ctx.currentTime + 0.05;
      this.start(whole, this.startedAt, 0, [0, whole.duration]);
      this.nextPiece = null;
    } else {
      const k = pieceAt(this.startOffset, this.shape);
      const buffer = await this.piece(k);
      if (generation !== this.generation || !buffer) return;
      this.startedAt = this.ctx.currentTime + 0.05;
      this.schedulePiece(k, buffer);
      this.nextPiece = k + 1;
    }
    this.playing = true; this.nextClick = this.startOffset;
    this.timer = setInterval(() => {
      if (loop && this.position() >= loop[1]) {
        if (!whole) { this.play(loop[0], options); return; }
        // The buffer loops by itself, sample-accurately: move the clock's origin by whole turns.
        while (this.position() >= this.startOffset + whole.duration) this.startedAt += whole.duration / this.rate;
        this.nextClick = this.startOffset;
      }
      this.keepAhead(generation);
      this.scheduleClicks(options.beats(), options.volume(), options.metronome ? options.metronome() : null);
      options.onTick();
      if (this.position() >= this.shape.duration) { this.stop(true); options.onEnd(); }
    }, 50);
  }

  /**
   * Schedules the clicks of the next quarter second of the track: one on each of `beats` at `volume`, and the
   * metronome's ticks (`metronome`: a function of from and to giving `{ time, accent }`, or null), lower and apart.
   */
  scheduleClicks(beats, volume, metronome) {
    const horizon = this.position() + 0.25 * this.rate;
    const at = (t) => this.startedAt + (t - this.startOffset) / this.rate;
    for (const t of beats) {
      if (t >= this.nextClick && t < horizon) {
        const when = at(t);
        if (volume > 0 && when >= this.ctx.currentTime - 0.01) this.click(when, volume);
      }
    }
    if (metronome) {
      for (const tick of metronome(this.nextClick, horizon)) {
        const when = at(tick.time);
        if (when >= this.ctx.currentTime - 0.01) this.click(when, tick.accent ? 0.5 : 0.3, tick.accent ? 1000 : 700);
      }
    }
    this.nextClick = horizon;
  }

  /** Stops; with `keep`, the playhead stays where it was. */
  stop(keep) {
    this.generation += 1;
    for (const src of this.sources) { try { src.stop(); } catch { /* already stopped */ } }
    this.sources = []; this.nextPiece = null; this.fetching = false;
    if (this.playing && keep) this.startOffset = this.position();
    this.playing = false; clearInterval(this.timer);
  }
}
