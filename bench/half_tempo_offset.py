#!/usr/bin/env python3
"""The offset and octave verdict `beatmap check` gives each annotated track of ../shared/corpus/beats for its right beat
list and for its two half-tempo versions (the even beats, the odd beats). A half list holds the same beats as the
right one, every other one, so its offset should be the right list's: a half list whose offset differs by more than
20 ms was aligned onto the other half of the track's pulse. Also counts the right lists said to be at the wrong
octave (`beatmap.tempo_octave`; should be none) and the half lists said to be at half the pulse.

Usage: half_tempo_offset.py BEATMAP   (two checks at a time; about 7 minutes with a debug build on 2 cores)"""
import concurrent.futures, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEATS = os.path.join(ROOT, "..", "shared", "corpus", "beats")


def audio(name):
    for ext in (".wav", ".flac"):
        path = os.path.join(BEATS, "audio", name + ext)
        if os.path.exists(path):
            return path
    return None


def check(binary, times, track, path):
    """(offset in ms, octave verdict) of `beatmap check` on `times` written to `path`, or None when it gave no JSON."""
    with open(path, "w") as f:
        f.write("\n".join(f"{t:.6f}" for t in times) + "\n")
    r = subprocess.run([binary, "check", path, "--audio", track, "--format", "json"], capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except ValueError:
        return None
    return d.get("offset_ms"), (d.get("tempo_octave") or {}).get("verdict")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    if not os.path.isdir(os.path.join(BEATS, "beats")):
        sys.exit(f"half_tempo_offset: {BEATS} is absent; nothing to measure")
    names = sorted(n[:-6] for n in os.listdir(os.path.join(BEATS, "beats")) if n.endswith(".beats"))
    work = tempfile.mkdtemp(prefix="akl-half-")

    def one(name):
        track = audio(name)
        if not track:
            return None
        with open(os.path.join(BEATS, "beats", name + ".beats")) as f:
            t = [float(line.split()[0]) for line in f if line.strip()]
        lists = {"right": t, "even": t[0::2], "odd": t[1::2]}
        return name, {k: check(binary, v, track, os.path.join(work, f"{name}-{k}.txt")) for k, v in lists.items()}

    rows = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for row in pool.map(one, names):
            if row:
                rows.append(row)
                print(row[0], row[1], flush=True)
    off = wrong = said = 0
    for _, r in rows:
        right = r["right"]
        wrong += bool(right and right[1])
        for half in (r["even"], r["odd"]):
            said += bool(half and half[1] == "half")
            if right and half and right[0] is not None and half[0] is not None and abs(half[0] - right[0]) > 20:
                off += 1
    print(f"{len(rows)} tracks: half lists whose offset differs from the right list's by more than 20 ms: {off} of "
          f"{2 * len(rows)}; right lists said at the wrong octave: {wrong}; half lists said to be at half the pulse: "
          f"{said} of {2 * len(rows)}")


if __name__ == "__main__":
    main()
