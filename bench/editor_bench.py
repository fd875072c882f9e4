#!/usr/bin/env python3
"""Times `beatmap edit` on one track and map: the first view (from the command's start to the page's state and
both envelopes answered), the re-check after an edit (PUT /api/beats, median of 21, measured at the client on
loopback, so it bounds the server's time from above), the server's peak memory (VmHWM) before and after the whole
track is fetched as WAV (GET /audio, as a player without ranges does), and one edit at the editor's beat bound.
Usage: editor_bench.py BEATMAP TRACK MAP LABEL"""
import json, re, statistics, subprocess, sys, time, urllib.request


def main():
    beatmap, track, mapfile, label = sys.argv[1:5]
    start = time.perf_counter()
    server = subprocess.Popen([beatmap, "edit", track, mapfile, "--no-open"], stderr=subprocess.PIPE, text=True)
    try:
        url = None
        while url is None:
            line = server.stderr.readline()
            if not line:
                sys.exit("editor_bench: the editor stopped before printing its URL")
            m = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
            if m:
                url, port, token = m.group(1), m.group(2), m.group(3)
        base = f"http://127.0.0.1:{port}"

        def get(path):
            with urllib.request.urlopen(f"{base}{path}{'&' if '?' in path else '?'}token={token}") as r:
                return r.read()

        get("/")
        state = json.loads(get("/api/state"))
        get(f"/api/envelope?from=0&to={state['duration']}&width=1400")
        get("/api/envelope?from=0&to=12&width=1400")
        first_view = time.perf_counter() - start
        beats = [b["time"] for b in state["beats"]]
        times = []
        for k in range(21):
            edited = beats[:]
            edited[k % len(edited)] += 0.013
            body = json.dumps(edited).encode()
            request = urllib.request.Request(f"{base}/api/beats?token={token}", data=body, method="PUT")
            t = time.perf_counter()
            with urllib.request.urlopen(request) as r:
                r.read()
            times.append(time.perf_counter() - t)
        def peak():
            with open(f"/proc/{server.pid}/status") as f:
                return next(int(l.split()[1]) for l in f if l.startswith("VmHWM")) / 1024

        before = peak()
        t = time.perf_counter()
        with urllib.request.urlopen(f"{base}/audio?token={token}") as r:
            sent = 0
            while chunk := r.read(1 << 16):
                sent += len(chunk)
        audio_time = time.perf_counter() - t
        after = peak()
        bound = 50_000  # EditorSession.maxBeats
        body = json.dumps([state['duration'] * k / bound for k in range(bound)]).encode()
        request = urllib.request.Request(f"{base}/api/beats?token={token}", data=body, method="PUT")
        t = time.perf_counter()
        with urllib.request.urlopen(request) as r:
            r.read()
        bound_time = time.perf_counter() - t
        print(f"  {label}: {state['duration']:.0f} s, {len(beats)} beats: first view {first_view:.2f} s; "
              f"re-check after an edit {statistics.median(times) * 1000:.1f} ms (median of 21, round trip); "
              f"server peak memory {before:.1f} MB; after GET /audio of the whole track ({sent / 1e6:.0f} MB in "
              f"{audio_time:.2f} s) {after:.1f} MB; an edit of {bound} beats (the bound, all too close) "
              f"{bound_time:.2f} s, then peak {peak():.1f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
