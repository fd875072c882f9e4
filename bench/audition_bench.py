#!/usr/bin/env python3
"""Times `beatmap audition` on two tracks: the first view (from the command's start to the page's setup, the view and
the four compared curves' mixes answered, as the page asks for them) and the server's peak memory (VmHWM) after
them, which must not grow with the tracks' length (each request renders only the looped stretch).
Usage: audition_bench.py BEATMAP A B AT LABEL [--analyse]"""
import re, subprocess, sys, time, urllib.request


def main():
    beatmap, a, b, at, label = sys.argv[1:6]
    analyse = "--analyse" in sys.argv[6:]
    tempo = [] if analyse else ["--bpm-a", "120", "--bpm-b", "120"]
    start = time.perf_counter()
    server = subprocess.Popen([beatmap, "audition", a, b, "--at", at, "--no-open", *tempo], stderr=subprocess.PIPE, text=True)
    try:
        url = None
        while url is None:
            line = server.stderr.readline()
            if not line:
                sys.exit("audition_bench: the audition stopped before printing its URL")
            m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
            if m:
                url, port, token = m.group(0), m.group(1), m.group(2)
        base = f"http://127.0.0.1:{port}"

        def get(path):
            with urllib.request.urlopen(f"{base}{path}{'&' if '?' in path else '?'}token={token}") as r:
                return r.read()

        get("/")
        get("/api/setup")
        plan = f"at={at}&duration=2&curve=linear"
        get(f"/api/view?{plan}&width=1200")
        sizes = [len(get(f"/api/mix?at={at}&duration=2&curve={c}")) for c in ("linear", "equal-power", "s-curve", "hard-cut")]
        first = time.perf_counter() - start
        status = open(f"/proc/{server.pid}/status").read()
        hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
        print(f"  {label}: first view {first:.2f} s ({'tempo analysed' if analyse else 'tempo given'}; four mixes of "
              f"{sizes[0] / 1e6:.1f} MB each), server peak memory {hwm / 1024:.0f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
