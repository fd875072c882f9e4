#!/usr/bin/env python3
"""Whether `beatmap check` says a chart's tempo map is at the wrong octave: each real chart of
../shared/corpus/charts written again as a StepMania chart on its own grid (`grid.txt`, the beats its BPM and offset
declare) at that tempo, at half of it and at double, its hits (`hits.txt`, an independent parser's) where they were.
The hits are right in all three; only the tempo map changes. The charts as written should say nothing
(`tempo_octave.verdict` null), the half ones "half", the double ones "double". A fourth version keeps the tempo and
moves the grid half a beat (its beats on the track's off-beats): it should be said to be half a beat off
(`grid_phase`, "off"), and never to be at another octave. A fifth is the chart as written with a change to the same
tempo on a bar line mid-song: it changes nothing, and nothing should be said (a section measured alone said a real
chart's intro, whose off-beats are louder than its beats, was half a beat off).

Usage: chart_octave.py BEATMAP   (35 checks, two at a time; about 4 minutes with a debug build on 2 cores)"""
import concurrent.futures, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARTS = os.path.join(ROOT, "..", "shared", "corpus", "charts")
ROWS_PER_BEAT = 96  # 384 rows a measure: a 1/48 note of the chart at half its tempo


def read(path):
    with open(path) as f:
        return [float(line) for line in f if line.strip()]


def chart(hits, grid, factor, shift=0, split=False):
    """A .sm on `grid`'s tempo times `factor`, its beats `shift` of a beat late (0.5: between the track's), each hit on
    the row nearest its time (within 2 ms: Quaver keeps whole milliseconds; else None); with `split`, a change to the
    same tempo on the bar line nearest the middle hit (a tempo map that changes nothing there)."""
    period = (grid[-1] - grid[0]) / (len(grid) - 1)  # grid.txt's times are rounded to the microsecond
    start = grid[0] - max(0, -((grid[0] - min(hits)) // period)) * period - (1 - shift) * period * (shift > 0)
    bpm = 60 / period * factor
    rows = {}
    for t in hits:
        row = round((t - start) / period * factor * ROWS_PER_BEAT)
        if abs(start + row / ROWS_PER_BEAT * 60 / bpm - t) > 0.002:
            return None
        rows[row] = 1
    measures = []
    for m in range(max(rows) // (4 * ROWS_PER_BEAT) + 1):
        base = m * 4 * ROWS_PER_BEAT
        measures.append("\n".join("1000" if base + r in rows else "0000" for r in range(4 * ROWS_PER_BEAT)))
    middle = round(sorted(rows)[len(rows) // 2] / (4 * ROWS_PER_BEAT)) * 4
    header = f"#TITLE:octave;\n#OFFSET:{-start:.6f};\n#BPMS:0.000={bpm:.6f}{f',{middle:.3f}={bpm:.6f}' if split else ''};\n"
    notes = "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
    return header + notes + "\n,\n".join(measures) + "\n;\n"


def check(binary, text, audio, path):
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([binary, "check", path, "--audio", audio, "--format", "json"], capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except ValueError:
        return "no JSON", ""
    o, phase = d.get("tempo_octave") or {}, d.get("grid_phase") or []
    if phase:
        p = phase[0]
        return "off", f"{p['bpm']:.1f} BPM (track {p['track_bpm']:.1f}): middles {p['midpoint_ratio']:.2f} in {p['midpoint_share']:.2f}"
    evidence = f"{o.get('bpm', 0):.1f} BPM: middles {o.get('midpoint_ratio', 0):.2f} in {o.get('midpoint_share', 0):.2f}, alternation {o.get('alternation_ratio', 0):.2f}"
    return o.get("verdict") or "-", evidence


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    if not os.path.isdir(CHARTS):
        sys.exit(f"chart_octave: {CHARTS} is absent; nothing to measure")
    work = tempfile.mkdtemp(prefix="akl-octave-")
    jobs = []
    for name in sorted(os.listdir(CHARTS)):
        folder = os.path.join(CHARTS, name)
        if not os.path.exists(os.path.join(folder, "grid.txt")):
            continue
        hits, grid = read(os.path.join(folder, "hits.txt")), read(os.path.join(folder, "grid.txt"))
        for label, factor, shift, split in (("as written", 1, 0, False), ("half", 0.5, 0, False), ("double", 2, 0, False),
                                            ("off-beat", 1, 0.5, False), ("split", 1, 0, True)):
            jobs.append((name, label, chart(hits, grid, factor, shift, split), os.path.join(folder, "audio.ogg")))

    def one(job):
        name, label, text, audio = job
        if text is None:
            return name, label, ("hits off the grid", "")
        return name, label, check(binary, text, audio, os.path.join(work, f"{name}-{label.replace(' ', '-')}.sm"))

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(one, jobs))
    table = {}
    for name, label, (verdict, evidence) in results:
        table.setdefault(name, {})[label] = verdict
        print(f"{name:18s} {label:10s} {verdict:6s} {evidence}")
    print(f"{'chart':18s} {'as written':>11s} {'half':>6s} {'double':>7s} {'off-beat':>9s} {'split':>6s}")
    for name, row in table.items():
        print(f"{name:18s} {row['as written']:>11s} {row['half']:>6s} {row['double']:>7s} {row['off-beat']:>9s} {row['split']:>6s}")
    right = sum(r["as written"] == "-" for r in table.values())
    half = sum(r["half"] == "half" for r in table.values())
    double = sum(r["double"] == "double" for r in table.values())
    off = sum(r["off-beat"] == "off" for r in table.values())
    split = sum(r["split"] == "-" for r in table.values())
    wrong = sum(r["off-beat"] in ("half", "double") for r in table.values())
    n = len(table)
    print(f"as written, nothing said: {right} of {n}; half said: {half} of {n}; double said: {double} of {n}; "
          f"half a beat off said: {off} of {n} (said to be at another octave: {wrong}); "
          f"with a change to the same tempo mid-song, nothing said: {split} of {n}")


if __name__ == "__main__":
    main()
