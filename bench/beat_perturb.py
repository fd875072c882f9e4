#!/usr/bin/env python3
"""Perturbation benchmark for `beatmap check` (issue #4).

Takes the human beat annotations of ../shared/corpus/beats as correct maps, makes wrong
copies of them, and measures how `beatmap check` finds the damage, next to a baseline that
flags beats by their distance (> 50 ms) to librosa's and to madmom's beats.

    python3 bench/beat_perturb.py BEATMAP_BINARY [PEER_RESULTS_DIR] [--dump FILE]

--dump FILE writes every beat of the shifted maps as JSON (clip, index, shifted or not, flagged
or not, error to the audio, onset strength, distance to its neighbours' grid in the map, and
to madmom's nearest beat) for looking into the false flags and misses.

PEER_RESULTS_DIR holds <tool>/<id>.beats as written by ../shared/tools/beat-eval/run_peers.py
(default $BEAT_EVAL_WORK/results). Audio: $BEAT_EVAL_WORK/wav44k/<id>.wav when present (the
peers' input), else the corpus file. Deterministic (seeded)."""
import json, os, random, subprocess, sys, statistics
from concurrent.futures import ThreadPoolExecutor

args = sys.argv[1:]
dump_path = None
if "--dump" in args:
    dump_path = args[args.index("--dump") + 1]
    del args[args.index("--dump"):args.index("--dump") + 2]
binary = args[0]
work = os.environ.get("BEAT_EVAL_WORK", os.path.join(os.getcwd(), "beat-eval-work"))
peers_dir = args[1] if len(args) > 1 else os.path.join(work, "results")
corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "beats")
tmp = os.path.join(work, "perturb")
os.makedirs(tmp, exist_ok=True)

clips = []
with open(os.path.join(corpus, "MANIFEST.tsv")) as f:
    header = f.readline().rstrip("\n").split("\t")
    for line in f:
        row = dict(zip(header, line.rstrip("\n").split("\t")))
        if row["has_beats"] == "yes":
            clips.append(row)


def load(path):
    with open(path) as f:
        return [float(l.split()[0]) for l in f if l.strip() and not l.startswith("#")]


def audio_for(row):
    wav = os.path.join(work, "wav44k", row["id"] + ".wav")
    return wav if os.path.exists(wav) else os.path.join(corpus, row["src_file"])


def check(row, name, beats):
    path = os.path.join(tmp, f"{row['id']}.{name}.txt")
    with open(path, "w") as f:
        f.write("\n".join(f"{b:.6f}" for b in beats) + "\n")
    out = subprocess.run([binary, "check", path, "--audio", audio_for(row), "--format", "json", "-q"], capture_output=True, text=True)
    return json.loads(out.stdout)


def perturbations(row, beats):
    rng = random.Random(row["id"])
    n = len(beats)
    k = max(1, round(0.1 * n))
    shifted = sorted(rng.sample(range(n), k))
    shift = list(beats)
    for i in shifted:
        shift[i] += rng.choice((-1, 1)) * rng.uniform(0.060, 0.200)
    delta = rng.choice((-1, 1)) * rng.uniform(0.020, 0.100)
    offset = [b + delta for b in beats]
    scaled = [beats[0] + 1.01 * (b - beats[0]) for b in beats]
    # delete 5 % and insert 5 % (inserted beats fall between 25 % and 75 % of a kept interval)
    m = max(1, round(0.05 * n))
    deleted = set(rng.sample(range(1, n - 1), m))
    kept = [b for i, b in enumerate(beats) if i not in deleted]
    inserted_times = []
    for _ in range(m):
        j = rng.randrange(0, len(kept) - 1)
        inserted_times.append(rng.uniform(kept[j] + 0.25 * (kept[j + 1] - kept[j]), kept[j] + 0.75 * (kept[j + 1] - kept[j])))
    edit = sorted(kept + inserted_times)
    inserted = {edit.index(t) for t in inserted_times}
    return {"shift": (shift, set(shifted)), "offset": (offset, delta), "tempo": (scaled, 0.01), "edit": (edit, inserted)}


def peer_flags(beats, peer, tolerance=0.050):
    if not peer:
        return set(range(len(beats)))
    return {i for i, b in enumerate(beats) if min(abs(b - p) for p in peer) > tolerance}


def run_clip(row):
    beats = load(os.path.join(corpus, "beats", row["id"] + ".beats"))
    p = perturbations(row, beats)
    res = {"id": row["id"], "n": len(beats), "beats": beats, "orig": check(row, "orig", beats)}
    for name, (mb, truth) in p.items():
        res[name] = check(row, name, mb)
        res[name + "_truth"] = sorted(truth) if isinstance(truth, set) else truth
        res[name + "_beats"] = mb
    return res


def f1(tp, fp, fn):
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def flagged(j):
    return {b["index"] for b in j["beats"] if b["flagged"]}


def has(j, rule):
    return any(d["rule_id"] == rule for d in j["diagnostics"])


with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    results = list(pool.map(run_clip, clips))

peers = {}
for tool in ("librosa", "madmom"):
    d = os.path.join(peers_dir, tool)
    if os.path.isdir(d):
        peers[tool] = {r["id"]: load(os.path.join(d, r["id"] + ".beats")) for r in results if os.path.exists(os.path.join(d, r["id"] + ".beats"))}

total = sum(r["n"] for r in results)
tp = fp = fn = 0
for r in results:
    F, S = flagged(r["shift"]), set(r["shift_truth"])
    tp += len(F & S); fp += len(F - S); fn += len(S - F)
ours_shift = f1(tp, fp, fn)
ours_false = sum(len(flagged(r["orig"])) for r in results) / total
peer_rows = {}
for tool, beats_by_id in peers.items():
    tp = fp = fn = 0; false = 0; n = 0
    for r in results:
        if r["id"] not in beats_by_id:
            continue
        pb = beats_by_id[r["id"]]
        F, S = peer_flags(r["shift_beats"], pb), set(r["shift_truth"])
        tp += len(F & S); fp += len(F - S); fn += len(S - F)
        false += len(peer_flags(r["beats"], pb)); n += r["n"]
    peer_rows[tool] = (f1(tp, fp, fn), false / max(1, n))

abs_err = [abs(r["offset"]["offset_ms"] / 1000 - r["offset_truth"]) for r in results if r["offset"]["offset_ms"] is not None]
rel_err = [abs(r["offset"]["offset_ms"] / 1000 - r["offset_truth"] - r["orig"]["offset_ms"] / 1000) for r in results if r["offset"]["offset_ms"] is not None and r["orig"]["offset_ms"] is not None]
bias = [r["orig"]["offset_ms"] for r in results if r["orig"]["offset_ms"] is not None]
drift_found = sum(has(r["tempo"], "beatmap.drift") for r in results)
drift_false = sum(has(r["orig"], "beatmap.drift") for r in results)
ratio_err = [abs((r["tempo"]["audio_bpm"] / r["tempo"]["map_bpm"]) - 1.01) for r in results if r["tempo"]["map_bpm"] and r["tempo"]["audio_bpm"]]
ins_found = ins_total = gap_found = 0
for r in results:
    diags = r["edit"]["diagnostics"]
    lines = {d["line"] - 1 for d in diags if d["rule_id"] in ("beatmap.misaligned", "beatmap.outlier") and d["line"]}
    truth = set(r["edit_truth"])
    ins_total += len(truth)
    ins_found += len(truth & lines)
    gap_found += sum(1 for d in diags if d["rule_id"] == "beatmap.outlier" and "missing" in d["message"])

dash = " – |" * len(peer_rows)
print(f"beatmap check perturbation benchmark: {len(results)} clips, {total} annotated beats\n")
print("| measure | beatmap check |" + "".join(f" {t} baseline |" for t in peer_rows) + " target |")
print("|---|---|" + "---|" * len(peer_rows) + "---|")
p, rc, f = ours_shift
print(f"| shifted beats (10 %, 60–200 ms): precision / recall / F1 | {p:.3f} / {rc:.3f} / **{f:.3f}** |" + "".join(f" {v[0][0]:.3f} / {v[0][1]:.3f} / {v[0][2]:.3f} |" for v in peer_rows.values()) + " F1 ≥ 0.95 |")
print(f"| unshifted annotations: beats flagged | **{100 * ours_false:.2f} %** |" + "".join(f" {100 * v[1]:.2f} % |" for v in peer_rows.values()) + " < 2 % |")
print(f"| global offset ±20–100 ms: median error of the estimate | **{1000 * statistics.median(abs_err):.1f} ms** |{dash} ≤ 5 ms |")
print(f"| same, against the unperturbed map's own estimate | {1000 * statistics.median(rel_err):.1f} ms |{dash} |")
print(f"| tempo scaled by 1 %: drift reported | {drift_found}/{len(results)} |{dash} |")
print(f"| unperturbed maps: drift reported (false alarms) | {drift_false}/{len(results)} |{dash} |")
if ratio_err:
    print(f"| tempo ratio estimate on the 1 % maps, median error | {100 * statistics.median(ratio_err):.3f} % |{dash} |")
print(f"| inserted beats (5 %) flagged at their line | {ins_found}/{ins_total} |{dash} |")
print(f"| deleted beats (5 %): gaps reported | {gap_found} |{dash} |")
print(f"\nMedian offset found on the unperturbed human annotations (annotation minus audio onsets): {statistics.median(bias):+.1f} ms")


def grid_deviation(q, k):
    """Beat k minus where its neighbours (±4 beats) put it: Theil–Sen line of time against index."""
    js = [j for j in range(max(0, k - 4), min(len(q), k + 5)) if j != k]
    slope = statistics.median((q[b] - q[a]) / (b - a) for i, a in enumerate(js) for b in js[i + 1:])
    return q[k] - (statistics.median(q[j] - slope * j for j in js) + slope * k)


if dump_path:
    rows = []
    for r in results:
        truth, q = set(r["shift_truth"]), r["shift_beats"]
        mm = peers.get("madmom", {}).get(r["id"])
        for b in r["shift"]["beats"]:
            k = b["index"]
            rows.append({"clip": r["id"], "index": k, "shifted": k in truth, "flagged": b["flagged"],
                         "flagged_unperturbed": k not in truth and k in flagged(r["orig"]),
                         "error_ms": b.get("error_ms"), "strength": b.get("strength"),
                         "grid_ms": round(1000 * grid_deviation(q, k), 1),
                         "madmom_ms": round(1000 * (min(mm, key=lambda m: abs(m - q[k])) - q[k]), 1) if mm else None})
    with open(dump_path, "w") as f:
        json.dump(rows, f, indent=0)
    fp = [x for x in rows if x["flagged"] and not x["shifted"]]
    print(f"\nDumped {len(rows)} beats to {dump_path}: {len(fp)} false flags, {sum(x['flagged_unperturbed'] for x in fp)} of them "
          f"also flagged on the unperturbed map, {sum(1 for x in fp if x['madmom_ms'] is not None and abs(x['madmom_ms']) > 50)} "
          f"more than 50 ms from madmom's nearest beat")
