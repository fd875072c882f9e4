// One audio player for the pages: an AudioContext made on first use, a decoded sound fetched from the server, played
// from a position at a rate, looped over a range, switched onto another sound without a gap, and its playhead read
// back. The crossfade audition and the pattern audition play through it; the editor's Transport streams its track in
// pieces and takes its context and sources from it.

/**
 * The playhead, in seconds of the sound, `elapsed` context seconds after a start at `offset` (seconds of the sound)
 * at `rate`; with `loop` ([from, to], to > from) it wraps back to `from` at `to`, as a looping source does.
 */
export function playhead(elapsed, offset, rate, loop) {
  const t = offset + Math.max(0, elapsed) * rate;
  if (!loop || !(loop[1] > loop[0]) || t < loop[1]) return t;
  return loop[0] + ((t - loop[0]) % (loop[1] - loop[0]));
}

/** Plays decoded sounds; `position()` is the playhead in seconds of the sound playing (or last played). */
export class BufferPlayer {
  /** `options.sampleRate`: the context's rate (the browser's own when absent). */
  constructor(options = {}) {
    this.sampleRate = options.sampleRate;
    this.context = null;
    this.source = null;
    this.playing = false;
    this.startedAt = 0;
    this.offset = 0;
    this.rate = 1;
    this.loop = null;
  }

  /** The audio context, made on first use. */
  ensureContext() {
    if (!this.context) this.context = new AudioContext(this.sampleRate ? { sampleRate: this.sampleRate } : undefined);
    return this.context;
  }

  /** Fetches `url` and decodes it; a refused request throws the server's reason. */
  async fetchSound(url) {
    const context = this.ensureContext();
    const answer = await fetch(url);
    if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || answer.statusText);
    return context.decodeAudioData(await answer.arrayBuffer());
  }

  /** A source for `buffer` at `rate`, looping over `loop` when given, connected to the output, started at `when`. */
  sourceFor(buffer, when, offset, rate, loop) {
    const context = this.ensureContext();
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = rate;
    if (loop) { source.loop = true; source.loopStart = loop[0]; source.loopEnd = loop[1]; }
    source.connect(context.destination);
    source.start(when, offset);
    return source;
  }

  /**
   * Plays `buffer` from `from` seconds at `rate`, `lead` seconds from now, looping over `loop` ([from, to] seconds of
   * the sound) when given; `onEnd` runs when a play that does not loop reaches the end. Returns the start's context time.
   */
  play(buffer, { from = 0, rate = 1, loop = null, lead = 0.02, onEnd = null } = {}) {
    this.stop();
    const context = this.ensureContext();
    context.resume();
    const when = context.currentTime + lead;
    const source = this.sourceFor(buffer, when, from, rate, loop);
    source.onended = () => {
      if (this.source !== source) return;
      this.stop();
      if (onEnd) onEnd();
    };
    Object.assign(this, { source, startedAt: when, offset: from, rate, loop, playing: true });
    return when;
  }

  /**
   * Moves what plays onto `buffer` (of the same length and loop) without a gap: it starts `lead` seconds from now at
   * the very position the old sound reaches then, and the old one stops at that moment. Returns `{ when, offset }`.
   */
  switchTo(buffer, lead = 0.03) {
    const when = this.context.currentTime + lead;
    const offset = this.position(when);
    const old = this.source;
    old.onended = null;
    this.source = this.sourceFor(buffer, when, offset, this.rate, this.loop);
    old.stop(when);
    this.startedAt = when;
    this.offset = offset;
    return { when, offset };
  }

  /** The playhead at context time `at` (now by default), in seconds of the sound. */
  position(at) {
    if (!this.playing) return this.offset;
    return playhead((at ?? this.context.currentTime) - this.startedAt, this.offset, this.rate, this.loop);
  }

  /** Stops what plays, at once. */
  stop() {
    if (this.source) {
      this.source.onended = null;
      try { this.source.stop(); } catch { /* already stopped */ }
    }
    this.source = null;
    this.playing = false;
  }
}
