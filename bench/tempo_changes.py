#!/usr/bin/env python3
"""Tempo changes in `beatmap draft` (`TempoChanges`): on every annotated clip of ../shared/corpus/beats, and on two of
the samples joined (88 BPM for 12 s, then 95 BPM; both made at exactly those tempi with the first beat 0.25 s in), the
draft's tempo map is compared with the human beats, next to the one-tempo peer measured in the same run: the draft
with `--bpm` at the tempo `beatmap bpm` gives the whole clip (its phase fitted), what a song that keeps one tempo gets.

Score: the F-measure of the tempo map's lines against the annotated beats within +-70 ms (mir_eval's default window),
taking the best of the map's beat, half-beat and double-beat lines (the metrical level a clip was tapped at is not
the draft's concern). Reported for each clip where the draft finds a change, and how many clips it finds none in.

Usage: tempo_changes.py BEATMAP"""
import json, os, subprocess, sys, tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEATS = os.path.join(ROOT, "..", "shared", "corpus", "beats")


def lines(draft, end, per_beat):
    points = [(draft.get("offset", 0.0), draft["bpm"])] + [(c["time"], c["bpm"]) for c in draft.get("tempo_changes", [])]
    out = []
    for i, (t0, bpm) in enumerate(points):
        t1 = points[i + 1][0] if i + 1 < len(points) else end
        period = 60 / bpm / per_beat
        out += list(t0 + np.arange(0, int((t1 - t0) / period) + 1) * period)
    return np.array(sorted(x for x in out if x < end))


def score(draft, truth):
    best = 0.0
    for per in (0.5, 1, 2):
        g = lines(draft, truth[-1] + 1, per)
        g = g[(g >= truth[0] - 0.07) & (g <= truth[-1] + 0.07)]
        if not len(g):
            continue
        recall = np.mean([np.min(np.abs(g - a)) <= 0.07 for a in truth])
        precision = np.mean([np.min(np.abs(truth - x)) <= 0.07 for x in g])
        if recall + precision:
            best = max(best, 2 * recall * precision / (recall + precision))
    return best


def draft(beatmap, audio, out, extra=()):
    """The draft's JSON, or None when the draft refuses the clip (too short to hold a beat)."""
    if subprocess.run([beatmap, "draft", audio, "--force", "-o", out, *extra], capture_output=True).returncode != 0:
        return None
    with open(out) as f:
        return json.load(f)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tempo_changes.py BEATMAP")
    beatmap = os.path.abspath(sys.argv[1])
    clips = []
    with tempfile.TemporaryDirectory() as tmp:
        joined = os.path.join(tmp, "joined.wav")
        samples = os.path.join(ROOT, "samples", "audio")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", os.path.join(samples, "world1-track-a-88bpm.flac"), "-i",
                        os.path.join(samples, "world1-track-b-95bpm.flac"), "-filter_complex", "[0][1]concat=n=2:v=0:a=1",
                        joined], check=True)
        truth = [0.25 + k * 60 / 88 for k in range(18)] + [12.25 + k * 60 / 95 for k in range(12)]
        clips.append(("samples 88 + 95 joined", joined, np.array(truth)))
        if os.path.isdir(BEATS):
            for name in sorted(os.listdir(os.path.join(BEATS, "audio"))):
                stem = os.path.splitext(name)[0]
                ann = os.path.join(BEATS, "beats", stem + ".beats")
                if os.path.exists(ann):
                    clips.append((stem, os.path.join(BEATS, "audio", name), np.loadtxt(ann, usecols=0, ndmin=1)))
        else:
            print("tempo_changes: ../shared/corpus/beats is absent: the joined samples only")
        print("| clip | tempo map drafted | F, draft | F, one tempo (`--bpm`) |")
        print("|---|---|---|---|")
        same = refused = 0
        ours, peers = [], []
        for stem, audio, truth in clips:
            d = draft(beatmap, audio, os.path.join(tmp, "d.json"))
            if d is None:
                refused += 1
                continue
            if not d.get("tempo_changes"):
                same += 1
                continue
            bpm = json.loads(subprocess.run([beatmap, "bpm", audio, "--format", "json"], check=True, capture_output=True,
                                            text=True).stdout)["bpm"]
            one = draft(beatmap, audio, os.path.join(tmp, "one.json"), ["--bpm", f"{bpm:.3f}"])
            a, b = score(d, truth), score(one, truth)
            ours.append(a)
            peers.append(b)
            desc = f"{d['bpm']:.2f}" + "".join(f", {c['bpm']:.2f} from {c['time']:.2f} s" for c in d["tempo_changes"])
            print(f"| {stem} | {desc} | {a:.3f} | {b:.3f} ({bpm:.2f}) |")
        print(f"\n{len(ours)} of {len(clips)} clips drafted with a tempo change (mean F {np.mean(ours):.3f}, "
              f"one tempo {np.mean(peers):.3f}); {same} on one tempo, as before; {refused} refused by the draft.")


if __name__ == "__main__":
    main()
