#!/usr/bin/env python3
"""`beatmap draft` end to end: a drafted StepMania file with several levels read back by Python `simfile` (its own
timing engine, as StepMania times notes), each level's hits equal to the same draft written as JSON; and every
draft through our own gate (`beatmap lint` and `beatmap check` against its song, exit 0).

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

Needs simfile (scripts/setup.sh --test installs it from PyPI) and numpy; a missing one skips with the reason, and
fails under CI=true."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("AKL_BIN", os.path.join(ROOT, ".build", "debug"))
CI = os.environ.get("CI") == "true"


def missing(what):
    if CI:
        raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
    raise unittest.SkipTest(what)


def song(path, bpm=132.0, start=0.6, beats=96, rate=22050):
    """Kicks on the beats, a snare on beats 2 and 4, hats on the off-beats; written as 16-bit WAV."""
    import numpy as np

    rng = np.random.default_rng(5)
    period = 60 / bpm
    x = np.zeros(int((start + beats * period + 1) * rate))
    t = np.arange(int(0.15 * rate)) / rate
    kick = 0.7 * np.sin(2 * np.pi * 60 * t) * np.exp(-t / 0.05)
    snare = 0.4 * rng.standard_normal(len(t)) * np.exp(-t / 0.03) * np.sin(2 * np.pi * 900 * t)
    hat = np.diff(rng.standard_normal(int(0.008 * rate) + 1)) * 0.2 * np.exp(-np.arange(int(0.008 * rate)) / (0.003 * rate))
    for k in range(beats):
        s = int(round((start + k * period) * rate))
        x[s:s + len(kick)] += kick[: len(x) - s]
        if k % 2 == 1:
            x[s:s + len(snare)] += snare[: len(x) - s]
        h = int(round((start + (k + 0.5) * period) * rate))
        x[h:h + len(hat)] += hat[: len(x) - h]
    data = (np.clip(x, -1, 1) * 32767).astype("<i2").tobytes()
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data)


class DraftReadBackTest(unittest.TestCase):
    def setUp(self):
        if not os.access(os.path.join(BIN, "beatmap"), os.X_OK):
            missing(f"{BIN}/beatmap is not built; run swift build first or set AKL_BIN")
        try:
            import numpy  # noqa: F401
            import simfile  # noqa: F401
        except ImportError as e:
            missing(f"{e.name} is not installed (python3 -m pip install simfile numpy)")
        self.dir = tempfile.mkdtemp(prefix="draft-test-")
        self.song = os.path.join(self.dir, "song.wav")
        song(self.song)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def beatmap(self, *args):
        return subprocess.run([os.path.join(BIN, "beatmap"), *args], capture_output=True, text=True)

    def test_levels_read_back_in_simfile(self):
        import simfile
        from simfile.notes import NoteData
        from simfile.notes.group import group_notes, SameBeatNotes
        from simfile.timing import TimingData
        from simfile.timing.engine import TimingEngine

        sm = os.path.join(self.dir, "draft.sm")
        p = self.beatmap("draft", self.song, "--levels", "Easy=1.5,Hard=4", "-o", sm)
        self.assertEqual(p.returncode, 0, p.stderr)
        parsed = simfile.open(sm)
        charts = {c.difficulty: c for c in parsed.charts}
        self.assertEqual(set(charts), {"Easy", "Hard"})
        times = {}
        for name, chart in charts.items():
            engine = TimingEngine(TimingData(parsed, chart))
            notes = group_notes(NoteData(chart), same_beat_notes=SameBeatNotes.JOIN_ALL)
            times[name] = [engine.time_at(group[0].beat) for group in notes]
        # The same levels drafted as JSON (one file each): the hits simfile reads must be these, within a StepMania row.
        p = self.beatmap("draft", self.song, "--levels", "Easy=1.5,Hard=4", "-o", os.path.join(self.dir, "all.json"))
        self.assertEqual(p.returncode, 0, p.stderr)
        for name in ("Easy", "Hard"):
            with open(os.path.join(self.dir, f"all.{name}.json")) as f:
                ours = json.load(f)["beats"]
            self.assertEqual(len(ours), len(times[name]), name)
            for a, b in zip(sorted(ours), sorted(times[name])):
                self.assertAlmostEqual(a, float(b), delta=0.001, msg=name)
        self.assertTrue(set(round(t, 4) for t in times["Easy"]) <= set(round(t, 4) for t in times["Hard"]))

    def test_draft_passes_our_gate(self):
        for ext in ("json", "sm", "osu", "qua"):
            out = os.path.join(self.dir, f"gate.{ext}")
            p = self.beatmap("draft", self.song, "--density", "3", "-o", out)
            self.assertEqual(p.returncode, 0, p.stderr)
            lint = self.beatmap("lint", out)
            self.assertEqual(lint.returncode, 0, f"{ext}: {lint.stdout}{lint.stderr}")
            if ext == "osu":
                # osu! bots and score sites load a map through rosu-pp: the draft must load there too.
                sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
                from chart_roundtrip_test import rosu_problem

                self.assertIsNone(rosu_problem(out))
            check = self.beatmap("check", out, "--audio", self.song)
            self.assertEqual(check.returncode, 0, f"{ext}: {check.stdout}{check.stderr}")

    def test_tempo_from_a_game_manifest(self):
        # samples/game.json declares 132 BPM for world 4's first track: the draft is on exactly that tempo.
        out = os.path.join(self.dir, "w4.json")
        track = os.path.join(ROOT, "samples/audio/world4-track-a-132bpm.flac")
        p = self.beatmap("draft", track, "--tempo-map", os.path.join(ROOT, "samples/game.json"), "--density", "2", "-o", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            drafted = json.load(f)
        self.assertEqual(drafted["bpm"], 132)
        self.assertNotIn("tempo_changes", drafted)
        # A track the manifest does not list is refused, naming the manifest.
        p = self.beatmap("draft", self.song, "--tempo-map", os.path.join(ROOT, "samples/game.json"), "-o", os.path.join(self.dir, "x.json"))
        self.assertEqual(p.returncode, 2)
        self.assertIn("game.json", p.stderr)

    def test_a_chart_that_exists_is_not_written_over_without_force(self):
        # A designer's edited chart is not lost to a second draft on the same -o: refused (exit 2), the file as it was;
        # with --force it is replaced by the draft (read back by simfile).
        out = os.path.join(self.dir, "edited.sm")
        with open(out, "w") as f:
            f.write("#TITLE:Edited by hand;\n")
        p = self.beatmap("draft", self.song, "--density", "2", "-o", out)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("--force", p.stderr)
        with open(out) as f:
            self.assertEqual(f.read(), "#TITLE:Edited by hand;\n")
        p = self.beatmap("draft", self.song, "--density", "2", "--force", "-o", out)
        self.assertEqual(p.returncode, 0, p.stderr)
        try:
            import simfile
        except ImportError:
            missing("Python simfile is not installed (scripts/setup.sh --test installs it)")
        self.assertGreater(len(simfile.open(out).charts), 0)

    def test_progress_on_a_terminal_and_not_in_a_pipe(self):
        # On a terminal the draft says which step it is on (each replacing the last, cleared at the end); in a pipe,
        # where a script reads standard error, only the summary lines.
        import pty

        out = os.path.join(self.dir, "steps.sm")
        main, side = pty.openpty()
        p = subprocess.Popen(
            [os.path.join(BIN, "beatmap"), "draft", self.song, "--density", "2", "-o", out],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=side)
        os.close(side)
        seen = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other side closed
                break
            if not chunk:
                break
            seen += chunk
        os.close(main)
        self.assertEqual(p.wait(timeout=120), 0, seen)
        text = seen.decode()
        for step in ["reading the song", "finding its tempo", "drafting the chart", "checking the draft against the song"]:
            self.assertIn(f"beatmap: drafting song.wav: {step}\u2026", text)
        # The last step is cleared before the summary, which starts on a clean line.
        self.assertIn("\r\x1b[Kbeatmap: drafted", text)
        piped = self.beatmap("draft", self.song, "--density", "2", "--force", "-o", out)
        self.assertEqual(piped.returncode, 0, piped.stderr)
        self.assertNotIn("\u2026", piped.stderr)
        self.assertNotIn("\x1b", piped.stderr)
        self.assertTrue(piped.stderr.startswith("beatmap: drafted "), piped.stderr)

    def test_bad_requests_exit_64_or_2_and_write_nothing(self):
        out = os.path.join(self.dir, "nothing.json")
        self.assertEqual(self.beatmap("draft", self.song, "--count", "10", "--density", "2", "-o", out).returncode, 64)
        self.assertEqual(self.beatmap("draft", self.song, "--levels", "Easy=x", "-o", out).returncode, 64)
        # An extension no format has is not written as text.
        self.assertEqual(self.beatmap("draft", self.song, "--density", "2", "-o", os.path.join(self.dir, "x.chrt")).returncode, 64)
        # Nor .sm text under an .ssc name, where simfile would find no chart: the refusal names the .sm to use.
        p = self.beatmap("draft", self.song, "--density", "2", "-o", os.path.join(self.dir, "x.ssc"))
        self.assertEqual(p.returncode, 64, p.stderr)
        self.assertIn("x.sm", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "x.ssc")))
        self.assertFalse(os.path.exists(os.path.join(self.dir, "x.chrt")))
        p = self.beatmap("draft", self.song, "--count", "5000", "--min-gap", "200", "-o", out)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--min-gap", p.stderr)  # the way out, named
        self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
