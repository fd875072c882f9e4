#!/usr/bin/env python3
"""Regenerates the synthetic drum loops in samples/audio (numpy + sox): kick on beats 1 and 3,
snare on 2 and 4, closed hats on eighths, at exactly the given BPM, first beat at 0.25 s.
    python3 scripts/make-sample-audio.py"""
import subprocess, wave, numpy as np

RATE = 22050

def loop(bpm, seconds, seed):
    rng = np.random.default_rng(seed)
    x = np.zeros(int(seconds * RATE))
    beat = 60.0 / bpm
    def add(t, sig):
        i = int(round(t * RATE))
        n = min(len(sig), len(x) - i)
        if n > 0:
            x[i:i + n] += sig[:n]
    n = int(0.25 * RATE); tt = np.arange(n) / RATE
    kick = np.sin(2 * np.pi * (50 + 100 * np.exp(-tt / 0.03)) * tt) * np.exp(-tt / 0.12) * 0.9
    m = int(0.18 * RATE); ts = np.arange(m) / RATE
    snare = (rng.standard_normal(m) * 0.5 + np.sin(2 * np.pi * 190 * ts) * 0.4) * np.exp(-ts / 0.05) * 0.7
    h = int(0.05 * RATE); th = np.arange(h) / RATE
    hat = np.diff(rng.standard_normal(h + 1)) * np.exp(-th / 0.012) * 0.15
    k = 0
    while 0.25 + k * beat < seconds:
        t = 0.25 + k * beat
        add(t, kick if k % 2 == 0 else snare)
        add(t, hat); add(t + beat / 2, hat)
        k += 1
    return np.clip(x, -1, 1)

def write(path, x):
    with wave.open(path, "w") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(RATE)
        w.writeframes((x * 32767).astype("<i2").tobytes())

if __name__ == "__main__":
    tracks = [("world1-track-a-88bpm", 88, 12), ("world1-track-b-95bpm", 95, 8), ("world2-track-a-172bpm", 172, 8),
              ("world2-track-b-174bpm", 174, 12), ("world3-track-a-160bpm", 160, 8), ("world3-track-b-165bpm", 165, 8),
              ("world4-track-a-132bpm", 132, 8), ("world4-track-b-138bpm", 138, 8), ("intermission-140bpm", 140, 8)]
    for name, bpm, seconds in tracks:
        write(f"/tmp/{name}.wav", loop(bpm, seconds, bpm))
        subprocess.run(["sox", f"/tmp/{name}.wav", f"samples/audio/{name}.flac"], check=True)
