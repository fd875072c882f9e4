#!/usr/bin/env python3
"""`beatmap detect --quantize` (the beats of the song's fitted tempo map, as `beatmap draft` places it) against its
peer, the grid it wrote before: a least-squares line through the tracked beats (`beatmap detect`'s own beats, fitted
here as `GridFit` does: gaps rounded to whole beats, then the line). Both on every song with annotated beats
(../shared/corpus/beats) and every chart's song (../shared/corpus/charts, against its chart's grid, `grid.txt`): the
annotated beats within 0.15 beat of each grid's beats (ON), half a beat off them (OFF), and the median distance of an
annotated beat to the nearest grid beat, in beats. The audition's analysis of a track without a tempo is the same.

Usage: detect_quantize.py BEATMAP"""
import bisect, json, os, statistics, subprocess, sys, tempfile

from draft_phase import BEATS, CHARTS, songs


def line_through(beats):
    """GridFit: indices from the gaps rounded to the median gap (twice, the second time to the fitted one), then the
    least-squares line; (seconds per beat, time of beat 0)."""
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    step = sorted(gaps)[len(gaps) // 2]
    for _ in range(2):
        idx = [0]
        for k in range(1, len(beats)):
            idx.append(idx[-1] + max(1, round((beats[k] - beats[k - 1]) / step)))
        mx, my = statistics.fmean(idx), statistics.fmean(beats)
        step = sum((x - mx) * (y - my) for x, y in zip(idx, beats)) / sum((x - mx) ** 2 for x in idx)
        intercept = my - step * mx
    return step, intercept


def phases(annotated, grid):
    """Each annotated beat's place between the two grid beats around it, 0 to 1 (0: on a grid beat)."""
    out = []
    for b in annotated:
        i = bisect.bisect_right(grid, b)
        if 0 < i < len(grid):
            out.append((b - grid[i - 1]) / (grid[i] - grid[i - 1]))
    return out


def score(annotated, grid):
    p = phases(annotated, grid)
    if not p:
        return "no beats", 0, 0, 1.0
    on = sum(min(x, 1 - x) < 0.15 for x in p)
    half = sum(abs(x - 0.5) < 0.15 for x in p)
    return f"{on}/{len(p)}", on, half, statistics.median(min(x, 1 - x) for x in p)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: detect_quantize.py BEATMAP")
    if not (os.path.isdir(BEATS) and os.path.isdir(CHARTS)):
        print("detect_quantize: SKIPPED: ../shared/corpus/beats or ../shared/corpus/charts is absent")
        return
    totals = {"line": [0, 0, 0], "fitted": [0, 0, 0]}
    print("| song | line through tracked beats: on, half off, median | fitted tempo map (--quantize): on, half off, median |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, audio, beats_file in songs():
            with open(beats_file) as f:
                annotated = [float(line.split()[0]) for line in f if line.strip()]
            raw, quantized = os.path.join(tmp, "raw.json"), os.path.join(tmp, "q.json")
            runs = [subprocess.run([sys.argv[1], "detect", audio, "-o", raw], capture_output=True, text=True),
                    subprocess.run([sys.argv[1], "detect", "--quantize", audio, "-o", quantized], capture_output=True, text=True)]
            if any(r.returncode != 0 for r in runs):
                print(f"| {name} | detect failed: {' '.join(r.stderr.strip()[-80:] for r in runs)} | |")
                continue
            tracked = json.load(open(raw))["beats"]
            step, zero = line_through(tracked)
            end = max(annotated[-1], tracked[-1]) + 2 * step
            first = -int(zero / step) - 1
            line = [zero + n * step for n in range(first, int((end - zero) / step) + 2)]
            fitted = json.load(open(quantized))["beats"]
            cells = []
            for key, grid in (("line", line), ("fitted", fitted)):
                text, on, half, median = score(annotated, grid)
                t = totals[key]
                t[0] += on; t[1] += half; t[2] += len(phases(annotated, grid))
                cells.append(f"{text}, {half}, {median:.3f}")
            print(f"| {name} | {cells[0]} | {cells[1]} |", flush=True)
    for key, (on, half, n) in totals.items():
        print(f"\n{key}: {on} of {n} annotated beats on the grid's beats ({100 * on / max(1, n):.1f} %), {half} half a beat off")


if __name__ == "__main__":
    main()
