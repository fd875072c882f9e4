// Playing the track with a click on every beat (Web Audio), at a rate, looping a selection; and the calibration
// clicks. The track is fetched from the server once, when first played.

import { withToken } from "./api.js";

/** The player: `position()` is the playhead in track seconds, whether playing or not. */
export class Transport {
  constructor() {
    this.ctx = null; this.buffer = null; this.source = null; this.timer = null;
    this.startedAt = 0; this.startOffset = 0; this.playing = false; this.rate = 1; this.nextClick = 0;
  }

  /** Decodes the track (once). */
  async load() {
    if (this.buffer) return;
    this.ctx = this.ctx || new AudioContext();
    const data = await (await fetch(withToken("/audio"))).arrayBuffer();
    this.buffer = await this.ctx.decodeAudioData(data);
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
    this.rate = options.rate;
    const loop = options.loop;
    this.startOffset = loop ? loop[0] : (from ?? this.startOffset);
    this.source = this.ctx.createBufferSource(); this.source.buffer = this.buffer; this.source.playbackRate.value = this.rate;
    this.source.connect(this.ctx.destination);
    if (loop) { this.source.loop = true; this.source.loopStart = loop[0]; this.source.loopEnd = loop[1]; }
    this.startedAt = this.ctx.currentTime + 0.05; this.source.start(this.startedAt, this.startOffset);
    this.playing = true; this.nextClick = this.startOffset;
    this.timer = setInterval(() => {
      if (loop && this.position() >= loop[1]) { this.startOffset = loop[0]; this.startedAt = this.ctx.currentTime; this.nextClick = loop[0]; }
      this.scheduleClicks(options.beats(), options.volume(), options.metronome ? options.metronome() : null);
      options.onTick();
      if (this.position() >= this.buffer.duration) { this.stop(true); options.onEnd(); }
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
    if (this.source) { try { this.source.stop(); } catch { /* already stopped */ } this.source = null; }
    if (this.playing && keep) this.startOffset = this.position();
    this.playing = false; clearInterval(this.timer);
  }
}
