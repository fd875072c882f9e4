#!/usr/bin/env python3
"""A tempo section off the track's tempo (`beatmap.drift` on one section): two of the seven charts' songs
(../shared/corpus/charts) joined, 40 s of each (from 30 s, Lollipop, a minute long, from 15 s), every
ordered pair whose tempi are neither within 3 % nor an octave apart, charted as a Quaver map of two timing points, each
song's on its own chart grid (grid.txt) with a note on every beat. Checked (`beatmap check`) as written, where nothing
may be said of either section's tempo, then with the second section's tempo 1 % and 3 % off (its notes keeping their
beats, as an editor moves them when a section's BPM is typed wrong), where the second section must be said, and the
first not.

No peer checks a chart's tempo sections against the audio (ArrowVortex, the osu! editor and Mixxx leave the tempo to
the author); the figures are the check's alone.

Usage: section_tempo.py BEATMAP"""
import json, os, re, subprocess, sys, tempfile
from song_joins import CHARTS, SONGS, beatmap_argument, join, pairs

# Lollipop is a minute long: its 40 s from 15 s.
STARTS = {"lolli": 15}
PART = 40.0


def song_grid(folder, start, at):
    """The first beat of the song's chart grid at or after `start` s of it, on the joined timeline where that time is
    `at`; and its beat period."""
    with open(os.path.join(CHARTS, folder, "grid.txt")) as f:
        grid = [float(x) for x in f if x.strip()]
    period = grid[1] - grid[0]
    first = grid[0] + ((start - grid[0]) // period + 1) * period
    return first - start + at, period


def chart(path, first, second, scale):
    """A Quaver map: a timing point and a note on every beat of each part, the second part's beats `scale` times as
    long (its tempo divided by `scale`), from its own first beat."""
    points, notes = [], []
    for (t0, period), end, s in ((first, PART, 1.0), (second, 2 * PART, scale)):
        points.append((t0, 60 / period / s))
        k = 0
        while t0 + k * period * s < end - 0.05:
            notes.append(t0 + k * period * s)
            k += 1
    lines = ["AudioFile: audio.wav", "Mode: Keys4", "Title: join", "TimingPoints:"]
    for t, bpm in points:
        lines += [f"- StartTime: {t * 1000:.0f}", f"  Bpm: {bpm:.4f}"]
    lines.append("HitObjects:")
    for k, t in enumerate(notes):
        lines += [f"- StartTime: {t * 1000:.0f}", f"  Lane: {k % 4 + 1}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def cell(message):
    """A finding in a few words: the section, its tempo and the track's there, and how far off by its last hit."""
    m = re.match(r"tempo section (\d+) .* is at ([\d.]+) BPM and the track at ([\d.]+) BPM there .* its grid is (\d+) ms (\w+)", message)
    return f"§{m.group(1)} {m.group(2)} for {m.group(3)}, {m.group(4)} ms {m.group(5)}" if m else message.split(":")[0]


def said(beatmap, path, audio):
    out = subprocess.run([beatmap, "check", path, "--audio", audio, "--format", "json"], capture_output=True, text=True).stdout
    return [d["message"] for d in json.loads(out).get("diagnostics", []) if d.get("rule_id") == "beatmap.drift"]


def main():
    beatmap = beatmap_argument("section_tempo")
    quiet, caught = 0, {1.01: 0, 1.03: 0}
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        print("| join | as written | section 2 at 1 % off | at 3 % off |")
        print("|---|---|---|---|")
        for a, b in pairs():
            (fa, ta, sa), (fb, tb, sb) = SONGS[a], SONGS[b]
            sa, sb = STARTS.get(a, sa), STARTS.get(b, sb)
            count += 1
            audio = os.path.join(tmp, "audio.wav")
            join(audio, a, b, PART, STARTS)
            first, second = song_grid(fa, sa, 0.0), song_grid(fb, sb, PART)
            cells = []
            for scale in (1.0, 1.01, 1.03):
                path = os.path.join(tmp, "join.qua")
                chart(path, first, second, scale)
                found = said(beatmap, path, audio)
                sections = [m for m in found if m.startswith("tempo section 2 ")]
                if scale == 1.0:
                    quiet += not found
                else:
                    caught[scale] += len(sections) == 1 and len(found) == 1
                cells.append("nothing" if not found else "; ".join(cell(m) for m in found))
            print(f"| {a}→{b} | " + " | ".join(cells) + " |")
    print(f"\n{count} joins: as written, nothing said of {quiet}; section 2 said (and nothing else) at 1 % off in "
          f"{caught[1.01]}, at 3 % in {caught[1.03]}")


if __name__ == "__main__":
    main()
