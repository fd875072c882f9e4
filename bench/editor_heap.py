#!/usr/bin/env python3
"""The editor page's JavaScript heap after it has loaded a track and its map, in Debian's chromium (Playwright),
for tracks of several lengths in the same run: the page asks the server for envelopes of the width it draws and for
the audio by ranges, so its heap should not grow with the track. Each figure is the used heap (CDP
Runtime.getHeapUsage) after a garbage collection, once the page shows the map's state, next to the same page on the
shortest track (the reference, measured in the same run).

Usage: editor_heap.py BEATMAP TRACK:MAP[:LABEL] ...   (bench/run.sh editor makes the tracks)"""
import re, subprocess, sys, time


def start(binary, track, mapfile):
    server = subprocess.Popen([binary, "edit", track, mapfile, "--no-open"], stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", server.stderr.readline())
        if m:
            return server, m.group(1)
    server.terminate()
    sys.exit("editor_heap: the editor printed no URL")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = sys.argv[1]
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for spec in sys.argv[2:]:
            track, mapfile, *label = spec.split(":")
            server, url = start(binary, track, mapfile)
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 800})
                page.goto(url)
                page.wait_for_function("window.editor && window.editor.state && window.editor.beats.length > 0", timeout=60000)
                page.wait_for_timeout(1500)  # the envelopes and the first audio range
                cdp = page.context.new_cdp_session(page)
                cdp.send("HeapProfiler.collectGarbage")
                used = cdp.send("Runtime.getHeapUsage")["usedSize"]
                rows.append((label[0] if label else track, page.evaluate("window.editor.beats.length"), used))
                page.close()
            finally:
                server.terminate()
                server.wait(timeout=10)
        browser.close()
    base = rows[0][2]
    for name, beats, used in rows:
        print(f"  page JS heap, {name} ({beats} beats): {used / 1e6:.2f} MB ({used / base:.2f}× the {rows[0][0]} track's)")


if __name__ == "__main__":
    main()
