#!/usr/bin/env bash
# Installs what the tools and tests need on Debian 12 (apt, as root or with sudo),
# skipping what is already there. Safe to run again.
set -euo pipefail

libs=(libsndfile1-dev libasound2-dev libyaml-dev libsamplerate0-dev libebur128-dev pkg-config)
# ffmpeg decodes AAC and ALAC (.m4a) for every command, run as a program (docs/dependencies.md).
tools=(ffmpeg)
[ "${1:-}" = "--test" ] && tools+=(sox libsox-fmt-mp3 alsa-utils chromium default-jdk-headless kotlin nodejs)

missing=()
{ pkg-config --exists sndfile alsa yaml-0.1 samplerate libebur128 2>/dev/null; } || missing+=("${libs[@]}")
for t in "${tools[@]}"; do dpkg -s "$t" >/dev/null 2>&1 || missing+=("$t"); done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "setup: swift is not on PATH; install Swift 6 (https://www.swift.org/install/linux/) and run again" >&2
  exit 2
fi

# pre-commit and PyYAML run the hooks and parse the Action in Tests/tools (CI adoption).
if [ "${1:-}" = "--test" ] && ! { command -v pre-commit >/dev/null 2>&1 && python3 -c "import yaml" 2>/dev/null; }; then
  echo "setup: installing pre-commit and pyyaml (pip)" >&2
  if ! python3 -m pip install --quiet --disable-pip-version-check pre-commit pyyaml >/dev/null 2>&1; then
    if [ "${CI:-}" = "true" ]; then echo "setup: pip could not install pre-commit and pyyaml, which Tests/tools needs (CI=true)" >&2; exit 2; fi
    echo "setup: pip could not install pre-commit and pyyaml; their tests will be skipped" >&2
  fi
fi

# jsonschema reads the JSON Schemas in schemas/ (Tests/tools/schema_test.py), independently of the tools.
if [ "${1:-}" = "--test" ] && ! python3 -c "import jsonschema" 2>/dev/null; then
  echo "setup: installing jsonschema (pip)" >&2
  if ! python3 -m pip install --quiet --disable-pip-version-check jsonschema >/dev/null 2>&1; then
    if [ "${CI:-}" = "true" ]; then echo "setup: pip could not install jsonschema, which Tests/tools needs (CI=true)" >&2; exit 2; fi
    echo "setup: pip could not install jsonschema; the schema tests will be skipped" >&2
  fi
fi

# The games' own parsers read back the charts beatmap writes (Tests/tools): simfile (StepMania's timing engine),
# slider and rosu-pp-py (osu!), reamber (Quaver); numpy makes the test songs.
if [ "${1:-}" = "--test" ] && ! python3 -c "import simfile, slider, rosu_pp_py, reamber, numpy" 2>/dev/null; then
  echo "setup: installing simfile, slider, rosu-pp-py, reamber and numpy (pip)" >&2
  if ! python3 -m pip install --quiet --disable-pip-version-check simfile slider rosu-pp-py reamber numpy >/dev/null 2>&1; then
    if [ "${CI:-}" = "true" ]; then echo "setup: pip could not install simfile, slider, rosu-pp-py, reamber and numpy, which Tests/tools needs (CI=true)" >&2; exit 2; fi
    echo "setup: pip could not install simfile, slider, rosu-pp-py, reamber and numpy; their tests will be skipped" >&2
  fi
fi

# default-jdk-headless and kotlin compile the Android source that ahap-tool convert writes (AndroidSourceTests).
# The editor's browser test drives Debian's chromium with Playwright for Python (no browser is downloaded).
if [ "${1:-}" = "--test" ] && ! python3 -c "import playwright" 2>/dev/null; then
  echo "setup: installing playwright (pip)" >&2
  if ! python3 -m pip install --quiet --disable-pip-version-check playwright >/dev/null 2>&1; then
    # Under CI=true a missing browser tool is a failure, not a skip.
    if [ "${CI:-}" = "true" ]; then echo "setup: pip could not install playwright, which the browser test needs (CI=true)" >&2; exit 2; fi
    echo "setup: pip could not install playwright; the browser test will be skipped" >&2
  fi
fi
