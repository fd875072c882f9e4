#!/usr/bin/env python3
"""The editor's saves reach the disk before they replace the map: `beatmap edit MAP --audio TRACK`, then
`POST /api/save`, with `Tests/tools/sync_shim.c` preloaded into the editor to watch its `fsync` and `rename` calls.
The command-line tools sync a command's outputs together when it ends (tested in DeferredSyncTests); the editor saves
while it runs, so each save is synced on its own, and the saved map is renamed into place only once synced.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

A missing C compiler skips with the reason, and fails under CI=true."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chart_roundtrip_test import BIN, CI  # noqa: E402
from chart_save_in_place_test import editor_url, request, write_track  # noqa: E402

SHIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sync_shim.c")


class EditorSyncTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="akl-editor-sync-")
        cc = shutil.which("cc") or shutil.which("clang")
        if cc is None:
            what = "no C compiler (cc or clang) is on PATH to build the sync shim"
            if CI:
                raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
            raise unittest.SkipTest(what)
        self.shim = os.path.join(self.dir, "shim.so")
        subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", self.shim, SHIM, "-ldl"], check=True)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def counts(self, log):
        with open(log) as f:
            syncs, most, renames, late, unsynced = (int(v) for v in f.read().split())
        return {"syncs": syncs, "renames": renames, "unsynced": unsynced}

    def test_each_save_is_synced_before_it_replaces_the_map(self):
        track = os.path.join(self.dir, "track.wav")
        write_track(track, seconds=6.0)
        chart = os.path.join(self.dir, "map.json")
        with open(chart, "w") as f:
            json.dump({"bpm": 120, "offset": 0.0, "beats": [0.5 * k for k in range(1, 11)]}, f)
        log = os.path.join(self.dir, "shim.log")
        env = dict(os.environ, LD_PRELOAD=self.shim, AKL_SHIM_LOG=log)
        server = subprocess.Popen([os.path.join(BIN, "beatmap"), "edit", chart, "--audio", track, "--no-open"],
                                  stderr=subprocess.PIPE, text=True, cwd=self.dir, env=env)
        try:
            url = editor_url(server)
            self.assertIsNotNone(url, "the editor printed no URL")
            for k, times in enumerate([[0.5 * k for k in range(1, 10)], [0.5 * k + 0.01 for k in range(1, 9)]]):
                status, body = request(url, "/api/save", "POST", times)
                self.assertEqual(status, 200, body)
                seen = self.counts(log)
                # Each save synced and renamed into place before it answered, none renamed unsynced.
                self.assertGreaterEqual(seen["renames"], k + 1, seen)
                self.assertGreaterEqual(seen["syncs"], seen["renames"], seen)
                self.assertEqual(seen["unsynced"], 0, seen)
            with open(chart) as f:
                self.assertEqual(len(json.load(f)["beats"]), 8)
        finally:
            server.terminate()
            server.wait(timeout=20)
            server.stderr.close()


if __name__ == "__main__":
    unittest.main()
