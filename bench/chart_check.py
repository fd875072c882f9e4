#!/usr/bin/env python3
"""Chart benchmark for `beatmap check`, `bpm` and `detect` (issue #23), on the real charts of
../shared/corpus/charts (or CHARTS_DIR): each chart with its song, its hit times (hits.txt) and the
grid its own tempo map declares (grid.txt).

    python3 bench/chart_check.py BEATMAP_BINARY [--charts DIR]

For each chart it measures, for three ways of giving the map:
  chart     the chart file itself (its own tempo map),
  declared  the hit list in JSON with the chart's BPM and offset,
  plain     the bare hit list (the tempo map is fitted to the hits):
- flags on the correct chart, and false flags: a flag on a hit with a reference onset within 30 ms, or one
  claiming an error of 150 ms or more (reference onsets: aubioonset, hfc, an independent detector);
- whether `check` passes (exit 0, or exit 1 with only the offset rule as an error);
- moved hits: 5 % of the hits (seeded) moved by 80-150 ms, either way, to a spot with no reference onset within
  30 ms: the share flagged, the share whose own suggestion puts them back within 20 ms, and the share of their
  places restored by the suggestion of any moved hit (two neighbours moved past each other may each be offered the
  other's place: the chart comes back whole, though neither hit goes back to its own), and the flags the moved
  chart gets on hits that were not moved;
- the tempo `check` reports against the chart's (x1, x2 or x1/2 within 2 %);
and, once per song, the tempo of `bpm` and the F-measure (+-70 ms) of `detect`'s beats against grid.txt.
Last, the speed target: `check` of a 3-minute chart with 1,500 hits (the first song's audio played twice, cut at 180 s,
Vorbis as the charts ship it; its hits repeated), decoding included, median of 5 runs, next to aubioonset (hfc) on
the same file in the same run.
"""
import json, os, random, subprocess, sys, tempfile, csv

args = sys.argv[1:]
binary = args[0]
charts = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "charts")
if "--charts" in args:
    charts = args[args.index("--charts") + 1]
if not os.path.isdir(charts):
    sys.exit(f"chart_check: {charts} is absent")
tmp = tempfile.mkdtemp(prefix="chart-bench-")
rows = {r["id"]: r for r in csv.DictReader(open(os.path.join(charts, "SOURCES.tsv")), delimiter="\t")}


def load(path):
    return [float(l) for l in open(path) if l.strip()]


def onsets(audio):
    out = subprocess.run(["aubioonset", "-i", audio, "-O", "hfc"], capture_output=True, text=True).stdout
    return sorted(float(l) for l in out.split() if l.strip())


def near(xs, t, w):
    import bisect
    k = bisect.bisect_left(xs, t - w)
    return k < len(xs) and xs[k] <= t + w


def check(path, audio):
    p = subprocess.run([binary, "check", path, "--audio", audio, "--format", "json", "-q"], capture_output=True, text=True)
    r = json.loads(p.stdout)
    errors = {d["rule_id"] for d in r["diagnostics"] if d["severity"] == "error"} if r.get("diagnostics") else set()
    return p.returncode, r, errors


def write_map(kind, hits, row, chart_file, name):
    if kind == "chart":
        return chart_file
    path = os.path.join(tmp, name + (".json" if kind == "declared" else ".txt"))
    with open(path, "w") as f:
        if kind == "declared":
            grid = load(os.path.join(charts, row["id"], "grid.txt"))
            json.dump({"bpm": float(row["bpms"].split(",")[0].split("=")[-1]), "offset": grid[0], "beats": hits}, f)
        else:
            f.write("\n".join(f"{t:.6f}" for t in hits) + "\n")
    return path


def tempo_ok(found, chart):
    return found is not None and any(abs(found / (chart * k) - 1) <= 0.02 for k in (1, 2, 0.5))


def fmeasure(est, ref, w=0.07):
    est, ref = sorted(est), sorted(ref)
    used, hit = set(), 0
    for t in est:
        best = None
        for k, r in enumerate(ref):
            if k not in used and abs(r - t) <= w and (best is None or abs(r - t) < abs(ref[best] - t)):
                best = k
        if best is not None:
            used.add(best)
            hit += 1
    p = hit / len(est) if est else 0
    r = hit / len(ref) if ref else 0
    return 2 * p * r / (p + r) if p + r else 0


totals = {}
print(f"{'chart':18} {'kind':8} {'hits':>5} {'flags':>5} {'false':>5} {'pass':>4} {'moved':>5} {'found':>6} {'put back':>8} {'tempo':>7} {'ok':>3}")
song_rows = []
for cid, row in sorted(rows.items()):
    folder = os.path.join(charts, cid)
    audio = os.path.join(folder, "audio.ogg")
    chart_file = next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith((".ssc", ".sm", ".qua", ".osu", ".dat")))
    hits = load(os.path.join(folder, "hits.txt"))
    ref = onsets(audio)
    bpm = float(row["bpms"].split(",")[0].split("=")[-1])
    rng = random.Random(cid)
    moved = {}
    for i in rng.sample(range(len(hits)), max(1, len(hits) // 20)):
        for _ in range(40):
            shift = rng.choice((-1, 1)) * rng.uniform(0.080, 0.150)
            t = hits[i] + shift
            if t > 0 and not near(ref, t, 0.030) and all(abs(t - h) > 0.030 for j, h in enumerate(hits) if j != i and abs(h - t) < 0.2):
                moved[i] = t
                break
    for kind in ("chart", "declared", "plain"):
        code, r, errors = check(write_map(kind, hits, row, chart_file, cid), audio)
        flagged = [b for b in r["beats"] if b["flagged"]]
        false = [b for b in flagged if near(ref, b["time"], 0.030) or abs(b["error_ms"] or 0) >= 150]
        passed = code == 0 or errors <= {"beatmap.offset"}
        t = totals.setdefault(kind, dict(hits=0, flags=0, false=0, passed=0, charts=0, moved=0, found=0, back=0, restored=0, collateral=0, tempo=0))
        t["hits"] += len(hits); t["flags"] += len(flagged); t["false"] += len(false); t["passed"] += passed; t["charts"] += 1
        t["tempo"] += tempo_ok(r.get("map_bpm"), bpm)
        if kind == "chart":
            mv = mfound = mback = 0
        else:
            bad = [moved.get(i, h) for i, h in enumerate(hits)]
            order = sorted(range(len(bad)), key=lambda k: bad[k])
            code2, r2, _ = check(write_map(kind, [bad[k] for k in order], row, chart_file, cid + ".moved"), audio)
            by_time = {round(b["time"], 6): b for b in r2["beats"]}
            mv = len(moved); mfound = mback = 0
            for i, t_new in moved.items():
                b = by_time.get(round(t_new, 6))
                if b and b["flagged"]:
                    mfound += 1
                    if b.get("suggestion") is not None and abs(b["suggestion"] - hits[i]) <= 0.020:
                        mback += 1
            moved_times = {round(t_new, 6) for t_new in moved.values()}
            offered = [b["suggestion"] for b in r2["beats"]
                       if b["flagged"] and b.get("suggestion") is not None and round(b["time"], 6) in moved_times]
            t["collateral"] += sum(1 for b in r2["beats"] if b["flagged"] and round(b["time"], 6) not in moved_times)
            t["restored"] += sum(any(abs(x - hits[i]) <= 0.020 for x in offered) for i in moved)
            t["moved"] += mv; t["found"] += mfound; t["back"] += mback
        print(f"{cid:18} {kind:8} {len(hits):5} {len(flagged):5} {len(false):5} {'yes' if passed else 'no':>4} {mv:5} {mfound:6} {mback:8} {r.get('map_bpm') or 0:7.2f} {'yes' if tempo_ok(r.get('map_bpm'), bpm) else 'no':>3}")
    out = subprocess.run([binary, "bpm", audio, "--format", "json"], capture_output=True, text=True).stdout
    est = json.loads(out).get("bpm") if out.strip() else None
    dpath = os.path.join(tmp, cid + ".detect.txt")
    subprocess.run([binary, "detect", audio, "-o", dpath], capture_output=True)
    grid = load(os.path.join(folder, "grid.txt"))
    det = [t for t in load(dpath) if grid[0] - 0.1 <= t <= grid[-1] + 0.1] if os.path.exists(dpath) else []
    song_rows.append((cid, bpm, est, tempo_ok(est, bpm), fmeasure(det, grid)))

print()
print("| map given as | hits | flags | false flags | charts passing | moved hits found | put back within 20 ms | places restored | flags on unmoved hits | check tempo ok |")
print("|---|---|---|---|---|---|---|---|---|---|")
for kind, t in totals.items():
    mv = t["moved"] or 1
    print(f"| {kind} | {t['hits']} | {t['flags']} ({100*t['flags']/t['hits']:.2f} %) | {t['false']} ({100*t['false']/t['hits']:.2f} %) | {t['passed']}/{t['charts']} | "
          + (f"{t['found']}/{t['moved']} ({100*t['found']/mv:.0f} %) | {t['back']}/{t['moved']} ({100*t['back']/mv:.0f} %) | {t['restored']}/{t['moved']} ({100*t['restored']/mv:.0f} %) | {t['collateral']}" if t["moved"] else "– | – | – | –")
          + f" | {t['tempo']}/{t['charts']} |")
print()
print("| song | chart BPM | beatmap bpm | ok (x1, x2, x1/2 within 2 %) | detect F against the declared grid |")
print("|---|---|---|---|---|")
for cid, bpm, est, ok, f in song_rows:
    print(f"| {cid} | {bpm:g} | {est if est is None else round(est, 2)} | {'yes' if ok else 'no'} | {f:.3f} |")
fs = sorted(r[4] for r in song_rows)
print(f"\nbpm within 2 % (x1, x2, x1/2): {sum(r[3] for r in song_rows)}/{len(song_rows)}; detect F median {fs[len(fs)//2] if len(fs)%2 else (fs[len(fs)//2-1]+fs[len(fs)//2])/2:.3f}")


def median_time(cmd, runs=5):
    import time
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        times.append(time.perf_counter() - start)
    return sorted(times)[runs // 2]


first = sorted(rows)[0]
folder = os.path.join(charts, first)
song = os.path.join(folder, "audio.ogg")
long_audio = os.path.join(tmp, "3min.ogg")
subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", song, "-i", song, "-filter_complex",
                "[0:a][1:a]concat=n=2:v=0:a=1,atrim=0:180", "-c:a", "libvorbis", long_audio], check=True)
hits = load(os.path.join(folder, "hits.txt"))
length = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", song],
                              capture_output=True, text=True).stdout)
long_hits = [t for t in hits] + [t + length for t in hits if t + length < 179.5]
long_hits = long_hits[:1500]
long_map = os.path.join(tmp, "3min.json")
json.dump({"bpm": float(rows[first]["bpms"].split(",")[0].split("=")[-1]), "offset": 0.0, "beats": long_hits}, open(long_map, "w"))
ours = median_time([binary, "check", long_map, "--audio", long_audio, "-q", "-o", os.devnull])
peer = median_time(["aubioonset", "-i", long_audio, "-O", "hfc"])
print(f"\nspeed: beatmap check of a 180 s Vorbis chart with {len(long_hits)} hits, decoding included: {ours:.3f} s "
      f"(target < 0.5 s); aubioonset -O hfc on the same file: {peer:.3f} s (median of 5)")
