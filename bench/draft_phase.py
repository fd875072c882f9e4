#!/usr/bin/env python3
"""Drafts every song with annotated beats (../shared/corpus/beats, the excerpts with `.beats` files) and every chart's
song (../shared/corpus/charts, against the grid its chart declares, `grid.txt`) with `beatmap draft`, and says where
the annotated beats fall on the drafted tempo map: on its beat lines (ON), half a beat off them (OFF), or neither (?),
by the share within 0.15 beat of each. A draft half a beat off puts every bar line, bar number and snap of the editor
on the song's off-beats (issue #39's probe: the Mecha-Tribe Assault draft).

Usage: draft_phase.py BEATMAP"""
import bisect, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEATS = os.path.join(ROOT, "..", "shared", "corpus", "beats")
CHARTS = os.path.join(ROOT, "..", "shared", "corpus", "charts")


def songs():
    with open(os.path.join(BEATS, "MANIFEST.tsv")) as f:
        for row in [line.rstrip("\n").split("\t") for line in f][1:]:
            if row[4] == "yes":
                yield row[0], os.path.join(BEATS, row[6]), os.path.join(BEATS, "beats", row[0] + ".beats")
    for name in sorted(os.listdir(CHARTS)):
        if os.path.isdir(os.path.join(CHARTS, name)):
            yield name, os.path.join(CHARTS, name, "audio.ogg"), os.path.join(CHARTS, name, "grid.txt")


def tempo_map(sm):
    """The beat at each time on a StepMania file's #OFFSET and #BPMS (no stops: drafts write none)."""
    offset = float(re.search(r"#OFFSET:([-\d.]+);", sm).group(1))
    changes = [tuple(map(float, x.split("="))) for x in re.search(r"#BPMS:([^;]*);", sm).group(1).split(",") if x.strip()]
    points, t = [], -offset
    for i, (beat, bpm) in enumerate(changes):
        if i:
            t += (beat - changes[i - 1][0]) * 60 / changes[i - 1][1]
        points.append((beat, t, bpm))
    starts = [p[1] for p in points]

    def beat_at(time):
        beat, start, bpm = points[max(0, bisect.bisect_right(starts, time) - 1)]
        return beat + (time - start) * bpm / 60
    return beat_at, [round(c[1], 3) for c in changes]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: draft_phase.py BEATMAP")
    if not (os.path.isdir(BEATS) and os.path.isdir(CHARTS)):
        print("draft_phase: SKIPPED: ../shared/corpus/beats or ../shared/corpus/charts is absent")
        return
    counts = {"ON": 0, "OFF": 0, "?": 0}
    print("| song | annotated beats on the draft's beats | half a beat off | verdict | drafted BPM |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, audio, beats_file in songs():
            with open(beats_file) as f:
                beats = [float(line.split()[0]) for line in f if line.strip()]
            out = os.path.join(tmp, name + ".sm")
            run = subprocess.run([sys.argv[1], "draft", audio, "-o", out], capture_output=True, text=True)
            if run.returncode != 0:
                print(f"| {name} | draft failed: {run.stderr.strip()[-120:]} | | | |")
                continue
            with open(out) as f:
                beat_at, bpms = tempo_map(f.read())
            phases = [beat_at(b) % 1.0 for b in beats]
            on = sum(min(p, 1 - p) < 0.15 for p in phases)
            half = sum(abs(p - 0.5) < 0.15 for p in phases)
            verdict = "ON" if on > half else "OFF" if half > on else "?"
            counts[verdict] += 1
            print(f"| {name} | {on} of {len(phases)} | {half} | {verdict} | {', '.join(map(str, bpms[:3]))} |", flush=True)
    print(f"\ndrafts on the annotated beats: {counts['ON']}; half a beat off: {counts['OFF']}; neither: {counts['?']}")


if __name__ == "__main__":
    main()
