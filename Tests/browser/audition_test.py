#!/usr/bin/env python3
"""The crossfade audition in a real browser (Debian's chromium, driven by Playwright): open two sample tracks, play
the loop, switch curves while it plays and check that each switch started the other curve's mix at the very position
the loop had reached (no stop, no restart), pick a scenario, and check that the samples the page plays are those the
command line it shows writes (run, decoded, compared sample for sample). With SCREENSHOT, saves the page there
(docs/audition.png is made so).

Usage: python3 Tests/browser/audition_test.py BEATMAP_BINARY [SCREENSHOT.png]
Prints '1 passed, 0 failed' (or the failure) and exits 0 or 1; skips, saying so, without chromium or Playwright
(and fails then under CI=true)."""
import os, shlex, shutil, struct, subprocess, sys, tempfile

from support import ROOT, check_strict_policy, failed, launch, missing_tools, passed, start_server, stop_server


def float_wav(path):
    """(channels, rate, samples) of a 32-bit float WAV file, read chunk by chunk (independent of our reader)."""
    data = open(path, "rb").read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", f"{path} is not a WAV file"
    i, fmt = 12, None
    while i + 8 <= len(data):
        cid, n = data[i:i + 4], struct.unpack("<I", data[i + 4:i + 8])[0]
        if cid == b"fmt ":
            fmt = struct.unpack("<HHIIHH", data[i + 8:i + 24])
        if cid == b"data":
            assert fmt and fmt[0] == 3 and fmt[5] == 32, f"{path} is not 32-bit float: {fmt}"
            return fmt[1], fmt[2], struct.unpack(f"<{n // 4}f", data[i + 8:i + 8 + n])
        i += 8 + n + (n & 1)
    raise AssertionError(f"{path} has no data chunk")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: audition_test.py BEATMAP_BINARY [SCREENSHOT.png]")
    code = missing_tools("audition_test")
    if code is not None:
        return code
    from playwright.sync_api import sync_playwright
    binary = os.path.abspath(sys.argv[1])
    a, b = "samples/audio/world1-track-a-88bpm.flac", "samples/audio/world1-track-b-95bpm.flac"
    server, url = start_server([binary, "audition", a, b, "--bpm-a", "88", "--bpm-b", "95", "--at", "9", "--no-open"], cwd=ROOT)
    work = tempfile.mkdtemp(prefix="akl-audition-")
    try:
        assert url, "the audition printed no URL"
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_context(viewport={"width": 1300, "height": 1000}, bypass_csp=True).new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
            page.goto(url)
            page.wait_for_function("window.audition && window.audition.view && !window.audition.loading"
                                   " && Object.keys(window.audition.buffers).length === 4", timeout=30000)
            view = page.evaluate("window.audition.view")
            assert abs(view["fadeStart"] - 9) < 1e-9 and abs(view["fadeEnd"] - 11) < 1e-9, (view["fadeStart"], view["fadeEnd"])
            rows = page.locator("#dips tbody tr").all_inner_texts()
            assert [r.split("\t")[0] for r in rows] == ["linear", "equal-power", "s-curve", "hard-cut"], rows
            # Every curve's loop covers the same frames: the switch lands on the same sample of the tracks.
            lengths = page.evaluate("Object.values(window.audition.buffers).map(b => b.length)")
            assert len(set(lengths)) == 1, f"the curves' loops differ in length: {lengths}"

            page.click("#play")
            page.wait_for_function("window.audition.playing && window.audition.context.currentTime > window.audition.startedAt + 0.3")
            page.click("#curveButtons button[data-curve='equal-power']")
            page.wait_for_timeout(400)
            page.click("#curveButtons button[data-curve='s-curve']")
            page.wait_for_timeout(400)
            state = page.evaluate("""(() => { const a = window.audition; return {
                playing: a.playing, curve: a.curve, switches: a.switches, running: a.context.state,
                current: a.source && a.source.buffer === a.buffers['s-curve'], loop: a.source && a.source.loop,
                length: a.buffers['s-curve'].duration, time: a.context.currentTime, startedAt: a.startedAt }; })()""")
            assert state["playing"] and state["running"] == "running", f"the loop stopped: {state}"
            assert state["current"] and state["loop"], f"the s-curve's mix is not what plays: {state}"
            switches = state["switches"]
            assert [(s["from"], s["to"]) for s in switches] == [("linear", "equal-power"), ("equal-power", "s-curve")], switches
            # Each switch took up the loop where it was: position = (switch time − the loop's start) mod its length,
            # the loop having started (position 0) 0.05 s after the play click, and gone on from each switch.
            length = state["length"]
            first = switches[0]
            second = switches[1]
            expected = (second["when"] - (first["when"] - first["offset"])) % length
            assert abs(second["offset"] - expected) < 1e-9, f"the second switch jumped: {second['offset']} vs {expected}"
            assert second["when"] > first["when"], switches
            assert page.inner_text("#dips tr.chosen").startswith("s-curve"), page.inner_text("#dips")

            # What the page plays is what the command it shows writes, sample for sample.
            command = page.inner_text("#command")
            words = shlex.split(command)
            assert words[:2] == ["beatmap", "crossfade"] and "--curve" in words, command
            assert words[words.index("--curve") + 1] == "s-curve", command
            out = os.path.join(work, "mix.wav")
            run = subprocess.run([binary] + words[1:words.index("-o")] + ["-o", out], cwd=ROOT, capture_output=True, text=True)
            assert run.returncode == 0, run.stderr
            channels, rate, samples = float_wav(out)
            assert channels == 2 and rate == page.evaluate("window.audition.context.sampleRate"), (channels, rate)
            start = round(view["windowStart"] * rate)
            frames = page.evaluate("window.audition.buffers['s-curve'].length")
            # Every 7th frame over the whole loop, both channels, from the buffer the browser decoded.
            picked = page.evaluate("""(() => { const b = window.audition.buffers['s-curve']; const l = b.getChannelData(0),
                r = b.getChannelData(1); const out = []; for (let i = 0; i < b.length; i += 7) out.push(l[i], r[i]); return out; })()""")
            want = [v for i in range(0, frames, 7) for v in (samples[2 * (start + i)], samples[2 * (start + i) + 1])]
            assert len(picked) == len(want) and picked == want, \
                f"the page's mix differs from the command's: first difference at {next(i for i, (x, y) in enumerate(zip(picked, want)) if x != y)}"

            # A scenario is one click: the chapter change's 500 ms fade.
            page.click("#scenarios button[data-scenario='chapter-change']")
            page.wait_for_function("window.audition.view && !window.audition.loading && "
                                   "Math.abs(window.audition.view.fadeEnd - window.audition.view.fadeStart - 0.5) < 1e-9", timeout=30000)
            assert page.input_value("#duration") == "0.5", page.input_value("#duration")
            assert page.evaluate("window.audition.curve") == "linear"
            assert page.evaluate("window.audition.playing"), "a new plan stopped the loop"
            assert "0.500" in page.inner_text("#swift"), page.inner_text("#swift")
            page.click("#play")
            page.wait_for_timeout(200)
            if len(sys.argv) == 3:
                page.click("#scenarios button[data-scenario='level-5-to-6']")
                page.wait_for_function("!window.audition.loading && window.audition.view.fadeEnd - window.audition.view.fadeStart > 1.9")
                page.screenshot(path=sys.argv[2], full_page=True)
            # A fade past A's end plays A again from its start (the decks loop), which the game's plain AVAudioPlayer
            # would not: said beside the figures, and not before.
            assert page.is_hidden("#ends"), page.inner_text("#ends")
            duration = page.evaluate("window.audition.setup.outgoingDuration")
            page.fill("#at", f"{duration + 1:.2f}")
            page.dispatch_event("#at", "change")
            page.wait_for_function(f"!window.audition.loading && window.audition.view.fadeStart > {duration}", timeout=30000)
            assert page.is_visible("#ends") and "past A's end" in page.inner_text("#ends"), page.inner_text("#ends")
            # An empty Fade at keeps the last plan's value, back in its box and said (the server's default took its place
            # unsaid); Copy says it copied, or how to copy when the browser refuses.
            page.fill("#at", "")
            page.dispatch_event("#at", "change")
            page.wait_for_function("!window.audition.loading && /Fade at was empty/.test(document.getElementById('status').textContent)")
            assert page.input_value("#at") == f"{duration + 1:.2f}", page.input_value("#at")
            page.click("#copyCommand")
            page.wait_for_function("['Copied', 'Not copied'].includes(document.getElementById('copyCommand').textContent)")
            if page.inner_text("#copyCommand") == "Not copied":
                assert "select the text" in page.inner_text("#status"), page.inner_text("#status")
            # The page fits the window at 1280×720 and at 1920×1080: nothing scrolls, the drawing and the dip table are in
            # view, and the drawing has as many pixels as it is shown with (it grows with the window).
            heights = {}
            for width, height in ((1280, 720), (1920, 1080)):
                fit = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True).new_page()
                fit.goto(url)
                fit.wait_for_function("window.audition && window.audition.view && !window.audition.loading", timeout=30000)
                box = fit.evaluate("""(() => { const r = (id) => document.getElementById(id).getBoundingClientRect();
                    const c = document.getElementById('view'); return { scroll: document.documentElement.scrollHeight,
                    view: r('view').bottom, viewHeight: r('view').height, pixels: [c.width, c.height],
                    shown: [Math.round(r('view').width), Math.round(r('view').height)], dips: r('dips').bottom,
                    side: r('side').right }; })()""")
                assert box["scroll"] <= height, f"the page scrolls at {width}×{height}: {box}"
                assert box["view"] <= height and box["dips"] <= height and box["side"] <= width, f"out of view at {width}×{height}: {box}"
                assert box["pixels"] == box["shown"], f"the drawing is stretched at {width}×{height}: {box}"
                heights[width] = box["viewHeight"]
                if os.environ.get("AKL_SCREENSHOTS"):
                    fit.screenshot(path=os.path.join(os.environ["AKL_SCREENSHOTS"], f"audition-{width}x{height}.png"))
                fit.close()
            assert heights[1920] > heights[1280] + 200, f"the drawing does not grow with the window: {heights}"
            # Under the real policy (no bypass): the modules load and the page shows its view without a violation.
            check_strict_policy(browser, url, "#dips tbody tr", errors)
            browser.close()
            assert not errors, f"errors on the page: {errors}"
        return passed(
            "audition_test",
            "the page loaded two tracks, looped the transition, switched linear → equal power → S-curve "
            "while playing at the loop's own position, matched the command it shows sample for sample, and took a scenario; "
            "an empty Fade at kept its value and said so; Copy said what it did",
        )
    except AssertionError as e:
        return failed("audition_test", e)
    finally:
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
