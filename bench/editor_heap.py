#!/usr/bin/env python3
"""The editor page's memory, in Debian's chromium (Playwright), for tracks of several lengths in the same run: once
the page shows the map, and again after it has played the track at its start, its middle and its end. The page asks
the server for envelopes of the width it draws and streams the audio in pieces of 10 s (HTTP ranges), holding a few at
once, so neither figure should grow with the track.

For each track, in a browser of its own:
- the used JavaScript heap (CDP Runtime.getHeapUsage after a garbage collection), once shown and after playing;
- the bytes of samples the page holds (its player's own count) and the resident memory of chromium's renderer
  processes (summed from /proc), after playing;
- next to them, the same renderer memory after the page decodes the whole track into one AudioBuffer, as the page
  did before it streamed (and as a page built on `decodeAudioData` of the whole file does): the peer, in the same run.

Usage: editor_heap.py BEATMAP TRACK:MAP[:LABEL] ...   (bench/run.sh editor makes the tracks)"""
import os, re, subprocess, sys, time


def start(binary, track, mapfile):
    server = subprocess.Popen([binary, "edit", track, mapfile, "--no-open"], stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", server.stderr.readline())
        if m:
            return server, m.group(1)
    server.terminate()
    sys.exit("editor_heap: the editor printed no URL")


def renderer_rss():
    """Resident bytes of every chromium renderer process (only this script's browser runs while it measures)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read()
            if b"--type=renderer" not in cmd or b"chrom" not in cmd:
                continue
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def heap(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Runtime.getHeapUsage")["usedSize"]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = sys.argv[1]
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        for spec in sys.argv[2:]:
            track, mapfile, *label = spec.split(":")
            server, url = start(binary, track, mapfile)
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
            try:
                page = browser.new_context(viewport={"width": 1400, "height": 800}, bypass_csp=True).new_page()
                page.goto(url)
                page.wait_for_function("window.editor && window.editor.state && window.editor.beats.length > 0", timeout=60000)
                page.wait_for_timeout(1500)  # the envelopes
                shown = heap(page)
                duration = page.evaluate("window.editor.state.duration")
                for at in (0.5, duration / 2, max(0.5, duration - 3)):
                    page.evaluate(f"window.editor.transport.seek({at})")
                    page.click("#play")
                    page.wait_for_function(f"window.editor.position() > {at + 1.2}", timeout=30000)
                    page.click("#play")
                page.wait_for_timeout(300)
                played = heap(page)
                held = page.evaluate("window.editor.transport.heldBytes()")
                rss = renderer_rss()
                # The peer: the whole track decoded into one AudioBuffer and kept, as a page that does not stream holds it.
                page.evaluate("""async () => {
                  const bytes = await (await fetch('/audio' + location.search)).arrayBuffer();
                  window.wholeTrack = await window.editor.transport.ctx.decodeAudioData(bytes);
                }""")
                page.wait_for_timeout(300)
                whole = renderer_rss()
                rows.append((label[0] if label else track, duration, shown, played, held, rss, whole))
                page.close()
            finally:
                browser.close()
                server.terminate()
                server.wait(timeout=10)
    base = rows[0]
    for name, duration, shown, played, held, rss, whole in rows:
        print(f"  page, {name} track ({duration:.0f} s): JS heap {shown / 1e6:.2f} MB shown, {played / 1e6:.2f} MB after playing "
              f"start, middle and end ({played / base[3]:.2f}× the {base[0]} track's); samples held {held / 1e6:.1f} MB; "
              f"renderer memory {rss / 1e6:.0f} MB ({rss / base[5]:.2f}×), "
              f"{whole / 1e6:.0f} MB once the whole track is decoded into one buffer as well ({whole / base[6]:.2f}×)")


if __name__ == "__main__":
    main()
