#!/usr/bin/env python3
"""Renders an SVG plot to PNG in Debian's chromium (through Playwright), as the pictures in docs/ are made:

    beatmap crossfade A B --at 9 --curve s-curve --bpm-a 88 --bpm-b 95 --plot /tmp/x.svg
    python3 scripts/svg-to-png.py /tmp/x.svg docs/crossfade.png

Usage: svg-to-png.py IN.svg OUT.png"""
import os, sys

from playwright.sync_api import sync_playwright

if len(sys.argv) != 3:
    sys.exit(__doc__)
with sync_playwright() as p:
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto("file://" + os.path.abspath(sys.argv[1]))
    page.locator("svg").screenshot(path=sys.argv[2])
    browser.close()
