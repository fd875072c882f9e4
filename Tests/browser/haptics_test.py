#!/usr/bin/env python3
"""The pattern audition in a real browser (Debian's chromium, driven by Playwright): open a pattern with its sound,
see its transient against the sound's onset, shift the pattern (its sound stays) and watch the sync check follow,
move one event, play the mix, save, and check the file: the haptic times moved by exactly the edit, the sound's
did not, and it validates. A save after the file changed on disk is refused and writes nothing.

Usage: python3 Tests/browser/haptics_test.py AHAP_TOOL_BINARY [SCREENSHOT.png]
Prints '1 passed, 0 failed' (or the failure) and exits 0 or 1; skips, saying so, without chromium or Playwright
(and fails then under CI=true)."""
import json, os, shutil, subprocess, sys, tempfile

from support import ROOT, check_strict_policy, failed, launch, missing_tools, passed, start_server, stop_server


def times(path):
    """(EventType or ParameterID, Time) of each Pattern element, read with Python's own JSON parser."""
    out = []
    for item in json.load(open(path))["Pattern"]:
        body = item.get("Event") or item.get("Parameter") or item.get("ParameterCurve")
        out.append((body.get("EventType") or body.get("ParameterID"), body["Time"]))
    return out


def many_transients(browser, binary, work, errors):
    """A pattern of 40 transients (a gravel texture has 149) at 1280×720: the sync row names at most six, those off their
    onsets first, and lists every one in a list that opens; the page needs no scrolling (the row wrapped over 25 lines
    and pushed the drawing off the page)."""
    pattern = os.path.join(work, "many.ahap")
    events = [{"Event": {"Time": round(0.05 * k, 3), "EventType": "HapticTransient", "EventParameters": [
        {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}
        for k in range(40)]
    with open(pattern, "w") as f:
        json.dump({"Version": 1.0, "Pattern": events}, f)
    server, url = start_server([binary, "audition", pattern, "--audio", os.path.join(work, "sfx_haptic_thud.wav"), "--no-open"])
    try:
        assert url, "the audition printed no URL for the pattern of 40 transients"
        page = browser.new_context(viewport={"width": 1280, "height": 720}, bypass_csp=True).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_function("window.hapticsAudition.view && !window.hapticsAudition.loading", timeout=30000)
        named = page.locator("#sync > span span").count()
        assert named <= 6, f"the sync row names {named} transients"
        assert page.inner_text("#sync summary").startswith("all 40 transients ("), page.inner_text("#sync summary")
        page.click("#sync summary")
        assert page.locator("#sync .transient-list span").count() == 40, page.inner_text("#sync .transient-list")
        assert page.evaluate("document.documentElement.scrollHeight") <= 720, "the page scrolls at 1280×720"
        page.context.close()
    finally:
        stop_server(server)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: haptics_test.py AHAP_TOOL_BINARY [SCREENSHOT.png]")
    code = missing_tools("haptics_test")
    if code is not None:
        return code
    from playwright.sync_api import sync_playwright
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="akl-haptics-")
    for name in ("thud.ahap", "sfx_haptic_thud.wav"):
        shutil.copy(os.path.join(ROOT, "samples/ahap", name), work)
    pattern = os.path.join(work, "thud.ahap")
    before = times(pattern)
    server, url = start_server([binary, "audition", pattern, "--no-open"])
    try:
        assert url, "the audition printed no URL"
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True).new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
            page.goto(url)
            page.wait_for_function("window.hapticsAudition.view && !window.hapticsAudition.loading", timeout=30000)
            view = page.evaluate("window.hapticsAudition.view")
            transient = view["transients"][0]
            assert abs(transient["time"]) < 1e-9 and abs(transient["onset"] - 0.002) < 0.002, transient
            assert "transient at 0.000 s" in page.inner_text("#sync"), page.inner_text("#sync")
            assert page.is_disabled("#save"), "save is offered with nothing to save"

            # +10 ms twice: the transient is 20 ms late against its onset, still within the check's 25 ms.
            page.click("#shiftMore10")
            page.click("#shiftMore10")
            page.wait_for_function("window.hapticsAudition.view.shift === 0.02 && !window.hapticsAudition.loading")
            t = page.evaluate("window.hapticsAudition.view.transients[0]")
            assert abs(t["time"] - 0.02) < 1e-9 and abs(t["offset"] - (0.02 - transient["onset"])) < 1e-9, t
            assert page.locator("#sync .ok").count() == 1, page.inner_text("#sync")
            # One more: 30 ms is beyond it, and the page says so.
            page.click("#shiftMore10")
            page.wait_for_function("window.hapticsAudition.view.shift === 0.03 && !window.hapticsAudition.loading")
            assert page.locator("#sync .bad").count() == 1, page.inner_text("#sync")

            # Click the transient on the timeline, move it alone by −5 ms.
            x = page.evaluate("(() => { const c = document.getElementById('view'), r = c.getBoundingClientRect(),"
                              " v = window.hapticsAudition.view; return r.left + (50 + 0.03 / v.duration * (c.width - 70)) * r.width / c.width; })()")
            box = page.locator("#view").bounding_box()
            page.mouse.click(x, box["y"] + 100)
            assert page.evaluate("window.hapticsAudition.selected") == 0, page.inner_text("#selected")
            page.fill("#move", "-5")
            page.press("#move", "Enter")
            page.wait_for_function("!window.hapticsAudition.loading && window.hapticsAudition.view.events[0].moved === -0.005")
            assert abs(page.evaluate("window.hapticsAudition.view.transients[0].time") - 0.025) < 1e-9

            # Play the mix: the drive and the sound together.
            page.click("#play")
            page.wait_for_function("window.hapticsAudition.playing && window.hapticsAudition.buffer && "
                                   "window.hapticsAudition.context.currentTime > window.hapticsAudition.startedAt + 0.05")
            assert page.evaluate("window.hapticsAudition.buffer.numberOfChannels") == 2
            if len(sys.argv) == 3:
                page.screenshot(path=sys.argv[2], full_page=True)
            page.click("#save")
            page.wait_for_function("window.hapticsAudition.saved === 1 && !window.hapticsAudition.loading")
            after = times(pattern)
            assert [k for k, _ in after] == [k for k, _ in before], after
            assert abs(after[0][1] - (before[0][1] + 0.025)) < 1e-9, f"the transient is at {after[0][1]}"
            assert after[1] == before[1], f"the sound moved: {after[1]}"
            check = subprocess.run([binary, "validate", pattern], capture_output=True, text=True)
            assert check.returncode == 0, check.stdout + check.stderr
            assert page.evaluate("window.hapticsAudition.view.transients[0].time") == after[0][1]

            # The file changes on disk: the next save is refused and writes nothing.
            with open(pattern, "a") as f:
                f.write("\n")
            changed = open(pattern).read()
            page.click("#shiftLess1")
            page.wait_for_function("window.hapticsAudition.view.shift === -0.001 && !window.hapticsAudition.loading")
            page.click("#save")
            page.wait_for_function("document.getElementById('status').className === 'bad'")
            assert "changed on disk" in page.inner_text("#status"), page.inner_text("#status")
            assert open(pattern).read() == changed, "a refused save wrote the file"
            many_transients(browser, binary, work, errors)
            # Under the real policy (no bypass): the modules load and the timeline is drawn without a violation.
            check_strict_policy(browser, url, "#sync span", errors)
            browser.close()
            # The refused save answers 409, which the browser logs; any other error counts.
            errors = [e for e in errors if "status of 409" not in e]
            assert not errors, f"errors on the page: {errors}"
        return passed(
            "haptics_test",
            "the page showed the transient against its onset, shifted the pattern (the sound stayed) and "
            "followed the sync check, moved one event, played the mix, saved exactly that, and refused a save over a changed file; "
            "a pattern of 40 transients named six in the sync row and listed all 40 in a list that opens, with no scrolling",
        )
    except AssertionError as e:
        return failed("haptics_test", e)
    finally:
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
