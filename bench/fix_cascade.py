#!/usr/bin/env python3
"""Applies the checker's suggestions one by one, as a designer clicks the editor's findings: on each correct chart of
../shared/corpus/charts, 5 hits (away from both ends) are moved by ±90–110 ms; the editor (`beatmap edit`, driven
through its HTTP API) then checks the chart, the first flagged hit that has a fix and is not a "maybe" is moved to its
fix, and so on until none is left (at most 40 steps). Reports, per chart and seed, how many moved hits came back within
20 ms (by each hit, and by the chart's times: two neighbours moved past each other and put back each on the other's
line restore the chart) and the largest move of any hit that was not moved: the target of issue #39 is every moved hit back within 20 ms
and no other hit moved by more than 5 ms.

Run next to the naive way (every suggestion applied, the "maybe"s too, at their `maybe_place`: what the page offered
before), on equal work; then with 5 hits nudged only 4–8 ms (off the grid of a snapped chart, as a note dragged without
the snap lands), where the fix should be the hit's own line (back within 2 ms: whole-millisecond charts round it).

Usage: fix_cascade.py BEATMAP [SEEDS] [FIRST]   (default 3 seeds from seed 1; seeds 7 on were never used to tune the
rules, so `fix_cascade.py BEATMAP 6 7` measures them on moves they have not seen)"""
import json, os, random, re, subprocess, sys, urllib.error, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARTS = os.path.join(ROOT, "..", "shared", "corpus", "charts")


def request(url, path, method="GET", body=None):
    base, token = url.split("/?")[0], url.split("token=")[1]
    sep = "&" if "?" in path else "?"
    req = urllib.request.Request(f"{base}{path}{sep}token={token}", method=method,
                                 data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read() or b"null")


def run(beatmap, chart, audio, seed, maybes, moves=(0.090, 0.110), within=0.020):
    server = subprocess.Popen([beatmap, "edit", chart, "--audio", audio, "--no-open"], stderr=subprocess.PIPE, text=True)
    try:
        url = None
        while url is None:
            line = server.stderr.readline()
            if not line:
                raise RuntimeError(f"the editor printed no URL for {chart}")
            m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
            url = m.group(1) if m else None
        truth = [b["time"] for b in request(url, "/api/state")["beats"]]
        rng = random.Random(seed)
        moved = sorted(rng.sample(range(10, len(truth) - 10), 5))
        times = truth[:]
        for i in moved:
            times[i] += rng.choice([-1, 1]) * rng.uniform(*moves)
        # Each hit's identity, carried through the re-sorting the server does.
        pairs = sorted(zip(times, range(len(times))))
        state = request(url, "/api/beats", "PUT", [t for t, _ in pairs])
        steps = 0
        for steps in range(40):
            # The page's apply moves a hit to its `fix` (errors only); the naive way also takes a maybe's `maybe_place`.
            def place(b):
                return b["fix"] if b["fix"] is not None else (b.get("maybe_place") if maybes else None)
            flagged = [k for k, b in enumerate(state["beats"]) if b["flagged"] and place(b) is not None]
            if not flagged:
                break
            k = flagged[0]
            pairs[k] = (place(state["beats"][k]), pairs[k][1])
            pairs.sort()
            state = request(url, "/api/beats", "PUT", [t for t, _ in pairs])
        final = {i: t for t, i in pairs}
        back = sum(abs(final[i] - truth[i]) <= within for i in moved)
        other = max(abs(final[i] - truth[i]) for i in range(len(truth)) if i not in moved)
        return back, times_back(truth, [t for t, _ in pairs], len(moved), within), other, steps
    finally:
        server.terminate()
        server.wait()


def times_back(truth, final, moved, within=0.020):
    """How many of the `moved` hits the chart's times have back, the hits not told apart (two neighbours moved past each
    other and put back each on the other's line restore the chart): `moved` less the hits of `truth` that no hit of
    `final` matches `within` seconds, one to one (the greedy matching of two sorted lists, which is the largest)."""
    a, b = sorted(truth), sorted(final)
    i = j = matched = 0
    while i < len(a) and j < len(b):
        if abs(a[i] - b[j]) <= within:
            matched, i, j = matched + 1, i + 1, j + 1
        elif a[i] < b[j]:
            i += 1
        else:
            j += 1
    return max(0, moved - (len(a) - matched))



def main():
    if len(sys.argv) not in (2, 3, 4):
        sys.exit("usage: fix_cascade.py BEATMAP [SEEDS] [FIRST]")
    beatmap, seeds = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) >= 3 else 3
    first = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    if not os.path.isdir(CHARTS):
        print("fix_cascade: SKIPPED: ../shared/corpus/charts is absent")
        return
    for maybes, moves, within, what in (
        (False, (0.090, 0.110), 0.020, "the page: errors' fixes only"),
        (True, (0.090, 0.110), 0.020, "naive: every suggestion, maybes too"),
        (False, (0.004, 0.008), 0.002, "slips: 5 hits nudged 4–8 ms off their lines (dragged without the snap), the page's way"),
    ):
        total_back = total = total_times = 0
        worst_other = 0.0
        print(f"\n### {what}\n")
        ms = f"{within * 1000:.0f} ms"
        print(f"| chart | seed | moved hits back within {ms} | the chart's times back | largest move of another hit | steps |")
        print("|---|---|---|---|---|---|")
        for name in sorted(os.listdir(CHARTS)):
            folder = os.path.join(CHARTS, name)
            if not os.path.isdir(folder):
                continue
            charts = [f for f in sorted(os.listdir(folder)) if f.endswith((".ssc", ".sm", ".qua", ".json", ".osu"))]
            if not charts:
                continue
            for seed in range(first, first + seeds):
                back, times, other, steps = run(
                    beatmap, os.path.join(folder, charts[0]), os.path.join(folder, "audio.ogg"), seed, maybes, moves, within)
                total_back, total, worst_other = total_back + back, total + 5, max(worst_other, other)
                total_times += times
                print(f"| {name} | {seed} | {back} of 5 | {times} of 5 | {other * 1000:.1f} ms | {steps} |", flush=True)
        print(f"\n{what}: {total_back} of {total} moved hits back within {ms} ({total_times} of {total} by the chart's times,"
              f" hits not told apart); no other hit moved more than {worst_other * 1000:.1f} ms.")

if __name__ == "__main__":
    main()
