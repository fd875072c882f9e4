#!/usr/bin/env python3
"""Every chart `beatmap convert` writes reads back in the game's own parser as the same hits.

Charts: the shared real charts (StepMania .ssc, Quaver .qua, Friday Night Funkin' JSON, with the hit times an
independent parser reads) and small
charts made here with the corners that moved hits before: osu!-style tempo changes between beats, a stop, a delay,
notes 1 ms apart (one chord) and 2 ms apart (two hits). Each is converted to .sm, .osu, .qua, a Beat Saber .dat (with
its Info.dat), a Clone Hero .chart and JSON, and read back by Python `simfile`'s timing engine (StepMania), `slider`
(osu!, with `rosu-pp` loading it and computing its difficulty), `reamber` (Quaver), the v3 timing ChroMapper uses (bpmEvents) for Beat Saber and the .chart rules of
GuitarGame_ChartFormats (both written out below), and plain JSON. Each hit must
come back within 1 ms, or within the error `convert` printed (and hits it said share a place may be one); JSON must
come back to the microsecond, and a second JSON round trip must give the same file.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

Needs simfile, slider, rosu-pp-py and reamber (scripts/setup.sh --test installs them from PyPI); a missing one skips with the
reason, and fails under CI=true. Without ../shared/corpus/charts only the charts made here are converted."""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("AKL_BIN", os.path.join(ROOT, ".build", "debug"))
CI = os.environ.get("CI") == "true"
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "charts")


def need(module):
    try:
        return __import__(module)
    except ImportError:
        what = f"Python {module} is missing (scripts/setup.sh --test installs it)"
        if CI:
            raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
        raise unittest.SkipTest(what)


def read_text(path, encoding="utf-8"):
    with open(path, encoding=encoding) as f:
        return f.read()


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_text(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def chords(times):
    """Hits as our readers count them: notes within 1 ms (in whole microseconds) are one hit."""
    out = []
    for t in sorted(times):
        if not out or round((t - out[-1]) * 1e6) > 1000:
            out.append(t)
    return out


def sm_hits(path):
    simfile = need("simfile")
    from simfile.notes import NoteData
    from simfile.timing import TimingData
    from simfile.timing.engine import TimingEngine

    s = simfile.open(path)
    chart = s.charts[0]
    engine = TimingEngine(TimingData(s, chart))
    return [engine.time_at(n.beat) for n in NoteData(chart) if n.note_type.value in "124"]


def osu_hits(path):
    """slider's hit objects; slider 0.8 cannot parse an osu!mania hold (`x,y,time,128,hitSound,endTime:hitSample`, as the
    file format and slider's own writer have it: its parser wants endTime as a field of its own), so a file with holds
    is read by the format's rule instead: each hit object's time is its third field."""
    slider = need("slider")
    try:
        return [h.time.total_seconds() for h in slider.Beatmap.from_path(path).hit_objects()]
    except ValueError as e:
        if "end_time" not in str(e):
            raise
    lines = read_text(path).splitlines()
    objects = lines[lines.index("[HitObjects]") + 1:]
    return [int(line.split(",")[2]) / 1000 for line in objects if line.count(",") >= 4]


def rosu_problem(path):
    """None when rosu-pp (the parser osu! bots and score sites use) loads the file as an osu!mania map with every hit
    object and computes its difficulty: a map it cannot compute, players will not load."""
    rosu = need("rosu_pp_py")
    lines = read_text(path).splitlines()
    objects = [l for l in lines[lines.index("[HitObjects]") + 1:] if l.count(",") >= 4]
    try:
        m = rosu.Beatmap(path=path)
        stars = rosu.Difficulty().calculate(m).stars
    except Exception as e:  # rosu's ParseError and ConvertError
        return f"rosu-pp cannot load it: {e}"
    if m.mode != rosu.GameMode.Mania or m.n_objects != len(objects) or m.is_suspicious() or not stars == stars or stars < 0:
        return f"rosu-pp reads mode {m.mode}, {m.n_objects} objects for {len(objects)}, suspicious {m.is_suspicious()}, {stars} stars"
    return None


def osu_lanes(path):
    """(time, lane) of each hit object, the lane as osu!mania computes it: floor(x × keys / 512)."""
    lines = read_text(path).splitlines()
    keys = int(float(next(l.split(":")[1] for l in lines if l.startswith("CircleSize:"))))
    objects = lines[lines.index("[HitObjects]") + 1:]
    return sorted((int(l.split(",")[2]) / 1000, int(int(l.split(",")[0]) * keys / 512)) for l in objects if l.count(",") >= 4)


def qua_hits(path):
    need("reamber")
    from reamber.quaver import QuaMap

    m = QuaMap.read_file(path)
    return [x / 1000 for x in list(m.hits.offset) + list(m.holds.offset)]


def dat_hits(path):
    """Beat Saber v3 with its Info.dat: beats at the song BPM until the first bpmEvent, then each event's tempo
    (ChroMapper's and the game's v3 timing); time = seconds(beat) + _songTimeOffset."""
    info = read_json(os.path.join(os.path.dirname(path), "Info.dat"))
    listed = [d["_beatmapFilename"] for s in info["_difficultyBeatmapSets"] for d in s["_difficultyBeatmaps"]]
    assert os.path.basename(path) in listed, f"{path} is not listed in its Info.dat"
    d = read_json(path)
    events = sorted((e["b"], e["m"]) for e in d.get("bpmEvents", []))
    segments = [(0.0, info["_beatsPerMinute"])] + events

    def seconds(beat):
        t, last_beat, bpm = 0.0, 0.0, segments[0][1]
        for b, m in segments:
            if b >= beat:
                break
            t += (b - last_beat) * 60 / bpm
            last_beat, bpm = b, m
        return t + (beat - last_beat) * 60 / bpm + info.get("_songTimeOffset", 0)

    return [seconds(n["b"]) for n in d["colorNotes"]]


def json_hits(path):
    value = read_json(path)
    return value if isinstance(value, list) else value["beats"]


def chart_hits(path):
    """Clone Hero .chart by its documented rules (GuitarGame_ChartFormats): beat = tick / Resolution on the [SyncTrack]
    tempos (B = BPM × 1000), audio time = chart time + [Song] Offset; notes are N lines of the first track, frets 0–4 and
    open 7 (5 and 6 are modifiers)."""
    section, values, tracks = None, {}, {}
    for line in read_text(path, "utf-8-sig").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            values.setdefault(section, [])
        elif "=" in line and section:
            key, value = (x.strip() for x in line.split("=", 1))
            values[section].append((key, value))
    song = dict(values["Song"])
    resolution, offset = float(song.get("Resolution", 192)), float(song.get("Offset", 0))
    tempos = sorted((int(k) / resolution, int(v.split()[1]) / 1000) for k, v in values["SyncTrack"] if v.startswith("B "))

    def seconds(beat):
        t, last, bpm = 0.0, 0.0, tempos[0][1]
        for b, m in tempos[1:]:
            if b >= beat:
                break
            t += (b - last) * 60 / bpm
            last, bpm = b, m
        return offset + t + (beat - last) * 60 / bpm

    track = next(name for name in values if name.endswith("Single"))
    return [seconds(int(k) / resolution) for k, v in values[track] if v.split()[0] == "N" and int(v.split()[1]) in (0, 1, 2, 3, 4, 7)]


READERS = {"sm": sm_hits, "osu": osu_hits, "qua": qua_hits, "dat": dat_hits, "json": json_hits, "chart": chart_hits}


def compare(got, want, within, merged=0):
    """None when `got` is `want` within `within` seconds, less the `merged` hits convert said share a place."""
    got, want = chords(got), chords(want)
    if len(got) != len(want) - merged:
        return f"{len(got)} hits for {len(want)}" + (f" ({merged} said to merge)" if merged else "")
    # Each hit read back has a wanted hit within the allowance, and each wanted hit a read-back one.
    def farthest(xs, ys):
        return max((min(abs(x - y) for y in ys) for x in xs), default=0)
    worst = max(farthest(got, want), farthest(want, got)) if got and want else (0 if got == want else float("inf"))
    return None if worst <= within else f"a hit {worst * 1000:.3f} ms off (allowed {within * 1000:.3f} ms)"


def note_rows(beats):
    """StepMania note data for 16 beats (four measures of 1/4-beat rows): a note on each of `beats`, in the lanes in turn."""
    rows = ["0000"] * 64
    for i, b in enumerate(beats):
        rows[int(b * 4)] = "".join("1" if j == i % 4 else "0" for j in range(4))
    return "\n,\n".join("\n".join(rows[k:k + 16]) for k in range(0, 64, 16)) + "\n;\n"


def own_charts(work):
    """Small charts with every corner, and their hits computed here."""
    charts = []
    # osu!-style timing points between beats, a stop and a delay in JSON; hits on each section's 1/4 grid.
    points = [(0.1, 120.0), (3.137, 150.0), (7.0, 97.3), (9.4567, 181.0)]
    hits = []
    for i, (t0, bpm) in enumerate(points):
        end = points[i + 1][0] if i + 1 < len(points) else 14.0
        k = 0
        while t0 + k * 15 / bpm < end - 1e-9:
            if k % 3 != 1:
                hits.append(round(t0 + k * 15 / bpm, 6))
            k += 1
    hits = [h + (0.25 if h > 11.0 + 1e-9 else 0) for h in hits]
    path = os.path.join(work, "offbeat.json")
    write_text(path, json.dumps({"bpm": 120, "offset": 0.1, "tempo_changes": [{"time": t, "bpm": b} for t, b in points[1:]],
                                 "stops": [{"time": 11.0, "seconds": 0.25}], "beats": hits}))
    charts.append(("offbeat", path, hits))
    # StepMania with a stop after beat 8 and a delay before beat 4 (a note on each row), and a tempo change at beat 10.
    beats = [0, 1, 2, 3, 4, 4.5, 5, 6, 7, 8, 8.5, 9, 10, 12, 14]
    sm = os.path.join(work, "delays.sm")
    write_text(sm, "#TITLE:d;\n#MUSIC:a.ogg;\n#OFFSET:-0.2;\n#BPMS:0=120,10=133.5;\n#STOPS:8=0.3;\n#DELAYS:4=0.5;\n"
                        "#NOTES:\n dance-single:\n :\n Hard:\n 5:\n 0,0,0,0,0:\n" + note_rows(beats))

    def sm_time(b):
        t = 0.2 + min(b, 10) * 0.5 + max(0, b - 10) * 60 / 133.5
        return t + (0.5 if b >= 4 else 0) + (0.3 if b > 8 else 0)

    charts.append(("delays", sm, [sm_time(b) for b in beats]))
    # osu!mania with timing points off the beat and notes 1 ms apart (one chord) and 2 ms apart (two hits).
    osu = os.path.join(work, "offbeat.osu")
    notes = [500, 875, 1250, 1251, 1625, 2113, 2500, 2502, 3300, 3731, 4162]
    write_text(osu, "osu file format v14\n\n[General]\nAudioFilename: a.ogg\nMode: 3\n\n[Metadata]\nTitle:o\nVersion:Hard\n\n"
                         "[Difficulty]\nCircleSize:4\n\n[TimingPoints]\n500,375,4,1,0,100,1,0\n2113,431,4,1,0,100,1,0\n\n"
                         "[HitObjects]\n" + "".join(f"{64 + 128 * (i % 4)},192,{t},1,0,0:0:0:0:\n" for i, t in enumerate(notes)))
    charts.append(("offbeat-osu", osu, [t / 1000 for t in notes]))
    ssc, hits = warped_ssc(work)
    charts.append(("warps", ssc, hits))
    return charts


def warped_ssc(work):
    """StepMania 5 .ssc with a warp over beats 4-6 (its notes not judged, but the one on a stop's row is, and the stop
    still pauses), a tempo of 100,000,000 BPM from beat 8 to 9 (played, in 0.6 microseconds) and a delay; the hits as
    worked out by hand (120 BPM is 0.5 s a beat, beat 0 at 0.1 s)."""
    beats = [0, 1, 2, 3, 4, 4.5, 5, 6, 7, 8, 10, 11, 12]
    path = os.path.join(work, "warps.ssc")
    write_text(path, "#VERSION:0.83;\n#TITLE:w;\n#MUSIC:a.ogg;\n#OFFSET:-0.1;\n#BPMS:0=120,8=100000000,9=120;\n#STOPS:5=0.5;\n"
                     "#DELAYS:11=0.25;\n#WARPS:4=2;\n#NOTEDATA:;\n#STEPSTYPE:dance-single;\n#DIFFICULTY:Hard;\n#METER:5;\n#NOTES:\n"
                     + note_rows(beats))
    fast = 60 / 1e8
    return path, [0.1, 0.6, 1.1, 1.6, 2.1, 2.6, 3.1, 3.6, 4.1 + fast, 4.85 + fast, 5.35 + fast]


def corpus_charts():
    out = []
    if not os.path.isdir(CORPUS):
        print("chart_roundtrip_test: ../shared/corpus/charts is absent; only the charts made here are converted", file=sys.stderr)
        return out
    for folder in sorted(os.listdir(CORPUS)):
        if not os.path.isdir(os.path.join(CORPUS, folder)):
            continue
        files = [f for f in os.listdir(os.path.join(CORPUS, folder)) if f.endswith((".ssc", ".sm", ".qua", ".osu", ".json", ".chart"))]
        if files:
            hits = [float(x) for x in read_text(os.path.join(CORPUS, folder, "hits.txt")).split()]
            out.append((folder, os.path.join(CORPUS, folder, files[0]), hits))
    return out


class ChartRoundTripTest(unittest.TestCase):
    def test_every_conversion_reads_back_in_the_games_parsers(self):
        for module in ("simfile", "slider", "reamber", "rosu_pp_py"):
            need(module)
        beatmap = os.path.join(BIN, "beatmap")
        work = tempfile.mkdtemp()
        failures, conversions = [], 0
        for name, source, want in own_charts(work) + corpus_charts():
            for ext in READERS:
                folder = os.path.join(work, f"{name}-{ext}")
                os.makedirs(folder, exist_ok=True)
                out = os.path.join(folder, ("ExpertStandard." if ext == "dat" else "chart.") + ext)
                r = subprocess.run([beatmap, "convert", source, "-o", out], capture_output=True, text=True)
                conversions += 1
                if r.returncode != 0:
                    failures.append(f"{name} → .{ext}: exit {r.returncode}: {r.stderr.strip()}")
                    continue
                printed = re.search(r"up to ([0-9.]+) ms", r.stderr)
                within = max(0.001, float(printed.group(1)) / 1000 + 1e-4) if printed else 0.001
                if ext == "json":
                    within = 1e-6
                said = re.search(r"([0-9]+) of [0-9]+ hits share a place", r.stderr)
                problem = compare(READERS[ext](out), want, within, int(said.group(1)) if said else 0)
                if ext == "osu" and not problem:
                    problem = rosu_problem(out)
                if problem:
                    failures.append(f"{name} → .{ext}: {problem}; convert said: {r.stderr.strip() or 'nothing'}")
                if ext == "json":
                    again = os.path.join(folder, "again.json")
                    subprocess.run([beatmap, "convert", out, "-o", again], capture_output=True, text=True)
                    if read_json(again) != read_json(out):
                        failures.append(f"{name}: JSON → JSON is not the same file")
        print(f"chart_roundtrip_test: {conversions - len(failures)} of {conversions} conversions read back in the games' parsers",
              file=sys.stderr)
        self.assertEqual(failures, [])

    def test_warps_read_as_stepmanias_engine_reads_them(self):
        simfile = need("simfile")
        from simfile.notes import NoteData
        from simfile.timing import TimingData
        from simfile.timing.engine import TimingEngine

        work = tempfile.mkdtemp()
        path, want = warped_ssc(work)
        s = simfile.open(path)
        engine = TimingEngine(TimingData(s, s.charts[0]))
        theirs = [float(engine.time_at(n.beat)) for n in NoteData(s.charts[0]) if engine.hittable(n.beat)]
        self.assertIsNone(compare(theirs, want, 1e-9), "the hand-worked hits are simfile's")
        out = os.path.join(work, "warps.json")
        r = subprocess.run([os.path.join(BIN, "beatmap"), "convert", path, "-o", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("2 notes lie inside warps", r.stderr)
        self.assertIsNone(compare(json_hits(out), theirs, 1e-6))

    def test_lanes_holds_and_metadata_are_kept(self):
        """A StepMania chart with a title, an artist, an author, taps in every lane, chords, holds, a roll and a mine:
        converted to .sm, .osu and .qua, each note keeps its lane and each hold its end (simfile reads the source and
        the .sm; the .osu's lanes by osu!mania's rule; reamber reads the .qua), and the title, artist and difficulty
        come along."""
        simfile = need("simfile")
        need("reamber")
        from reamber.quaver import QuaMap
        from simfile.notes import NoteData
        from simfile.timing import TimingData
        from simfile.timing.engine import TimingEngine

        beatmap = os.path.join(BIN, "beatmap")
        work = tempfile.mkdtemp()
        rows = ["0000"] * 32
        rows[0], rows[2], rows[4], rows[6] = "1000", "0100", "0010", "0001"
        rows[8], rows[12], rows[14] = "2000", "3000", "0110"
        rows[16], rows[20], rows[22] = "0004", "0003", "M000"
        rows[24], rows[28] = "1001", "0101"
        source = os.path.join(work, "src.sm")
        write_text(source, ("#TITLE:Lane Test;\n#ARTIST:Someone;\n#MUSIC:a.ogg;\n#OFFSET:-0.1;\n#BPMS:0=150;\n#STOPS:;\n"
                    "#NOTES:\n dance-single:\n Author Name:\n Challenge:\n 11:\n 0,0,0,0,0:\n"
                    + "\n".join(rows[:16]) + "\n,\n" + "\n".join(rows[16:]) + "\n;\n"))

        def sm_notes(path):
            s = simfile.open(path)
            chart = s.charts[0]
            engine = TimingEngine(TimingData(s, chart))
            heads = {}
            out = []
            for n in NoteData(chart):
                t = round(engine.time_at(n.beat), 4)
                kind = n.note_type.value
                if kind in "124M":
                    out.append([t, n.column, kind, None])
                    heads[n.column] = out[-1]
                elif kind == "3":
                    heads.pop(n.column)[3] = t
            return s, chart, sorted(map(tuple, out))

        song, chart, want = sm_notes(source)
        for ext in ["sm", "osu", "qua"]:
            out = os.path.join(work, "out." + ext)
            r = subprocess.run([beatmap, "convert", source, "-o", out], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            if ext == "sm":
                s2, c2, got = sm_notes(out)
                self.assertEqual(got, want)
                self.assertEqual((s2.title, s2.artist, c2.difficulty, c2.meter), ("Lane Test", "Someone", "Challenge", "11"))
            elif ext == "osu":
                hits = [(t, lane) for t, lane, kind, _ in want if kind != "M"]
                got = osu_lanes(out)
                self.assertEqual([(round(t, 3), lane) for t, lane in got], [(round(t, 3), lane) for t, lane in hits])
                text = read_text(out)
                self.assertIn("Title:Lane Test", text)
                self.assertIn("Version:Challenge", text)
                ends = sorted(int(l.split(",")[5].split(":")[0]) / 1000 for l in text.splitlines() if ",128," in l)
                self.assertEqual([round(e, 3) for e in ends], sorted(round(e, 3) for _, _, k, e in want if k in "24"))
            else:
                m = QuaMap.read_file(out)
                notes = sorted([(round(t / 1000, 3), c) for t, c in zip(m.hits.offset, m.hits.column)]
                               + [(round(t / 1000, 3), c) for t, c in zip(m.holds.offset, m.holds.column)])
                self.assertEqual(notes, [(round(t, 3), lane) for t, lane, kind, _ in want if kind != "M"])
                self.assertEqual(m.title, "Lane Test")

    def test_the_songs_header_is_kept_across_formats(self):
        """What a chart says of its song beyond title and artist comes along where the other format has a place for
        it: an .ssc's subtitle, genre, credit, banner, sample start and length and background into .sm (simfile reads
        them), a .qua's preview time, background, source and tags into .osu (reamber reads them) and its preview and
        background into .sm; an .osu's into .qua. The .ssc chart's own #CREDIT stays the chart's author, not the
        song's credit."""
        simfile = need("simfile")
        need("reamber")
        from reamber.osu import OsuMap
        from reamber.quaver import QuaMap

        beatmap = os.path.join(BIN, "beatmap")
        work = tempfile.mkdtemp()
        rows = "\n".join(["1000", "0100", "0010", "0001"] * 2)
        ssc = os.path.join(work, "song.ssc")
        write_text(ssc, "#VERSION:0.83;\n#TITLE:Header Test;\n#SUBTITLE:(Extended);\n#ARTIST:Someone;\n"
                   "#GENRE:Raggacore;\n#CREDIT:Song Credit;\n#BANNER:bn.png;\n#BACKGROUND:bg.png;\n#MUSIC:a.ogg;\n"
                   "#OFFSET:-0.1;\n#SAMPLESTART:12.5;\n#SAMPLELENGTH:9.25;\n#BPMS:0=150;\n#STOPS:;\n"
                   "#NOTEDATA:;\n#STEPSTYPE:dance-single;\n#DIFFICULTY:Hard;\n#METER:7;\n#CREDIT:Chart Author;\n"
                   "#NOTES:\n" + rows + "\n;\n")
        out = os.path.join(work, "song.sm")
        r = subprocess.run([beatmap, "convert", ssc, "-o", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        sm = simfile.open(out)
        self.assertEqual((sm.title, sm.subtitle, sm.artist, sm.genre, sm.credit, sm.banner, sm.background),
                         ("Header Test", "(Extended)", "Someone", "Raggacore", "Song Credit", "bn.png", "bg.png"))
        self.assertAlmostEqual(float(sm.samplestart), 12.5, places=6)
        self.assertAlmostEqual(float(sm.samplelength), 9.25, places=6)
        self.assertEqual(sm.charts[0].description, "Chart Author")

        qua = os.path.join(work, "map.qua")
        write_text(qua, "AudioFile: a.ogg\nSongPreviewTime: 31250\nBackgroundFile: 'bg (1).jpg'\nMode: Keys4\n"
                   "Title: Header Test\nArtist: Someone\nSource: 'An Album'\nTags: lofi chill\nCreator: me\n"
                   "DifficultyName: Hard\nTimingPoints:\n- StartTime: 100\n  Bpm: 150\nSliderVelocities: []\nHitObjects:\n"
                   + "".join(f"- StartTime: {100 + 400 * k}\n  Lane: {k % 4 + 1}\n" for k in range(8)))
        osu = os.path.join(work, "map.osu")
        r = subprocess.run([beatmap, "convert", qua, "-o", osu], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        m = OsuMap.read_file(osu)
        self.assertEqual((m.preview_time, m.background_file_name, m.source, m.tags), (31250, "bg (1).jpg", "An Album", ["lofi", "chill"]))
        out = os.path.join(work, "map.sm")
        r = subprocess.run([beatmap, "convert", qua, "-o", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        sm = simfile.open(out)
        self.assertAlmostEqual(float(sm.samplestart), 31.25, places=6)
        self.assertEqual(sm.background, "bg (1).jpg")
        # A difficulty StepMania does not name is an Edit described by it, its author the song's credit; and back.
        qua2 = os.path.join(work, "named.qua")
        write_text(qua2, read_text(qua).replace("DifficultyName: Hard", "DifficultyName: late night vibes"))
        named = os.path.join(work, "named.sm")
        r = subprocess.run([beatmap, "convert", qua2, "-o", named], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        sm = simfile.open(named)
        self.assertEqual((sm.credit, sm.charts[0].difficulty, sm.charts[0].description), ("me", "Edit", "late night vibes"))
        again = os.path.join(work, "again.qua")
        r = subprocess.run([beatmap, "convert", named, "-o", again], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        q = QuaMap.read_file(again)
        self.assertEqual((q.creator, q.difficulty_name), ("me", "late night vibes"))

        back = os.path.join(work, "back.qua")
        r = subprocess.run([beatmap, "convert", osu, "-o", back], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        q = QuaMap.read_file(back)
        self.assertEqual((q.song_preview_time, q.background_file, q.source), (31250, "bg (1).jpg", "An Album"))
        # reamber keeps no tags for Quaver: the line itself, as Quaver's YAML reads it.
        self.assertIn("Tags: 'lofi chill'", read_text(back).splitlines())

    def test_every_chart_of_a_song_is_kept(self):
        """A song of several charts (a .ssc of two steps types, one chart with timing of its own; and the shared
        Mecha-Tribe song's twelve charts): into .sm every chart on the song's timing is kept, each read back by
        simfile's engine with the same hits as the source's (simfile too) and its steps type, difficulty and meter; the
        chart with its own timing is named in a warning. Into .osu, `--chart all` writes one file a chart, each read by
        slider as that chart's hits; without it, one file and a note naming the charts left out."""
        simfile = need("simfile")
        need("slider")
        from simfile.notes import NoteData
        from simfile.timing import TimingData
        from simfile.timing.engine import TimingEngine

        beatmap = os.path.join(BIN, "beatmap")
        work = tempfile.mkdtemp()
        def chart(steps, difficulty, meter, rows, timing=""):
            return (f"#NOTEDATA:;\n#STEPSTYPE:{steps};\n#DESCRIPTION:;\n#DIFFICULTY:{difficulty};\n#METER:{meter};\n{timing}"
                    f"#NOTES:\n" + "\n".join(rows) + "\n;\n")
        single = ["1000", "0100", "0010", "0001", "1001", "0000", "0110", "0000"]
        double = ["10000000", "00000001", "00100100", "00000000", "01000000", "00010000", "00000000", "10000001"]
        source = os.path.join(work, "song.ssc")
        write_text(source, "#VERSION:0.83;\n#TITLE:Two Styles;\n#MUSIC:a.ogg;\n#OFFSET:-0.05;\n#BPMS:0=140,3=170;\n#STOPS:5=0.2;\n"
                   + chart("dance-single", "Hard", 8, single) + chart("dance-double", "Easy", 3, double)
                   + chart("dance-single", "Edit", 12, single, "#OFFSET:-0.05;\n#BPMS:0=100;\n#STOPS:;\n"))

        def charts(path):
            s = simfile.open(path)
            out = {}
            for c in s.charts:
                engine = TimingEngine(TimingData(s, c))
                hits = chords(engine.time_at(n.beat) for n in NoteData(c) if n.note_type.value in "124")
                out[(c.stepstype, c.difficulty, str(c.meter).strip())] = hits
            return out

        sources = [(source, 2, 1)]
        mecha = os.path.join(CORPUS, "sm-mechatribe", "Mecha-Tribe Assault.ssc")
        if os.path.exists(mecha):
            sources.append((mecha, 12, 0))
        else:
            print("chart_roundtrip_test: ../shared/corpus/charts is absent; the song of twelve charts is not converted",
                  file=sys.stderr)
        for path, kept, own in sources:
            want = charts(path)
            out = os.path.join(work, "every.sm")
            r = subprocess.run([beatmap, "convert", path, "-o", out], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            got = charts(out)
            self.assertEqual(len(simfile.open(out).charts), kept, r.stderr)
            for key, hits in got.items():
                self.assertIn(key, want)
                self.assertIsNone(compare(hits, want[key], 0.001), f"{path} {key}")
            if own:
                self.assertIn(f"{own} of {path}'s", r.stderr)
                self.assertIn('"dance-single Edit"', r.stderr)

            osu = os.path.join(work, os.path.basename(path) + ".osu")
            r = subprocess.run([beatmap, "convert", path, "-o", osu], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(f"holds {len(want) if own == 0 else kept + own} charts", r.stderr)
            r = subprocess.run([beatmap, "convert", path, "--chart", "all", "-o", osu], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            stem = osu[:-len(".osu")]
            written = sorted(f for f in os.listdir(work)
                             if os.path.join(work, f).startswith(stem + ".") and f.endswith(".osu") and os.path.join(work, f) != osu)
            self.assertEqual(len(written), kept + own, written)
            # Every chart, own timing included, in a file of its own: each file's hits are one source chart's, to the ms.
            every = sorted(tuple(round(t, 3) for t in chords(osu_hits(os.path.join(work, f)))) for f in written)
            self.assertEqual(every, sorted(tuple(round(t, 3) for t in hits) for hits in want.values()))

        # Every chart needs file names to go by, and a Beat Saber difficulty's name is its difficulty: both refused.
        r = subprocess.run([beatmap, "convert", source, "--chart", "all"], capture_output=True, text=True)
        self.assertEqual((r.returncode, r.stdout), (64, ""), r.stderr)
        self.assertIn("give -o", r.stderr)
        dat = os.path.join(work, "bs", "ExpertStandard.dat")
        r = subprocess.run([beatmap, "convert", source, "--chart", "all", "-o", dat], capture_output=True, text=True)
        self.assertEqual(r.returncode, 64, r.stderr)
        self.assertIn("one chart at a time", r.stderr)
        self.assertFalse(os.path.exists(os.path.dirname(dat)))

    def test_werror_fails_and_writes_nothing_when_hits_merge(self):
        beatmap = os.path.join(BIN, "beatmap")
        work = tempfile.mkdtemp()
        source = os.path.join(work, "close.txt")
        write_text(source, "0.5\n0.5004\n1.0\n1.25\n")
        out = os.path.join(work, "close.sm")
        r = subprocess.run([beatmap, "convert", source, "-o", out, "--bpm", "120", "--werror"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("1 of 4 hits share a place", r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_a_chart_of_more_than_four_lanes_keeps_them_or_says_it_cannot(self):
        """A 5-lane chart (pump-single) goes to Quaver as 7 keys, every note in its own lane, as simfile reads the
        source and reamber the copy; an 8-lane chart (dance-couple) folds into 7 with a warning naming the lanes, and
        --werror makes that an error with nothing written. Before, both were written in 4 keys without a word."""
        simfile, reamber = need("simfile"), need("reamber")
        from simfile.notes import NoteData, NoteType
        from reamber.quaver import QuaMap
        song = os.path.join(CORPUS, "sm-mechatribe", "Mecha-Tribe Assault.ssc")
        if not os.path.exists(song):
            self.skipTest("../shared/corpus/charts/sm-mechatribe is absent")
        beatmap, work = os.path.join(BIN, "beatmap"), tempfile.mkdtemp()
        charts = simfile.open(song).charts
        pump = next(k for k, c in enumerate(charts) if c.stepstype == "pump-single")
        couple = next(k for k, c in enumerate(charts) if c.stepstype == "dance-couple")
        out = os.path.join(work, "pump.qua")
        r = subprocess.run([beatmap, "convert", song, "--chart", str(pump + 1), "-o", out], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("lanes", r.stderr)
        want = {}
        for n in NoteData(charts[pump]):
            kind = {NoteType.TAP: "tap", NoteType.HOLD_HEAD: "hold", NoteType.ROLL_HEAD: "hold"}.get(n.note_type)
            if kind:
                want[(n.column, kind)] = want.get((n.column, kind), 0) + 1
        m = QuaMap.read_file(out)
        self.assertEqual(str(m.mode), "Keys7")
        got = {(c, "tap"): k for c, k in m.hits.df.column.value_counts().items()}
        got.update({(c, "hold"): k for c, k in m.holds.df.column.value_counts().items()})
        self.assertEqual(got, want)
        folded = os.path.join(work, "couple.qua")
        r = subprocess.run([beatmap, "convert", song, "--chart", str(couple + 1), "-o", folded], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("the chart's 8 lanes went into 7", r.stderr)
        os.remove(folded)
        r = subprocess.run([beatmap, "convert", song, "--chart", str(couple + 1), "-o", folded, "--werror"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertFalse(os.path.exists(folded))


if __name__ == "__main__":
    unittest.main()
