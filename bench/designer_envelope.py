#!/usr/bin/env python3
"""Our `from-audio` envelope, and Meta Haptics Studio's export, against the haptics a designer made for the same sound.

Lofelt's NiceVibrations ships eight sounds (../shared/corpus/sfx/Lofelt__NiceVibrations__NV*.wav) and, for seven of
them, the clip a designer made in Lofelt Studio (upstream, Lofelt/NiceVibrations:
interfaces/unity/NiceVibrations/Assets/NiceVibrations/Demo/DemoAssets/HapticClipsDemo/Haptics/NAME.haptic). Those
clips are not in the shared corpus: fetch them into a folder and pass it. Meta Haptics Studio's exports of the same
sounds are in ../shared/corpus/sfx/meta-studio.

Two measures, each Spearman's rank correlation with the designer's clip (the Pearson correlation of the ranks, ties at
their mean rank: a monotone mapping such as √amplitude changes nothing), sampled every millisecond over the designer's
clip:
- as played: each clip as an AHAP pattern (ours from `ahap-tool from-audio` with its defaults and with `--preset studio`,
  Meta's own AHAP export, the designer's through `ahap-tool convert`, Lofelt's rule), the continuous intensity at the middle of each millisecond:
  the strongest continuous event's intensity times the intensity control (ControlTrack's rules). `--preset studio` is
  measured as one pattern and, with `--split`, as its continuous file alone: one pattern holds the intensity control
  at 1 for the millisecond around each transient, so that the control does not scale the transient too; Meta's AHAP
  export (one pattern) lets its curve scale the transient instead;
- as .haptic: each clip's continuous amplitude envelope (linear between breakpoints, 0 outside), ours converted by
  `ahap-tool convert` (amplitude = intensity²), over every millisecond and over those where the sound is within 60 dB of
  its peak.

Usage: designer_envelope.py AHAP_TOOL DESIGNER_DIR"""
import json, os, subprocess, sys, tempfile, wave

import numpy as np
from scipy.stats import spearmanr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SFX = os.path.join(ROOT, "..", "shared", "corpus", "sfx")


def envelope(path, seconds):
    """The clip's continuous amplitude at every millisecond of `seconds`."""
    points = json.load(open(path))["signals"]["continuous"]["envelopes"]["amplitude"]
    t = np.array([p["time"] for p in points], dtype=float)
    a = np.array([p["amplitude"] for p in points], dtype=float)
    grid = np.arange(int(seconds * 1000)) / 1000
    return np.interp(grid, t, a, left=0, right=0)


def played(path, seconds):
    """The continuous intensity an AHAP pattern plays at the middle of each millisecond of `seconds`: the strongest
    continuous event's intensity × the intensity control (a later Parameter or curve replaces an earlier one from its
    start, a curve holds its last value after its last point, 1 before any)."""
    pattern = json.load(open(path))["Pattern"]
    events, controls = [], []
    for e in pattern:
        if "Event" in e and e["Event"]["EventType"] == "HapticContinuous":
            ev = e["Event"]
            level = next((p["ParameterValue"] for p in ev.get("EventParameters", []) if p["ParameterID"] == "HapticIntensity"), 1)
            events.append((ev["Time"], ev["Time"] + ev["EventDuration"], level))
        elif "Parameter" in e and e["Parameter"]["ParameterID"] == "HapticIntensityControl":
            controls.append((e["Parameter"]["Time"], [(e["Parameter"]["Time"], e["Parameter"]["ParameterValue"])]))
        elif "ParameterCurve" in e and e["ParameterCurve"]["ParameterID"] == "HapticIntensityControl":
            c = e["ParameterCurve"]
            points = [(c["Time"] + q["Time"], q["ParameterValue"]) for q in c["ParameterCurveControlPoints"]]
            if points:
                controls.append((c["Time"], points))
    controls.sort(key=lambda c: c[0])
    starts = [c[0] for c in controls]
    out = np.zeros(int(seconds * 1000))
    for k in range(len(out)):
        t = (k + 0.5) / 1000
        i = int(np.searchsorted(starts, t, side="right")) - 1
        control = 1.0 if i < 0 else float(np.interp(t, [q[0] for q in controls[i][1]], [q[1] for q in controls[i][1]]))
        out[k] = max([min(1.0, level * control) for a, b, level in events if a <= t < b], default=0.0)
    return out


def sound_level(path, n):
    """The sound's RMS level in dB under its peak, per millisecond (n of them), channels averaged."""
    with wave.open(path) as w:
        rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        raw = w.readframes(w.getnframes())
    kind = {1: np.uint8, 2: np.int16, 4: np.int32}[width]
    x = np.frombuffer(raw, dtype=kind).astype(float)
    if width == 1:
        x -= 128
    x = x.reshape(-1, channels).mean(axis=1)
    hop = rate // 1000
    frames = [x[i * hop:(i + 1) * hop] for i in range(n)]
    rms = np.array([np.sqrt(np.mean(f * f)) if len(f) else 0 for f in frames])
    return 20 * np.log10(np.maximum(rms, 1e-12) / max(rms.max(), 1e-12))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: designer_envelope.py AHAP_TOOL DESIGNER_DIR")
    tool, designer = sys.argv[1], sys.argv[2]
    if not os.path.isdir(designer):
        print(f"designer_envelope: SKIPPED: {designer} is absent (fetch Lofelt's designer clips into it; see the docstring)")
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(os.listdir(designer)):
            if not name.endswith(".haptic"):
                continue
            stem = name[:-len(".haptic")]
            sound = os.path.join(SFX, f"Lofelt__NiceVibrations__{stem}.wav")
            meta = os.path.join(SFX, "meta-studio", f"Lofelt__NiceVibrations__{stem}.haptic")
            if not (os.path.exists(sound) and os.path.exists(meta)):
                continue
            ahap, ours = os.path.join(tmp, stem + ".ahap"), os.path.join(tmp, stem + ".haptic")
            theirs = os.path.join(tmp, stem + ".designer.ahap")
            subprocess.run([tool, "from-audio", sound, "-o", ahap], check=True, capture_output=True)
            studio = os.path.join(tmp, stem + ".studio.ahap")
            subprocess.run([tool, "from-audio", sound, "--preset", "studio", "-o", studio], check=True, capture_output=True)
            split = os.path.join(tmp, stem + ".split.ahap")
            subprocess.run([tool, "from-audio", sound, "--preset", "studio", "--split", "-o", split], check=True, capture_output=True)
            split = os.path.join(tmp, stem + ".split_continuous.ahap")
            subprocess.run([tool, "convert", ahap, "-o", ours], capture_output=True)
            subprocess.run([tool, "convert", os.path.join(designer, name), "-o", theirs], capture_output=True)
            reference = json.load(open(os.path.join(designer, name)))["signals"]["continuous"]["envelopes"]["amplitude"]
            seconds = reference[-1]["time"]
            d = envelope(os.path.join(designer, name), seconds)
            o, m = envelope(ours, seconds), envelope(meta, seconds)
            loud = sound_level(sound, len(d)) > -60
            pd, po = played(theirs, seconds), played(ahap, seconds)
            pm = played(meta[:-len(".haptic")] + ".ahap", seconds)
            r = [spearmanr(po, pd)[0], spearmanr(played(studio, seconds), pd)[0], spearmanr(played(split, seconds), pd)[0],
                 spearmanr(pm, pd)[0], spearmanr(o, d)[0],
                 spearmanr(m, d)[0],
                 spearmanr(o[loud], d[loud])[0], spearmanr(m[loud], d[loud])[0]]
            rows.append((stem, seconds, r))
    print("| sound | designer's clip | ours, played | ours `--preset studio`, played | ours `--preset studio --split`, "
          "continuous, played | Meta, played | ours, .haptic | Meta, .haptic | ours, .haptic, sound within 60 dB "
          "| Meta, .haptic, sound within 60 dB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for stem, seconds, r in rows:
        print(f"| {stem} | {seconds:.2f} s | " + " | ".join(f"{v:.3f}" for v in r) + " |")
    table = np.array([r for _, _, r in rows])
    for what, values in (("mean", np.mean), ("median", np.median)):
        print(f"| **{what}** | | " + " | ".join(f"{v:.3f}" for v in values(table, axis=0)) + " |")


if __name__ == "__main__":
    main()
