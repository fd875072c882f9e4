#!/usr/bin/env python3
"""Where a track's tempo change is put: two of the seven charts' songs (../shared/corpus/charts) joined, 20 s of each
(the first from 30 s, Lollipop from 40 s; the second from 30 s), every ordered pair whose tempi are neither within 3 %
nor an octave apart. Each join is checked under a chart of eighths at the first song's tempo throughout (`beatmap
check`, its `beatmap.track_tempo_change` warning: the analysis the editor's track tempi and Track here candidates use)
and drafted (`beatmap draft`, its tempo map's change), and each change is measured against the second song's beats as
its shipped chart declares them (grid.txt, extended before the chart's first note).

No peer places a tempo change from the audio (ArrowVortex, the osu! editor and Mixxx leave it to the author); the
draft's change is given beside the check's, measured the same way.

Score, for each change found: its distance to the nearest beat of the second song's chart grid (ms; a chart's grid can
sit some tens of ms from the audible beat), and where it lies in that song's beats from its first beat after the join
(0: on it; -1: a line before, in the first song's last beat). Summary: how many are on the grid within 70 ms (mir_eval's
window), and how many within 70 ms of the first beat.

Usage: tempo_change_place.py BEATMAP"""
import json, os, re, subprocess, sys, tempfile
from song_joins import CHARTS, SONGS, beatmap_argument, join, pairs

WINDOW = 0.070


def second_song_beats(folder, start):
    """The second song's chart beats from `start` s of it on, on the joined timeline (from 20 s), with the two lines of
    its grid before them; and its beat period."""
    with open(os.path.join(CHARTS, folder, "grid.txt")) as f:
        grid = [float(x) for x in f if x.strip()]
    period = grid[1] - grid[0]
    first = grid[0] - int((grid[0] - start) // period) * period
    return [first + k * period - start + 20 for k in range(-2, int(20 / period) + 1)], period


def placed(t, beats, period):
    near = min(beats, key=lambda b: abs(b - t))
    return (t - near) * 1000, round((t - beats[2]) / period, 2)


def main():
    beatmap = beatmap_argument("tempo_change_place")
    on, first, count = {"check": 0, "draft": 0}, {"check": 0, "draft": 0}, 0
    with tempfile.TemporaryDirectory() as tmp:
        print("| join | check: change | from the grid (ms), beats from the first | draft: change | from the grid (ms), beats from the first |")
        print("|---|---|---|---|---|")
        for a, b in pairs():
            (fa, ta, sa), (fb, tb, sb) = SONGS[a], SONGS[b]
            count += 1
            audio = os.path.join(tmp, f"{a}-{b}.wav")
            join(audio, a, b, 20)
            beats, period = second_song_beats(fb, sb)
            chart = os.path.join(tmp, "one-tempo.json")
            with open(chart, "w") as f:
                json.dump({"bpm": ta, "offset": 0.1, "beats": [round(0.1 + k * 30 / ta, 4) for k in range(int(39.5 * ta / 30))]}, f)
            out = subprocess.run([beatmap, "check", chart, "--audio", audio, "--format", "json"], capture_output=True, text=True).stdout
            said = [d["message"] for d in json.loads(out).get("diagnostics", []) if d.get("rule_id") == "beatmap.track_tempo_change"]
            found = re.search(r"changes tempo at ([0-9.]+) s", said[0]) if said else None
            draft = os.path.join(tmp, "draft.json")
            r = subprocess.run([beatmap, "draft", audio, "--force", "-o", draft], capture_output=True)
            changes = json.load(open(draft)).get("tempo_changes", []) if r.returncode == 0 else []
            at = {"check": float(found.group(1)) if found else None,
                  "draft": min(changes, key=lambda c: abs(c["time"] - 20))["time"] if changes else None}
            cells = []
            for who, t in at.items():
                if t is None:
                    cells += ["none", ""]
                    continue
                ms, k = placed(t, beats, period)
                on[who] += abs(ms) <= WINDOW * 1000
                first[who] += abs(t - beats[2]) <= WINDOW
                cells += [f"{t:.3f} s", f"{ms:+.0f}, {k:+.2f}"]
            print(f"| {a} {ta} → {b} {tb} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n{count} joins. Check: {on['check']} changes on the second song's grid within 70 ms, {first['check']} on its first "
          f"beat. Draft: {on['draft']} on the grid, {first['draft']} on the first beat.")


if __name__ == "__main__":
    main()
