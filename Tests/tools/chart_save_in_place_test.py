#!/usr/bin/env python3
"""An edited chart saved in place (`beatmap edit CHART --audio TRACK`, then `POST /api/save`) changes only the edited
chart's notes: every byte before and after them is the file's own (the header, the tempo map, the other charts,
comments, CRLF line endings), and the game's own parser reads the edited chart back with the hits the editor sent
(each within 1 ms), the untouched notes in their lanes with their holds, a moved hit's notes in their lanes at the new
time, and the other charts as they were.

Charts made here: a two-chart StepMania .sm (CRLF, a tempo change between beats, a stop, holds, chords), an
osu!mania .osu (holds) and a Quaver .qua (holds, a mine). Read back by Python `simfile`'s timing engine (StepMania)
and `reamber` (osu! and Quaver). A grid set in the editor is written into the chart's timing (osu! and Quaver timing
points; a StepMania file's #OFFSET and #BPMS, every chart's rows moved to keep their times), the hits kept where they
are; a StepMania file with stops keeps its own.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

A missing parser skips with the reason, and fails under CI=true."""
import contextlib
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request
import wave

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chart_roundtrip_test import BIN, need  # noqa: E402


def write_track(path, seconds=24.0, rate=22050):
    """A quiet noise floor with a click every half second: something the editor analyses quickly."""
    frames = bytearray()
    seed = 1
    for i in range(int(seconds * rate)):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        v = (seed / 0x7FFFFFFF - 0.5) * 0.01
        if i % (rate // 2) < 60:
            v += 0.6 * math.sin(2 * math.pi * 1500 * i / rate)
        frames += struct.pack("<h", int(v * 32767))
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


SM = "\r\n".join([
    "// A chart made for the in-place test: this comment stays.",
    "#TITLE:In Place;",
    "#ARTIST:Nobody;",
    "#MUSIC:track.wav;",
    "#OFFSET:-0.050000;",
    "#BPMS:0.000000=120.000000,10.500000=150.000000;",
    "#STOPS:6.000000=0.250000;",
    "",
    "//---------------dance-single - Easy----------------",
    "#NOTES:",
    "     dance-single:",
    "     easy author:",
    "     Easy:",
    "     2:",
    "     0.000000,0.000000,0.000000,0.000000,0.000000:",
    "1000", "0000", "0100", "0000", ",",
    "0010", "0000", "0001", "0000", ";",
    "",
    "//---------------dance-single - Hard----------------",
    "#NOTES:",
    "     dance-single:",
    "     hard author:",
    "     Hard:",
    "     8:",
    "     0.000000,0.000000,0.000000,0.000000,0.000000:",
    "1000", "0100", "0010", "0001", ",  // measure 1",
    "2000", "0100", "3010", "1001", ",  // measure 2",
    "0100", "0010", "1000", "0001", ",  // measure 3",
    "1100", "0020", "0030", "0001", ";",
    "// after the last chart: this stays too",
    "",
])


def sm_chart(path, difficulty):
    simfile = need("simfile")
    from simfile.notes import NoteData
    from simfile.timing import TimingData
    from simfile.timing.engine import TimingEngine

    s = simfile.open(path)
    chart = next(c for c in s.charts if c.difficulty == difficulty)
    engine = TimingEngine(TimingData(s, chart))
    notes = [(engine.time_at(n.beat), n.column, n.note_type.value) for n in NoteData(chart)]
    return chart, engine, notes


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def request(url, path, method="GET", body=None):
    base = url.split("/?")[0]
    token = url.split("token=")[1]
    sep = "&" if "?" in path else "?"
    req = urllib.request.Request(f"{base}{path}{sep}token={token}", method=method,
                                 data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def editor_url(server, wait=120):
    """The URL (with its token) a `beatmap edit` started as `server` prints on standard error, or None."""
    deadline = time.time() + wait
    while time.time() < deadline:
        line = server.stderr.readline()
        if not line and server.poll() is not None:
            return None
        m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
        if m:
            return m.group(1)
    return None


@contextlib.contextmanager
def editor_on(chart, audio, cwd, extra=(), wait=120):
    """`beatmap edit CHART --audio AUDIO` running in `cwd` while the block runs: yields its URL (with its token), or
    None when it printed none; stopped after."""
    server = subprocess.Popen([os.path.abspath(os.path.join(BIN, "beatmap")), "edit", chart, "--audio", audio, "--no-open", *extra],
                              stderr=subprocess.PIPE, text=True, cwd=cwd)
    try:
        yield editor_url(server, wait)
    finally:
        server.terminate()
        server.wait(timeout=20)
        server.stderr.close()


class SaveInPlaceTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="akl-inplace-")
        self.track = os.path.join(self.dir, "track.wav")
        write_track(self.track)

    def edit_and_save(self, chart, new_times, extra=(), save="/api/save"):
        """Opens the chart in the editor, sends `new_times` with a save (or a Save As: `save` its request), and returns
        the response."""
        with editor_on(chart, self.track, self.dir, extra) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            return request(url, save, "POST", new_times)

    def test_stepmania_keeps_every_other_byte_and_the_lanes(self):
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(SM)
        original = read_bytes(path)
        _, engine, before = sm_chart(path, "Hard")
        _, _, easy_before = sm_chart(path, "Easy")
        hits = sorted({round(t, 9) for t, _, kind in before if kind in "124"})
        # Move hit 5 (beat 5, with a column-1 tap) a 1/4 beat later, remove hit 9, add one at beat 14.5.
        moved_from, moved_to = engine.time_at(5), engine.time_at(5.25)
        removed = hits[9]
        added = engine.time_at(14.5)
        sent = sorted([t for t in hits if t not in (hits[5], removed)] + [moved_to, added])
        status, state = self.edit_and_save(path, sent, ["--chart", "Hard"])
        self.assertEqual(status, 200, state)
        self.assertIn("saved in place", state["save_note"])
        after_bytes = read_bytes(path)
        # Every byte outside the Hard chart's note data is the file's own.
        head = original[:original.index(b"0.000000:", original.index(b"Hard:")) + len(b"0.000000:")]
        tail = original[original.index(b";", len(head)):]
        self.assertTrue(after_bytes.startswith(head), "the bytes before the edited notes changed")
        self.assertTrue(after_bytes.endswith(tail), "the bytes after the edited notes changed")
        self.assertNotIn(b"\n", after_bytes.replace(b"\r\n", b""), "a bare LF in a CRLF file")
        _, engine2, after = sm_chart(path, "Hard")
        got = sorted({round(t, 9) for t, _, kind in after if kind in "124"})
        self.assertEqual(len(got), len(sent))
        for g, s in zip(got, sent):
            self.assertAlmostEqual(g, s, delta=0.001)
        # The untouched notes keep their lanes and kinds (a hold keeps its tail); the moved hit's tap keeps its lane.
        kept = [(round(t, 6), c, k) for t, c, k in before if abs(t - moved_from) > 1e-6 and abs(t - removed) > 1e-6]
        now = {(round(t, 6), c, k) for t, c, k in after}
        for n in kept:
            self.assertIn(n, now)
        moved_cols = {c for t, c, k in before if abs(t - moved_from) < 1e-6}
        self.assertEqual({c for t, c, k in after if abs(t - moved_to) < 1e-6}, moved_cols)
        # The other chart is exactly as it was.
        _, _, easy_after = sm_chart(path, "Easy")
        self.assertEqual(easy_after, easy_before)

    def test_save_as_a_new_chart_keeps_the_notes(self):
        """Save As a new .sm from the editor: the edited chart's notes as the game reads them (lanes, chords, holds, a
        moved hit's notes at its new time) and its title, not taps in four lanes in turn titled after the track."""
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(SM)
        _, engine, before = sm_chart(path, "Hard")
        hits = sorted({round(t, 9) for t, _, kind in before if kind in "124"})
        moved_from, moved_to = engine.time_at(5), engine.time_at(5.25)
        sent = sorted([t for t in hits if t != hits[5]] + [moved_to])
        status, state = self.edit_and_save(path, sent, ["--chart", "Hard"], save="/api/save-as?name=copy.sm")
        self.assertEqual(status, 200, state)
        copy = os.path.join(self.dir, "copy.sm")
        simfile = need("simfile")
        self.assertEqual(simfile.open(copy).title, "In Place")
        _, _, after = sm_chart(copy, "Hard")
        expected = sorted((round(t if abs(t - moved_from) > 1e-6 else moved_to, 3), c, k) for t, c, k in before)
        self.assertEqual(sorted((round(t, 3), c, k) for t, c, k in after), expected)

    def test_save_as_the_charts_own_kind_is_a_copy_beside_it(self):
        """Save As in the chart's own kind (here .sm from .sm), with the editor started in another folder: the copy
        lands beside the chart (where its song is), holds every byte of the file outside the edited chart's notes (the
        comment, the header, the stop, the other chart), and the game's parser reads the edited chart's hits as sent;
        the original is untouched, and the session saves the copy from then on."""
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(SM)
        original = read_bytes(path)
        _, engine, before = sm_chart(path, "Hard")
        hits = sorted({round(t, 9) for t, _, kind in before if kind in "124"})
        sent = sorted([t for t in hits if t != hits[5]] + [engine.time_at(5.25)])
        elsewhere = os.path.join(self.dir, "elsewhere")
        os.mkdir(elsewhere)
        with editor_on(path, self.track, elsewhere, ["--chart", "Hard"]) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            status, state = request(url, "/api/save-as?name=copy.sm", "POST", sent)
            self.assertEqual(status, 200, state)
            self.assertIn("header and other charts kept", state["save_note"])
            self.assertTrue(state["map"].endswith("copy.sm"), state["map"])
            # An .ssc name for a .sm chart is refused: the editor writes an .ssc only as a copy of one.
            status, refused = request(url, "/api/save-as?name=copy.ssc", "POST", sent)
            self.assertEqual(status, 400, refused)
        self.assertEqual(read_bytes(path), original, "Save As changed the chart it copied")
        self.assertEqual(os.listdir(elsewhere), [], "Save As wrote into the folder the editor was started in")
        copy = read_bytes(os.path.join(self.dir, "copy.sm"))
        head = original[:original.index(b"0.000000:", original.index(b"Hard:")) + len(b"0.000000:")]
        tail = original[original.index(b";", len(head)):]
        self.assertTrue(copy.startswith(head), "the bytes before the edited notes changed")
        self.assertTrue(copy.endswith(tail), "the bytes after the edited notes changed")
        _, _, after = sm_chart(os.path.join(self.dir, "copy.sm"), "Hard")
        got = sorted({round(t, 9) for t, _, kind in after if kind in "124"})
        self.assertEqual(len(got), len(sent))
        for g, w in zip(got, sent):
            self.assertAlmostEqual(g, w, delta=0.001)
        self.assertEqual(sm_chart(os.path.join(self.dir, "copy.sm"), "Easy")[2], sm_chart(path, "Easy")[2])

    def test_osu_mania_keeps_its_lines_and_holds(self):
        need("reamber")
        from reamber.osu import OsuMap

        lines = ["osu file format v14", "", "[General]", "AudioFilename: track.wav", "Mode: 3", "", "[Metadata]",
                 "Title:In Place", "Version:Hard", "", "[Difficulty]", "CircleSize:4", "OverallDifficulty:8", "",
                 "[TimingPoints]", "500,500,4,2,0,100,1,0", "", "[HitObjects]"]
        objects = []
        for k in range(16):
            x = [64, 192, 320, 448][k % 4]
            t = 500 + 500 * k
            objects.append(f"{x},192,{t},128,0,{t + 250}:0:0:0:0:" if k % 5 == 2 else f"{x},192,{t},1,2,0:0:0:0:")
        text = "\r\n".join(lines + objects) + "\r\n"
        path = os.path.join(self.dir, "chart.osu")
        with open(path, "w", newline="") as f:
            f.write(text)
        hits = [0.5 + 0.5 * k for k in range(16)]
        sent = sorted([t for t in hits if t not in (hits[2], hits[7])] + [hits[2] + 0.125, 8.75])
        status, state = self.edit_and_save(path, sent)
        self.assertEqual(status, 200, state)
        after = read_bytes(path).decode()
        self.assertTrue(after.startswith("\r\n".join(lines) + "\r\n"), "the lines before [HitObjects] changed")
        m = OsuMap.read_file(path)
        got = sorted(list(m.hits.offset / 1000) + list(m.holds.offset / 1000))
        self.assertEqual(len(got), len(sent))
        for g, s in zip(got, sent):
            self.assertAlmostEqual(g, s, delta=0.001)
        # The moved hold keeps its lane and its length; the untouched taps keep their lines (hit sound 2 included).
        holds = sorted(zip(m.holds.offset, m.holds.column, m.holds.length))
        self.assertIn((1625.0, 2, 250.0), [(float(a), int(b), float(c)) for a, b, c in holds])
        for k in (0, 1, 3, 4, 5):
            self.assertIn(objects[k], after.split("\r\n"))

    def test_quaver_keeps_its_items_and_mine(self):
        need("reamber")
        from reamber.quaver import QuaMap

        head = ["AudioFile: track.wav", "Mode: Keys4", "Title: In Place", "DifficultyName: Hard", "TimingPoints:",
                "- StartTime: 500", "  Bpm: 120", "SliderVelocities: []", "HitObjects:"]
        items = []
        for k in range(12):
            t = 500 + 500 * k
            items += [f"- StartTime: {t}", f"  Lane: {k % 4 + 1}"] + ([f"  EndTime: {t + 300}"] if k == 3 else []) + ["  KeySounds: []"]
        items += ["- StartTime: 2750", "  Lane: 2", "  Type: Mine", "  KeySounds: []"]
        text = "\n".join(head + items + ["Bookmarks: []"]) + "\n"
        path = os.path.join(self.dir, "chart.qua")
        with open(path, "w") as f:
            f.write(text)
        hits = [0.5 + 0.5 * k for k in range(12)]
        sent = sorted([t for t in hits if t not in (hits[3], hits[6])] + [hits[3] + 0.1, 6.75])
        status, state = self.edit_and_save(path, sent)
        self.assertEqual(status, 200, state)
        after = read_bytes(path).decode()
        self.assertTrue(after.startswith("\n".join(head) + "\n"))
        self.assertTrue(after.endswith("Bookmarks: []\n"))
        self.assertIn("- StartTime: 2750\n  Lane: 2\n  Type: Mine", after, "the mine was not kept")
        m = QuaMap.read_file(path)
        # reamber has no Quaver mine (Type: Mine): it reads the one at 2.75 s as a hit, which Quaver does not play.
        got = sorted([t for t in list(m.hits.offset / 1000) if abs(t - 2.75) > 1e-9] + list(m.holds.offset / 1000))
        self.assertEqual(len(got), len(sent))
        for g, s in zip(got, sent):
            self.assertAlmostEqual(g, s, delta=0.001)
        holds = [(float(a), int(b), float(c)) for a, b, c in zip(m.holds.offset, m.holds.column, m.holds.length)]
        self.assertEqual(holds, [(2100.0, 3, 300.0)])

    def test_quaver_shifted_as_a_whole_keeps_every_chord(self):
        """A chart moved 350 ms (Shift map), more than the 200 ms between its hits: every chord keeps its lanes (each hit
        took its neighbour's when the nearest old hit gave a moved one its notes), and the chord at 0 ms, whose items
        leave StartTime out (Quaver's default), says its new time (the save was refused)."""
        need("reamber")
        from reamber.quaver import QuaMap

        head = ["AudioFile: track.wav", "Mode: Keys4", "Title: Shift", "DifficultyName: Hard", "TimingPoints:",
                "- StartTime: 0", "  Bpm: 150", "SliderVelocities: []", "HitObjects:"]
        items = ["- Lane: 1", "- Lane: 4"]
        chords = {0: (1, 4)}
        for k in range(1, 30):
            lanes = (k % 4 + 1,) if k % 3 else (k % 4 + 1, (k + 2) % 4 + 1)
            chords[200 * k] = lanes
            for lane in lanes:
                items += [f"- StartTime: {200 * k}", f"  Lane: {lane}", "  KeySounds: []"]
        path = os.path.join(self.dir, "shift.qua")
        with open(path, "w") as f:
            f.write("\n".join(head + items + ["Bookmarks: []"]) + "\n")
        status, state = self.edit_and_save(path, [t / 1000 + 0.35 for t in sorted(chords)])
        self.assertEqual(status, 200, state)
        m = QuaMap.read_file(path)
        got = {}
        for t, c in zip(m.hits.offset, m.hits.column):
            got.setdefault(round(float(t)), set()).add(int(c) + 1)
        self.assertEqual(got, {t + 350: set(lanes) for t, lanes in chords.items()})

    def assert_notes_kept(self, path, before):
        """Each chart of the StepMania file at `path` (`before`: difficulty → its notes as `sm_chart` read them) holds the
        same notes, each within 0.5 ms of its time, in its lane, of its kind."""
        for difficulty, notes in before.items():
            _, _, now = sm_chart(path, difficulty)
            self.assertEqual(len(now), len(notes), difficulty)
            for (t0, c0, k0), (t1, c1, k1) in zip(sorted(notes), sorted(now)):
                self.assertAlmostEqual(t0, t1, delta=0.0005, msg=difficulty)
                self.assertEqual((c0, k0), (c1, k1), difficulty)

    def retime_and_save(self, chart, grid):
        """Opens the chart in the editor, sets the tempo grid `grid` (`PUT /api/grid`), saves in place with no body (the
        session's own hits) and returns the grid's and the save's responses."""
        with editor_on(chart, self.track, self.dir) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            return request(url, "/api/grid", "PUT", grid), request(url, "/api/save", "POST")

    def test_osu_mania_retimed_in_place_keeps_its_hits_and_speed_changes(self):
        """A grid set in the editor is written into the .osu's timing points: the game's parser reads the new tempo
        map, the inherited point (a speed change with kiai) is kept, and every hit object line is as it was."""
        need("reamber")
        from reamber.osu import OsuMap

        head = ["osu file format v14", "", "[General]", "AudioFilename: track.wav", "Mode: 3", "", "[Metadata]",
                "Title:In Place", "Version:Hard", "", "[Difficulty]", "CircleSize:4", "OverallDifficulty:8", "",
                "[TimingPoints]"]
        timing = ["500,1000,3,2,1,70,1,0", "4500,-50,3,2,1,80,0,1"]
        objects = [f"{[64, 192, 320, 448][k % 4]},192,{500 + 500 * k},1,0,0:0:0:0:" for k in range(16)]
        rest = ["", "", "[HitObjects]"] + objects
        path = os.path.join(self.dir, "chart.osu")
        with open(path, "w", newline="") as f:
            f.write("\r\n".join(head + timing + rest) + "\r\n")
        grid, saved = self.retime_and_save(path, {"bpm": 120, "offset": 0.5, "sections": [{"time": 6.5, "bpm": 180}]})
        self.assertEqual(grid[0], 200, grid)
        self.assertEqual(saved[0], 200, saved)
        self.assertIn("timing points", saved[1]["save_note"])
        self.assertFalse(saved[1]["dirty"])
        after = read_bytes(path).decode()
        self.assertTrue(after.startswith("\r\n".join(head) + "\r\n"), "the lines before [TimingPoints] changed")
        self.assertTrue(after.endswith("\r\n".join(rest) + "\r\n"), "the hit objects changed")
        self.assertNotIn("\n", after.replace("\r\n", ""), "a bare LF in a CRLF file")
        m = OsuMap.read_file(path)
        self.assertEqual([(float(o), round(float(b), 6)) for o, b in zip(m.bpms.offset, m.bpms.bpm)], [(500.0, 120.0), (6500.0, 180.0)])
        # The new points keep the meter, sample set and volume of the one they replace; the speed change stays.
        self.assertEqual(list(m.bpms.metronome), [3, 3])
        self.assertIn("4500,-50,3,2,1,80,0,1", after.split("\r\n"))
        self.assertEqual([(float(o), float(b)) for o, b in zip(m.svs.offset, m.svs.multiplier)], [(4500.0, 2.0)])
        self.assertEqual(sorted(m.hits.offset), [500.0 + 500 * k for k in range(16)])

    def test_quaver_retimed_in_place_keeps_its_hits_and_slider_velocities(self):
        """A grid set in the editor is written into the .qua's TimingPoints: the game's parser reads the new tempo map,
        each point keeps the old one's time signature, and the slider velocities and hit objects are as they were."""
        need("reamber")
        from reamber.quaver import QuaMap

        head = ["AudioFile: track.wav", "Mode: Keys4", "Title: In Place", "DifficultyName: Hard"]
        timing = ["TimingPoints:", "- StartTime: 500", "  Bpm: 60", "  Signature: Triple"]
        rest = ["SliderVelocities:", "- StartTime: 3000", "  Multiplier: 1.5", "HitObjects:"]
        for k in range(12):
            rest += [f"- StartTime: {500 + 500 * k}", f"  Lane: {k % 4 + 1}", "  KeySounds: []"]
        path = os.path.join(self.dir, "chart.qua")
        with open(path, "w") as f:
            f.write("\n".join(head + timing + rest) + "\n")
        grid, saved = self.retime_and_save(path, {"bpm": 120, "offset": 0.5, "sections": [{"time": 4.25, "bpm": 150}]})
        self.assertEqual(grid[0], 200, grid)
        self.assertEqual(saved[0], 200, saved)
        self.assertIn("timing points", saved[1]["save_note"])
        after = read_bytes(path).decode()
        self.assertTrue(after.startswith("\n".join(head) + "\n"))
        self.assertTrue(after.endswith("\n".join(rest) + "\n"), "the slider velocities or hit objects changed")
        m = QuaMap.read_file(path)
        self.assertEqual([(float(o), float(b)) for o, b in zip(m.bpms.offset, m.bpms.bpm)], [(500.0, 120.0), (4250.0, 150.0)])
        # reamber leaves Signature out; the YAML says it (Quaver reads "Triple" as 3/4).
        import yaml
        self.assertEqual([p.get("Signature") for p in yaml.safe_load(after)["TimingPoints"]], ["Triple", "Triple"])
        self.assertEqual([(float(o), float(x)) for o, x in zip(m.svs.offset, m.svs.multiplier)], [(3000.0, 1.5)])
        self.assertEqual(sorted(m.hits.offset), [500.0 + 500 * k for k in range(12)])

    def test_stepmania_with_a_stop_is_retimed_in_place_the_stop_at_its_time(self):
        """A StepMania file with a stop (the page's grid holds it at its time): doubled (×2) and saved in place, simfile
        reads the stop on the doubled beat with its length, and both charts' notes at the times they had."""
        simfile = need("simfile")
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(SM)
        _, _, hard_before = sm_chart(path, "Hard")
        _, _, easy_before = sm_chart(path, "Easy")
        with editor_on(path, self.track, self.dir) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            grid = request(url, "/api/state")[1]["declared_grid"]
            # Beat 6 at 120 BPM from 0.05 s: 3.05 s.
            self.assertEqual(len(grid["stops"]), 1, grid)
            self.assertAlmostEqual(grid["stops"][0]["time"], 3.05, places=6)
            doubled = {"bpm": 2 * grid["bpm"], "offset": grid["offset"], "stops": grid["stops"],
                       "sections": [{"time": x["time"], "bpm": 2 * x["bpm"]} for x in grid["sections"]]}
            put = request(url, "/api/grid", "PUT", doubled)
            self.assertEqual(put[0], 200, put)
            self.assertTrue(put[1]["keeps_grid"], put[1].get("retime_refusal"))
            saved = request(url, "/api/save", "POST")
        self.assertEqual(saved[0], 200, saved)
        s = simfile.open(path)
        self.assertEqual(s.stops, "12.000000=0.250000")
        self.assertEqual(s.bpms, "0.000000=240.000000,21.000000=300.000000")
        self.assert_notes_kept(path, {"Hard": hard_before, "Easy": easy_before})

    def test_stops_and_delays_added_in_the_editor_are_written_where_the_file_had_none(self):
        """A .sm with neither #STOPS nor #DELAYS: a stop and a delay added on the page (`PUT /api/grid`) and saved in
        place are written as new #STOPS and #DELAYS lines after #BPMS; simfile reads them on their beats with their
        lengths, the edited chart's hits at the times the page had them and the other chart's notes where they were."""
        simfile = need("simfile")
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(SM.replace("#STOPS:6.000000=0.250000;\r\n", ""))
        _, _, hard_before = sm_chart(path, "Hard")
        _, _, easy_before = sm_chart(path, "Easy")
        with editor_on(path, self.track, self.dir, ["--chart", "Hard"]) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            grid = request(url, "/api/state")[1]["declared_grid"]
            self.assertEqual(grid.get("stops", []), [], grid)
            # Beat 6 at 120 BPM from 0.05 s is 3.05 s; beat 8, after the 0.25 s stop, 4.30 s. Both pauses are whole
            # 16ths, so every later hit stays on a row.
            grid["stops"] = [{"time": 3.05, "seconds": 0.25}, {"time": 4.30, "seconds": 0.125, "delay": True}]
            put = request(url, "/api/grid", "PUT", grid)
            self.assertEqual(put[0], 200, put)
            self.assertTrue(put[1]["keeps_grid"], put[1].get("retime_refusal"))
            saved = request(url, "/api/save", "POST")
        self.assertEqual(saved[0], 200, saved)
        for tag in ("#STOPS", "#DELAYS"):
            self.assertIn(tag, saved[1]["save_note"])
        text = read_bytes(path).decode()
        self.assertRegex(text, r"#BPMS:[^;]*;\r\n#STOPS:[^;]*;\r\n#DELAYS:[^;]*;\r\n", "the new lines follow #BPMS")
        self.assertNotIn("\n", text.replace("\r\n", ""), "a bare LF in a CRLF file")
        s = simfile.open(path)
        stops = [tuple(map(float, x.split("="))) for x in s.stops.split(",")]
        delays = [tuple(map(float, x.split("="))) for x in s.delays.split(",")]
        self.assertEqual(len(stops), 1, s.stops)
        self.assertAlmostEqual(stops[0][0], 6, places=3)
        self.assertAlmostEqual(stops[0][1], 0.25, places=6)
        self.assertEqual(len(delays), 1, s.delays)
        self.assertAlmostEqual(delays[0][0], 8, places=3)
        self.assertAlmostEqual(delays[0][1], 0.125, places=6)
        _, _, hard_after = sm_chart(path, "Hard")
        hits = lambda notes: sorted({round(t, 9) for t, _, kind in notes if kind in "124"})
        self.assertEqual(len(hits(hard_after)), len(hits(hard_before)))
        for a, b in zip(hits(hard_after), hits(hard_before)):
            self.assertAlmostEqual(a, b, delta=0.001)
        _, _, easy_after = sm_chart(path, "Easy")
        self.assertEqual(hits(easy_after), hits(easy_before))

    def test_a_grid_a_warped_chart_cannot_take_is_said_not_written(self):
        """An .ssc with a warp keeps its own tempo map when saved in place: the state says why, and the save's note says
        that the grid set here was not written and what keeps it (it said only "saved in place"); the file keeps its
        #BPMS."""
        simfile = need("simfile")
        path = os.path.join(self.dir, "warped.ssc")
        with open(path, "w") as f:
            f.write("\n".join(["#VERSION:0.83;", "#MUSIC:track.wav;", "#OFFSET:-0.05;", "#BPMS:0=120;", "#WARPS:12=1;",
                               "#NOTEDATA:;", "#STEPSTYPE:dance-single;", "#DIFFICULTY:Hard;", "#METER:5;", "#NOTES:",
                               "1000", "0100", "0010", "0001", ",", "1000", "0100", "0010", "0001", ";", ""]))
        grid, saved = self.retime_and_save(path, {"bpm": 240, "offset": 0.05})
        self.assertEqual(grid[0], 200, grid)
        self.assertIn("#WARPS", grid[1]["retime_refusal"])
        self.assertEqual(saved[0], 200, saved)
        self.assertIn("the grid set here was not written", saved[1]["save_note"])
        self.assertIn("Save As keeps it", saved[1]["save_note"])
        self.assertEqual(simfile.open(path).bpms, "0=120")

    def test_stepmania_retimed_in_place_keeps_every_chart_in_time(self):
        """A grid set in the editor (here the map doubled, ×2) is written into a two-chart .sm in place: simfile reads
        the new #BPMS (and #DISPLAYBPM), both charts' notes at the times they had (in their lanes, holds kept), and the header as it was.
        A grid on whose rows the other chart's notes would move is refused, and nothing is written."""
        simfile = need("simfile")
        text = SM.replace("#STOPS:6.000000=0.250000;", "#STOPS:;\r\n#DISPLAYBPM:120:150;").replace(
            "#BPMS:0.000000=120.000000,10.500000=150.000000;", "#BPMS:0.000000=120.000000,8.000000=150.000000;")
        path = os.path.join(self.dir, "chart.sm")
        with open(path, "w", newline="") as f:
            f.write(text)
        _, _, hard_before = sm_chart(path, "Hard")
        _, _, easy_before = sm_chart(path, "Easy")
        original = read_bytes(path)
        # Beat 8 (the change to 150) lies at 0.05 + 8 × 0.5 = 4.05 s.
        grid, saved = self.retime_and_save(path, {"bpm": 240, "offset": 0.05, "sections": [{"time": 4.05, "bpm": 300}]})
        self.assertEqual(grid[0], 200, grid)
        self.assertTrue(grid[1]["keeps_grid"], grid[1])
        self.assertEqual(saved[0], 200, saved)
        self.assertIn("#BPMS", saved[1]["save_note"])
        s = simfile.open(path)
        self.assertEqual(s.bpms, "0.000000=240.000000,16.000000=300.000000")
        self.assertAlmostEqual(float(s.offset), -0.05, places=6)
        # The song wheel's tempo showed the old map's slowest and fastest: it shows the new map's.
        self.assertEqual(s.displaybpm, "240:300")
        self.assertEqual((s.title, s.artist, s.music), ("In Place", "Nobody", "track.wav"))
        after = read_bytes(path)
        self.assertTrue(after.startswith(b"// A chart made for the in-place test: this comment stays."))
        self.assertTrue(after.endswith(b"// after the last chart: this stays too\r\n\r\n") or after.endswith(b"// after the last chart: this stays too\r\n"))
        self.assertNotIn(b"\n", after.replace(b"\r\n", b""), "a bare LF in a CRLF file")
        self.assert_notes_kept(path, {"Hard": hard_before, "Easy": easy_before})
        # The same grid with its bar 1 a bar later (1.05 s): the first notes come before it, so the chart's beat 0 moves
        # back a bar, and the save says so (the bar numbers the page showed change on reopening).
        with open(path, "wb") as f:
            f.write(original)
        grid, saved = self.retime_and_save(path, {"bpm": 240, "offset": 1.05, "sections": [{"time": 4.05, "bpm": 300}]})
        self.assertEqual(saved[0], 200, saved)
        self.assertIn("beat 0 is at 0.050 s, 1 bar before the grid's bar 1", saved[1]["save_note"])
        self.assertAlmostEqual(float(simfile.open(path).offset), -0.05, places=6)
        # 7 ms later: the Easy chart's notes would leave its rows. Refused, the file as it was.
        with open(path, "wb") as f:
            f.write(original)
        grid, saved = self.retime_and_save(path, {"bpm": 120, "offset": 0.057, "sections": [{"time": 4.057, "bpm": 150}]})
        self.assertEqual(grid[0], 200, grid)
        self.assertNotEqual(saved[0], 200, saved)
        self.assertIn("would move", str(saved[1]))
        self.assertEqual(read_bytes(path), original)


if __name__ == "__main__":
    unittest.main()
