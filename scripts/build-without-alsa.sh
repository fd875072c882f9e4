#!/usr/bin/env bash
# Builds the library and both tools with the Playback trait off (what a Mac without ALSA builds), and checks
# that nothing links alsa-lib and that a play command says playback needs ALSA (exit 3).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --disable-default-traits --scratch-path .build-noalsa 2>&1 | tail -1
bin=.build-noalsa/debug
for tool in ahap-tool beatmap; do
  if ldd "$bin/$tool" | grep -q asound; then echo "build-without-alsa: $tool links alsa-lib" >&2; exit 1; fi
done
set +e
"$bin/ahap-tool" play samples/ahap/thud.ahap 2>/tmp/akl-noalsa.err
rc=$?
set -e
grep -q "playback needs ALSA" /tmp/akl-noalsa.err || { cat /tmp/akl-noalsa.err >&2; exit 1; }
[ "$rc" -eq 3 ] || { echo "build-without-alsa: play exited $rc, expected 3" >&2; exit 1; }
"$bin/ahap-tool" validate -q samples/ahap
echo "build-without-alsa: the tools build and run without ALSA; play says so and exits 3"
