#!/usr/bin/env python3
"""How the chart handlers' time grows with the input: each at n, 10n, 100n and 1,000n hits (n = 100), spread over a
track (a hit every 62.5 ms) and stacked 1 µs apart (the shape that made the checker quadratic), with the ratio of
each step's time to the step before (10 is linear). Each line also times Python `simfile` reading the same `.sm` and
timing every note with its engine, the games' own parser doing equal work in the same run.
Usage: scaling.py BEATMAP TRACK    (TRACK: any audio of a few seconds; the check's cost grows with the hits)"""
import json, os, subprocess, sys, tempfile, time


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def simfile_time(path):
    code = (
        "import simfile, sys\n"
        "from simfile.timing import TimingData\n"
        "from simfile.timing.engine import TimingEngine\n"
        "from simfile.notes import NoteData\n"
        "s = simfile.open(sys.argv[1]); c = s.charts[0]; e = TimingEngine(TimingData(s, c))\n"
        "times = [e.time_at(note.beat) for note in NoteData(c)]\n"
    )
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        return None
    return time.perf_counter() - start


def row(label, sizes, seconds, peer=None):
    cells = [f"{s:8.3f} s" for s in seconds]
    # Growth per 10× of input: a step of k× in size is scaled to 10× (the editor's last step is 5×).
    import math
    ratios = [
        f"×{(b / a) ** (1 / math.log10(nb / na)):5.1f}" if a > 0 else "  n/a"
        for a, b, na, nb in zip(seconds, seconds[1:], sizes, sizes[1:])
    ]
    line = f"| {label:<34} | " + " | ".join(cells) + " | " + " ".join(ratios) + " |"
    if peer:
        line += " " + " ".join(f"{p:.3f} s" if p is not None else "n/a" for p in peer) + " |"
    print(line)


def main():
    beatmap, track = sys.argv[1:3]
    sizes = [100, 1_000, 10_000, 100_000]
    work = tempfile.mkdtemp()
    print(f"| handler (hits: {', '.join(f'{s:,}' for s in sizes)}) | " + " | ".join(f"{s:,}" for s in sizes) + " | growth per 10× | simfile |")
    print("|---|" + "---|" * len(sizes) + "---|---|")
    spread, dense = {}, {}
    for n in sizes:
        spread[n] = os.path.join(work, f"spread{n}.txt")
        with open(spread[n], "w") as f:
            f.write("\n".join(f"{0.2 + i * 0.0625:.4f}" for i in range(n)) + "\n")
        dense[n] = os.path.join(work, f"dense{n}.json")
        with open(dense[n], "w") as f:
            json.dump({"bpm": 120, "offset": 0.2, "beats": [round(1.0 + i * 1e-6, 7) for i in range(n)]}, f)
    for ext in ["sm", "osu", "qua", "json"]:
        seconds, peer = [], []
        for n in sizes:
            out = os.path.join(work, f"out{n}.{ext}")
            if os.path.exists(out):
                os.remove(out)
            seconds.append(timed([beatmap, "convert", spread[n], "-o", out, "--bpm", "120", "--offset", "0.2"]))
            peer.append(simfile_time(out) if ext == "sm" else None)
        row(f"convert to .{ext}", sizes, seconds, peer if ext == "sm" else None)
    row("lint (spread)", sizes, [timed([beatmap, "lint", spread[n]]) for n in sizes])
    row("check (spread, fitted map)", sizes, [timed([beatmap, "check", spread[n], "--audio", track]) for n in sizes])
    row("check (1 µs apart, declared BPM)", sizes, [timed([beatmap, "check", dense[n], "--audio", track]) for n in sizes])
    row("editor PUT /api/beats (1 µs apart)", sizes[:3] + [50_000], editor_puts(beatmap, track, dense[100], sizes[:3] + [50_000]))


def editor_puts(beatmap, track, mapfile, sizes):
    """The time of one PUT /api/beats of each size of hits 1 µs apart (measured at the client, on loopback)."""
    import re, urllib.request
    server = subprocess.Popen([beatmap, "edit", track, mapfile, "--no-open"], stderr=subprocess.PIPE, text=True)
    try:
        port = token = None
        while token is None:
            line = server.stderr.readline()
            if not line:
                sys.exit("scaling: the editor stopped before printing its URL")
            m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
            if m:
                port, token = m.group(1), m.group(2)
        seconds = []
        for n in sizes:
            body = json.dumps([round(1.0 + i * 1e-6, 7) for i in range(n)]).encode()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/beats?token={token}", data=body, method="PUT")
            start = time.perf_counter()
            with urllib.request.urlopen(request) as r:
                r.read()
            seconds.append(time.perf_counter() - start)
        return seconds
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
