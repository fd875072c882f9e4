#!/usr/bin/env python3
"""Draft benchmark for `beatmap draft` (issue #37), on the real charts of ../shared/corpus/charts (or CHARTS_DIR).

    python3 bench/draft.py BEATMAP_BINARY [--charts DIR]

Each chart is drafted from its song with the chart's own hit count over the chart's own span (first to last hit),
so the score measures *where* the hits go, not how many (../shared/reference/AUTO-CHARTING.md). Scores, with
mir_eval against hits.txt:
  F50   pooled F-measure at +-50 ms (matches and counts summed over the charts first), as GenéLive! reports;
  F20   mean over charts of the F-measure at +-20 ms after removing each chart's global offset (the median
        offset of its +-50 ms matches), as Dance Dance Convolution's placement F is reported at +-20 ms.
Rows, all measured in this run:
  naive       the N strongest spectral-flux peaks in the span (numpy SuperFlux-like flux, no grid): the baseline;
  draft       beatmap draft on its own fitted tempo map, built-in style;
  chart-grid  beatmap draft on the chart's own tempo map (--tempo-map), built-in style;
  like        beatmap draft --like with the other charts of the same game (leave one chart out), fitted tempo map.
Also: every draft through `beatmap lint` and `beatmap check` against its song (exit codes), and the time to draft a
3-minute song (decoding included, median of 3), next to ffmpeg decoding the same file to nothing in the same run.
Friday Night Funkin' charts hold the player's notes only while both singers are in the audio; the drafts are also
scored against all of the chart's notes (both characters) to show what that costs.
"""
import csv, json, os, statistics, subprocess, sys, tempfile, time

import numpy as np

try:
    import mir_eval
except ImportError:
    sys.exit("draft bench: needs mir_eval (python3 -m pip install mir_eval)")

args = sys.argv[1:]
binary = args[0]
charts = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "charts")
if "--charts" in args:
    charts = args[args.index("--charts") + 1]
if not os.path.isdir(charts):
    sys.exit(f"draft bench: {charts} is absent")
tmp = tempfile.mkdtemp(prefix="draft-bench-")
rows = [r for r in csv.DictReader(open(os.path.join(charts, "SOURCES.tsv")), delimiter="\t")]
games = {"ssc": "StepMania", "sm": "StepMania", "qua": "Quaver", "fnf": "Friday Night Funkin'"}


def load(path):
    return np.array([float(l) for l in open(path) if l.strip()])


def chart_file(r):
    folder = os.path.join(charts, r["id"])
    files = [f for f in os.listdir(folder) if f.endswith((".ssc", ".sm", ".qua", ".osu"))]
    if files:
        return os.path.join(folder, files[0])
    # Friday Night Funkin' JSON: the player's hits as a JSON map on the chart's own grid (bpm and grid.txt's start).
    grid = load(os.path.join(folder, "grid.txt"))
    path = os.path.join(tmp, r["id"] + ".json")
    bpm = float(r["bpms"].split(",")[0].split("=")[-1])
    json.dump({"bpm": bpm, "offset": float(grid[0]), "beats": load(os.path.join(folder, "hits.txt")).tolist()}, open(path, "w"))
    return path


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def draft(r, extra, tag):
    folder = os.path.join(charts, r["id"])
    hits = load(os.path.join(folder, "hits.txt"))
    out = os.path.join(tmp, f"{r['id']}.{tag}.json")
    p = run([binary, "draft", os.path.join(folder, "audio.ogg"), "--count", str(len(hits)), "--from", f"{hits[0]:.6f}",
             "--to", f"{hits[-1]:.6f}", "-o", out] + extra)
    if p.returncode != 0:
        print(f"  {r['id']} {tag}: draft failed ({p.returncode}): {p.stderr.strip()}")
        return np.array([]), out
    return np.array(json.load(open(out))["beats"]), out


def flux_peaks(audio, n, span):
    """The naive baseline: the n strongest peaks of a log-filterbank spectral flux in the span."""
    sr, size, hop = 22050, 1024, 220
    raw = subprocess.run(["ffmpeg", "-loglevel", "error", "-i", audio, "-ac", "1", "-ar", str(sr), "-f", "f32le", "-"],
                         capture_output=True, check=True).stdout
    x = np.frombuffer(raw, dtype=np.float32)
    x = np.concatenate([np.zeros(size // 2, np.float32), x, np.zeros(size // 2, np.float32)])
    frames = np.lib.stride_tricks.sliding_window_view(x, size)[::hop] * np.hanning(size).astype(np.float32)
    spec = np.abs(np.fft.rfft(frames, axis=1))
    freqs = np.fft.rfftfreq(size, 1 / sr)
    edges = 40 * 2 ** (np.arange(0, 9, 1 / 12))
    edges = edges[edges < sr / 2]
    bands = np.stack([spec[:, (freqs >= a) & (freqs < b)].sum(1) for a, b in zip(edges[:-1], edges[1:]) if ((freqs >= a) & (freqs < b)).any()], 1)
    logb = np.log10(1 + bands)
    flux = np.maximum(0, np.diff(logb, axis=0)).sum(1)
    flux = np.concatenate([[0], flux])
    peaks = np.where((flux[1:-1] > flux[:-2]) & (flux[1:-1] >= flux[2:]))[0] + 1
    times = peaks * hop / sr - 0.5 * size / sr * 0.65  # the centred frame's flux peaks early (SpectralFlux.latency)
    keep = (times >= span[0] - 0.05) & (times <= span[1] + 0.05)
    peaks, times = peaks[keep], times[keep]
    return np.sort(times[np.argsort(-flux[peaks])[:n]])


def score(results):
    matched = refs = ests = 0
    f20 = []
    per = {}
    for rid, (ref, est) in results.items():
        m = mir_eval.util.match_events(ref, est, 0.05) if len(est) else []
        matched += len(m); refs += len(ref); ests += len(est)
        offset = float(np.median([est[j] - ref[i] for i, j in m])) if m else 0.0
        f = mir_eval.onset.f_measure(ref, est - offset, 0.02)[0] if len(est) else 0.0
        f20.append(f)
        per[rid] = (2 * len(m) / (len(ref) + len(est)) if len(ref) + len(est) else 0, f, offset)
    return (2 * matched / (refs + ests) if refs + ests else 0), (float(np.mean(f20)) if f20 else 0), per


def table(name, results):
    f50, f20, per = score(results)
    print(f"{name:12s} pooled F50 {f50:.3f}  mean F20 {f20:.3f}   " + "  ".join(f"{k} {v[0]:.2f}/{v[1]:.2f}" for k, v in per.items()))
    by_game = {}
    for r in rows:
        if r["id"] in results:
            by_game.setdefault(games.get(r["format"], r["format"]), {})[r["id"]] = results[r["id"]]
    for g, sub in by_game.items():
        gf50, gf20, _ = score(sub)
        print(f"{'':12s}   {g}: pooled F50 {gf50:.3f}, mean F20 {gf20:.3f}")
    return f50, f20


print(f"# draft bench: {len(rows)} charts from {charts}")
refs = {r["id"]: load(os.path.join(charts, r["id"], "hits.txt")) for r in rows}
naive = {r["id"]: (refs[r["id"]], flux_peaks(os.path.join(charts, r["id"], "audio.ogg"), len(refs[r["id"]]), (refs[r["id"]][0], refs[r["id"]][-1]))) for r in rows}
fitted, gridded, liked, outputs = {}, {}, {}, {}
for r in rows:
    est, out = draft(r, [], "fitted")
    fitted[r["id"]] = (refs[r["id"]], est)
    outputs[r["id"]] = out
    est, _ = draft(r, ["--tempo-map", chart_file(r)], "chart-grid")
    gridded[r["id"]] = (refs[r["id"]], est)
    others = [o for o in rows if o["format"] == r["format"] and o["id"] != r["id"]]
    like = sum((["--like", f"{chart_file(o)}={os.path.join(charts, o['id'], 'audio.ogg')}"] for o in others), [])
    est, _ = draft(r, like + ["--explain"], "like")
    liked[r["id"]] = (refs[r["id"]], est)

print("row          pooled F at +-50 ms, mean F at +-20 ms after the offset; per chart F50/F20")
base = table("naive", naive)
own = table("draft", fitted)
table("chart-grid", gridded)
learned = table("like", liked)
print(f"like gain over draft: pooled F50 {learned[0] - own[0]:+.3f}, mean F20 {learned[1] - own[1]:+.3f}")

# Friday Night Funkin': the --like drafts (the charts' offset learned) against both characters' notes.
for r in rows:
    if r["format"] != "fnf":
        continue
    data = json.load(open(os.path.join(charts, r["id"], [f for f in os.listdir(os.path.join(charts, r["id"])) if f.endswith(".json")][0])))
    song = data.get("song", data)
    notes = sorted({round(n[0] / 1000, 4) for s in song.get("notes", []) for n in s.get("sectionNotes", []) if len(n) >= 2 and n[1] >= 0})
    est = liked[r["id"]][1]
    span = (refs[r["id"]][0], refs[r["id"]][-1])
    both = np.array([t for t in notes if span[0] - 1e-6 <= t <= span[1] + 1e-6])
    m = mir_eval.util.match_events(both, est, 0.05)
    print(f"{r['id']}: of {len(est)} drafted hits, {len(m)} are within 50 ms of a note of either character ({len(both)} notes in the span; the player's {len(refs[r['id']])})")

# Our own gate on every draft.
gate_ok = 0
for r in rows:
    out = outputs[r["id"]]
    if not os.path.exists(out):
        continue
    lint = run([binary, "lint", out]).returncode
    check = run([binary, "check", out, "--audio", os.path.join(charts, r["id"], "audio.ogg")]).returncode
    gate_ok += lint == 0 and check == 0
    print(f"gate {r['id']}: lint exit {lint}, check exit {check}")
print(f"gate: {gate_ok} of {len(rows)} drafts pass lint and check")

# Speed: a 3-minute song (the first song played twice, cut at 180 s, Vorbis), decoding included.
song = os.path.join(tmp, "three-minutes.ogg")
first = os.path.join(charts, rows[0]["id"], "audio.ogg")
subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-stream_loop", "1", "-i", first, "-t", "180", "-c:a", "libvorbis", song], check=True)


def timed(cmd):
    times = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


ours = timed([binary, "draft", song, "--density", "4", "--force", "-o", os.path.join(tmp, "speed.json")])
ffmpeg = timed(["ffmpeg", "-loglevel", "error", "-i", song, "-f", "null", "-"])
print(f"speed: draft of a 3-minute song {ours:.2f} s (median of 3, decoding included); ffmpeg decoding it alone {ffmpeg:.2f} s")
