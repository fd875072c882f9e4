#!/usr/bin/env bash
# Sets everything up, builds, and runs the tools on the bundled samples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The Swift runtime and Foundation linked into the binaries: each command starts in about 11 ms, not 17-21 (docs/ci.md).
swift build -c release --static-swift-stdlib 2>&1 | tail -1
bin=$(swift build -c release --show-bin-path)

if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
else
  step() { printf '\n$ %s\n' "$*"; }
fi

step ahap-tool validate samples/ahap
"$bin/ahap-tool" validate samples/ahap

step ahap-tool info samples/ahap/capacitor_charge.ahap
"$bin/ahap-tool" info samples/ahap/capacitor_charge.ahap

step ahap-tool validate samples/broken/late-curve.ahap "(a file with mistakes: exit 1 is expected)"
set +e
"$bin/ahap-tool" validate samples/broken/late-curve.ahap
status=$?
set -e
[ "$status" -eq 1 ] || { echo "demo: expected exit 1 for the broken sample, got $status" >&2; exit 1; }

out=$(mktemp -d)
step ahap-tool new wheel-click --param ticks=4 -o "$out/wheel.ahap"
"$bin/ahap-tool" new wheel-click --param ticks=4 -o "$out/wheel.ahap"
"$bin/ahap-tool" validate "$out/wheel.ahap"

step ahap-tool render samples/ahap/thud.ahap -o "$out/thud.wav" --audible
"$bin/ahap-tool" render samples/ahap/thud.ahap -o "$out/thud.wav" --audible

step ahap-tool plot samples/ahap/heartbeat.ahap -o "$out/heartbeat.svg"
"$bin/ahap-tool" plot samples/ahap/heartbeat.ahap -o "$out/heartbeat.svg"
echo "wrote $out/heartbeat.svg and $out/thud.wav"

step ahap-tool from-audio samples/ahap/sfx_haptic_thud.wav -o "$out/thud-from-audio.ahap" --plot "$out/thud-from-audio.svg"
"$bin/ahap-tool" from-audio samples/ahap/sfx_haptic_thud.wav -o "$out/thud-from-audio.ahap" --plot "$out/thud-from-audio.svg"
"$bin/ahap-tool" validate --werror "$out/thud-from-audio.ahap"

step ahap-tool sync "$out/thud-from-audio.ahap" --audio samples/ahap/sfx_haptic_thud.wav
"$bin/ahap-tool" sync "$out/thud-from-audio.ahap" --audio samples/ahap/sfx_haptic_thud.wav --werror

step ahap-tool convert "$out/thud-from-audio.ahap" -o "$out/ThudHaptics.kt" "(Android: waveform, primitives, Android 16 envelope)"
"$bin/ahap-tool" convert "$out/thud-from-audio.ahap" -o "$out/ThudHaptics.kt"
"$bin/ahap-tool" convert "$out/thud-from-audio.ahap" -o "$out/thud.haptic"
echo "wrote $out/ThudHaptics.kt and $out/thud.haptic"

step beatmap audio-info samples/audio/*
"$bin/beatmap" audio-info samples/audio/*

step beatmap ci samples/game.json
"$bin/beatmap" ci samples/game.json

step beatmap check samples/beatmaps/world1-a.json --audio samples/audio/world1-track-a-88bpm.flac
"$bin/beatmap" check samples/beatmaps/world1-a.json --audio samples/audio/world1-track-a-88bpm.flac

ffmpeg -v error -y -i samples/audio/world1-track-a-88bpm.flac -c:a aac -b:a 160k "$out/world1-a.m4a"
step beatmap check samples/beatmaps/world1-a.json --audio "$out/world1-a.m4a" "(the same track as AAC, encoded by ffmpeg)"
"$bin/beatmap" audio-info "$out/world1-a.m4a"
"$bin/beatmap" check samples/beatmaps/world1-a.json --audio "$out/world1-a.m4a"

step beatmap draft samples/audio/world4-track-a-132bpm.flac --levels 1.5,3,5 -o "$out/world4-a.sm" "(a chart drafted from the song: three levels in one StepMania file)"
"$bin/beatmap" draft samples/audio/world4-track-a-132bpm.flac --levels 1.5,3,5 -o "$out/world4-a.sm" --explain
"$bin/beatmap" lint "$out/world4-a.sm"
"$bin/beatmap" check "$out/world4-a.sm" --audio samples/audio/world4-track-a-132bpm.flac
"$bin/beatmap" check "$out/world4-a.sm" --chart Easy --audio samples/audio/world4-track-a-132bpm.flac
echo "open it in the editor to finish it:"
echo "  $bin/beatmap edit $out/world4-a.sm --audio samples/audio/world4-track-a-132bpm.flac"

step beatmap check samples/beatmaps/GameConstants.swift --audio samples/audio/world1-track-a-88bpm.flac --plot "$out/check.svg" "(one late beat: exit 1 is expected)"
set +e
"$bin/beatmap" check samples/beatmaps/GameConstants.swift --audio samples/audio/world1-track-a-88bpm.flac --plot "$out/check.svg"
status=$?
set -e
[ "$status" -eq 1 ] || { echo "demo: expected exit 1 for the late beat, got $status" >&2; exit 1; }
echo
echo "demo: done"
