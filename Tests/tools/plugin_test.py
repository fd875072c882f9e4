#!/usr/bin/env python3
"""The ValidateAssets plugins as a game's package uses them, on a copy of Examples/GameAssets.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest Tests/tools/plugin_test.py

The copy depends on this checkout through a link named AudioKitLinux (SwiftPM names a path dependency by its last
component, and the example's `.plugin(name: "ValidateAssets", package: "AudioKitLinux")` needs that name). The copy's
`swift build` checks its AHAP resources through the build-tool plugin; `swift package validate-assets` runs the command
plugin. Needs `swift` (and, for the library check, `ldd`); a missing one skips, and fails under CI=true."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("AKL_BIN", os.path.join(ROOT, ".build", "debug"))
CI = os.environ.get("CI") == "true"
EXAMPLE = os.path.join(ROOT, "Examples", "GameAssets")
ERROR = re.compile(r"(\S*Sources/GameAssets/Haptics/broken\.ahap):5:23: error: \[ahap\.unknown_parameter_id\]")


def missing(what):
    if CI:
        raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
    raise unittest.SkipTest(what)


def swift(cwd, *args):
    return subprocess.run(["swift", *args], cwd=cwd, capture_output=True, text=True, timeout=1800)


class GameAssetsPluginTests(unittest.TestCase):
    """A broken AHAP resource fails the build with its file:line:col; a clean one passes, and is not checked again."""

    @classmethod
    def setUpClass(cls):
        if shutil.which("swift") is None:
            missing("swift is not installed")
        cls.work = tempfile.mkdtemp(prefix="akl-plugin-")
        os.symlink(ROOT, os.path.join(cls.work, "AudioKitLinux"))
        cls.game = os.path.join(cls.work, "GameAssets")
        shutil.copytree(EXAMPLE, cls.game, ignore=shutil.ignore_patterns(".build", ".swiftpm", "Package.resolved"))
        manifest = os.path.join(cls.game, "Package.swift")
        with open(manifest) as f:
            text = f.read()
        assert 'path: "../.."' in text, "Examples/GameAssets/Package.swift no longer depends on ../.."
        with open(manifest, "w") as f:
            f.write(text.replace('path: "../.."', f'path: "{os.path.join(cls.work, "AudioKitLinux")}"'))
        cls.haptics = os.path.join(cls.game, "Sources", "GameAssets", "Haptics")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def build(self):
        r = swift(self.game, "build")
        return r.returncode, r.stdout + r.stderr

    def test_the_build_checks_each_asset_and_fails_on_a_broken_one(self):
        code, log = self.build()
        self.assertEqual(code, 0, log[-3000:])
        self.assertIn("Validating coin.ahap", log)
        stamps = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(self.game, ".build", "plugins", "outputs"))
                  for f in fs if f.startswith("ValidateAssets_coin_ahap")]
        self.assertEqual(len(stamps), 1, "one stamp for coin.ahap")
        with open(stamps[0]) as f:
            self.assertIn(os.path.join("Haptics", "coin.ahap"), f.read())
        # Nothing changed: the clean file costs nothing on the next build. (SwiftPM 6.3 relinks a plugin's freshly built
        # tool once more on the second build of a new package, which counts as a change of the command; from then on
        # only a changed file is checked again.)
        self.build()
        code, log = self.build()
        self.assertEqual(code, 0, log[-3000:])
        self.assertNotIn("Validating coin.ahap", log)
        with open(os.path.join(self.haptics, "coin.ahap"), "a") as f:
            f.write("\n")
        code, log = self.build()
        self.assertEqual(code, 0, log[-3000:])
        self.assertIn("Validating coin.ahap", log, "a changed file was not checked again")
        # A broken resource: the build fails, naming the file, line and column; the clean one is not reported.
        shutil.copy(os.path.join(self.game, "Fixtures", "broken.ahap"), self.haptics)
        try:
            code, log = self.build()
            self.assertNotEqual(code, 0, "a broken AHAP resource did not fail the build")
            found = ERROR.search(log)
            self.assertIsNotNone(found, log[-3000:])
            self.assertTrue(os.path.isabs(found.group(1)), "the build names the file by its full path, as Xcode needs")
            self.assertTrue(os.path.samefile(found.group(1), os.path.join(self.haptics, "broken.ahap")))
            self.assertNotIn("coin.ahap:", log)
            # The command plugin finds it too, in the folder it is given.
            r = swift(self.game, "package", "validate-assets", "Sources")
            self.assertNotEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertRegex(r.stdout + r.stderr, ERROR)
        finally:
            os.remove(os.path.join(self.haptics, "broken.ahap"))
        code, log = self.build()
        self.assertEqual(code, 0, log[-3000:])
        r = swift(self.game, "package", "validate-assets", "Sources")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertNotIn("error:", r.stdout)


class CheckerDependencyTests(unittest.TestCase):
    """The plugins' checker builds from what SwiftPM builds from source: no system library in its graph or its binary."""

    def test_no_system_library_target_in_the_checkers_graph(self):
        if shutil.which("swift") is None:
            missing("swift is not installed")
        r = swift(ROOT, "package", "dump-package")
        self.assertEqual(r.returncode, 0, r.stderr)
        targets = {t["name"]: t for t in json.loads(r.stdout)["targets"]}

        def closure(name, seen):
            if name in seen or name not in targets:
                return seen
            seen.add(name)
            for dep in targets[name].get("dependencies", []):
                for kind in ("byName", "target"):
                    if kind in dep:
                        closure(dep[kind][0], seen)
            return seen

        graph = closure("validate-assets", set())
        self.assertIn("AssetValidation", graph)
        self.assertIn("CJansson", graph)
        self.assertEqual([t for t in sorted(graph) if targets[t]["type"] == "system"], [])
        # The full library, for contrast, does use system libraries: the check can fail.
        self.assertIn("CSndfile", closure("AudioKitLinux", set()))

    def test_the_checker_binary_loads_only_the_swift_runtime_and_libc(self):
        if shutil.which("ldd") is None:
            missing("ldd is not installed")
        binary = os.path.join(BIN, "validate-assets")
        if not os.access(binary, os.X_OK):
            missing(f"{binary} is not built; run swift build first or set AKL_BIN")
        allowed = re.compile(r"^(linux-vdso|ld-linux[\w-]*|libswift\w*|libFoundation\w*|lib_FoundationICU|libdispatch|"
                             r"libBlocksRuntime|libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt|libutil)(\.so|$)")
        libs = [line.split()[0] for line in subprocess.run(["ldd", binary], capture_output=True, text=True).stdout.splitlines()
                if line.strip()]
        self.assertTrue(libs, "ldd named no library")
        self.assertEqual([lib for lib in libs if not allowed.match(os.path.basename(lib))], [])
        full = subprocess.run(["ldd", os.path.join(BIN, "ahap-tool")], capture_output=True, text=True).stdout
        self.assertIn("libsndfile", full, "ahap-tool, for contrast, loads libsndfile")


if __name__ == "__main__":
    unittest.main()
