#!/usr/bin/env bash
# Sets everything up, checks formatting, builds, and runs the whole test suite.
# Tests that need ../shared (the corpus) are skipped with a message when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
swift format lint --strict --recursive Sources Tests Package.swift Plugins Examples
python3 scripts/undocumented.py  # every public declaration of the library and ToolSupport is documented
# The editor page's pure modules (timing maths, beat lists, undo history) with Node's own test runner.
node --test Tests/page/*.test.mjs
swift build --build-tests
swift test --skip-build
# The editor and the two auditions in a real browser (headless chromium through Playwright).
python3 Tests/browser/editor_test.py "$(swift build --show-bin-path)/beatmap"
python3 Tests/browser/audition_test.py "$(swift build --show-bin-path)/beatmap"
python3 Tests/browser/haptics_test.py "$(swift build --show-bin-path)/ahap-tool"
# The ways a team adopts the gate: pre-commit hooks, the GitHub Action's steps, the third-party notices (Tests/tools).
python3 scripts/notices.py check "$(swift build --show-bin-path)/beatmap" "$(swift build --show-bin-path)/ahap-tool" "$(swift build --show-bin-path)/validate-assets"
AKL_BIN="$(swift build --show-bin-path)" python3 -m unittest discover -s Tests/tools -p '*_test.py'
