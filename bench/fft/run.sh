#!/usr/bin/env bash
# Our real FFT next to kissfft's on the same frames, alternating, five rounds: bash bench/fft/run.sh
# Needs swiftc; the peer needs libkissfft-dev (apt), and is skipped, with a note, without it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dsp="$here/../../Sources/AudioKitLinux/DSP"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc -O "$here/main.swift" "$dsp/RealFFT.swift" "$dsp/SplitComplexFFT.swift" "$dsp/TablesBySize.swift" -o "$out/ours"
peer=""
if [ -f /usr/include/kissfft/kiss_fftr.h ]; then
  cc -O2 "$here/kissfft.c" -o "$out/kissfft" -lkissfft-float -lm && peer="$out/kissfft"
else
  echo "fft: kissfft is not installed (apt install libkissfft-dev): its column is skipped" >&2
fi
for round in 1 2 3 4 5; do
  echo "round $round"
  "$out/ours"
  [ -n "$peer" ] && "$peer"
done
