#!/usr/bin/env python3
"""Re-timing the shared real charts in place (`beatmap edit CHART --audio TRACK`, `PUT /api/grid` with the chart's own
tempo map doubled, as the editor's ×2 sets it, then `POST /api/save`): the games' own parsers read every chart of the
file back with every note at the time it had (within 0.5 ms), in its lane and of its kind, on the doubled tempo.

StepMania `.ssc` files are read by Python `simfile` (every chart, each on its own timing), Quaver `.qua` by `reamber`.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

Without ../shared/corpus/charts the test skips, saying so; a missing parser skips with the reason, and fails under
CI=true."""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chart_roundtrip_test import CORPUS, need  # noqa: E402
from chart_save_in_place_test import editor_on, request  # noqa: E402


def sm_notes(path):
    """Every chart of a StepMania file: (time, column, note type) of each note, as `simfile`'s timing engine places them,
    and the file's tempo changes."""
    simfile = need("simfile")
    from simfile.notes import NoteData
    from simfile.notes.timed import time_notes
    from simfile.timing import TimingData

    s = simfile.open(path)
    charts = []
    for chart in s.charts:
        timed = time_notes(NoteData(chart), TimingData(s, chart))
        charts.append(sorted((round(float(n.time), 6), n.note.column, n.note.note_type.value) for n in timed))
    bpms = [(float(b.beat), float(b.value)) for b in TimingData(s, s.charts[0]).bpms]
    return charts, bpms


def qua_notes(path):
    need("reamber")
    from reamber.quaver import QuaMap

    m = QuaMap.read_file(path)
    notes = sorted([(float(o), int(c), "tap") for o, c in zip(m.hits.offset, m.hits.column)]
                   + [(float(o), int(c), f"hold {float(n):.0f}") for o, c, n in zip(m.holds.offset, m.holds.column, m.holds.length)])
    return [notes], [(float(o), float(b)) for o, b in zip(m.bpms.offset, m.bpms.bpm)]


class RetimeCorpusTest(unittest.TestCase):
    def retime(self, chart, audio):
        """The chart's grid doubled and saved in place: the (grid, save) responses."""
        with editor_on(chart, audio, os.path.dirname(chart), wait=300) as url:
            self.assertIsNotNone(url, "the editor printed no URL")
            status, state = request(url, "/api/state")
            self.assertEqual(status, 200, state)
            g = state["declared_grid"]
            doubled = {"bpm": g["bpm"] * 2, "offset": g["offset"],
                       "sections": [{"time": x["time"], "bpm": x["bpm"] * 2} for x in g.get("sections") or []]}
            return request(url, "/api/grid", "PUT", doubled), request(url, "/api/save", "POST")

    def test_every_shared_chart_keeps_its_notes_when_its_tempo_map_is_doubled(self):
        if not os.path.isdir(CORPUS):
            self.skipTest("../shared/corpus/charts is absent")
        checked = 0
        for folder in sorted(os.listdir(CORPUS)):
            base = os.path.join(CORPUS, folder)
            if not os.path.isdir(base):
                continue
            for name in sorted(os.listdir(base)):
                ext = os.path.splitext(name)[1].lower()
                if ext not in (".ssc", ".sm", ".qua"):
                    continue
                with self.subTest(chart=f"{folder}/{name}"):
                    work = tempfile.mkdtemp(prefix="akl-retime-")
                    path = os.path.join(work, "chart" + ext)
                    shutil.copy(os.path.join(base, name), path)
                    read = qua_notes if ext == ".qua" else sm_notes
                    before, bpms_before = read(path)
                    with open(path, "rb") as f:
                        crlf = b"\r\n" in f.read()
                    grid, saved = self.retime(path, os.path.join(base, "audio.ogg"))
                    self.assertEqual(grid[0], 200, grid)
                    self.assertTrue(grid[1]["keeps_grid"], grid[1].get("retime_refusal"))
                    self.assertEqual(saved[0], 200, saved)
                    after, bpms_after = read(path)
                    # A CRLF file stays CRLF, the event lists rewritten with their beats too.
                    with open(path, "rb") as f:
                        written = f.read()
                    if crlf:
                        self.assertNotIn(b"\n", written.replace(b"\r\n", b""), "a bare LF in a CRLF file")
                    self.assertEqual([len(c) for c in after], [len(c) for c in before])
                    for old, new in zip(before, after):
                        for (t0, c0, k0), (t1, c1, k1) in zip(old, new):
                            # Quaver's times are whole milliseconds, StepMania's seconds.
                            self.assertLess(abs(t0 - t1), 1.0 if ext == ".qua" else 0.0005, (t0, c0, k0, t1))
                            self.assertEqual((c0, k0), (c1, k1))
                    # The tempo doubled: StepMania's beats double with it; Quaver's timing points keep their times.
                    self.assertEqual(len(bpms_after), len(bpms_before), bpms_after)
                    for (p0, b0), (p1, b1) in zip(bpms_before, bpms_after):
                        self.assertAlmostEqual(b1, 2 * b0, places=3)
                        self.assertAlmostEqual(p1, p0 if ext == ".qua" else 2 * p0, delta=0.01)
                    shutil.rmtree(work)
                    checked += 1
        self.assertGreater(checked, 0, "no StepMania or Quaver chart in ../shared/corpus/charts")


if __name__ == "__main__":
    unittest.main()
