#!/usr/bin/env python3
"""The ways a team adopts the gate: pre-commit hooks, the GitHub Action, and the third-party notices.

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest discover -s Tests/tools -p '*_test.py'

Needs the built tools in AKL_BIN, pre-commit and PyYAML (scripts/setup.sh --test installs both from PyPI). A missing
one skips its tests with the reason; under CI=true it fails instead."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("AKL_BIN", os.path.join(ROOT, ".build", "debug"))
CI = os.environ.get("CI") == "true"


def missing(what):
    """Skips the test, or fails it under CI=true, where a missing tool is a failure."""
    if CI:
        raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
    raise unittest.SkipTest(what)


def tools_built():
    for tool in ("ahap-tool", "beatmap"):
        if not os.access(os.path.join(BIN, tool), os.X_OK):
            missing(f"{BIN}/{tool} is not built; run swift build first or set AKL_BIN")


def git(cwd, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com")
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env=env)


def broken_ahap():
    """An AHAP file with an event time that is not a number: ahap-tool validate must refuse it."""
    return json.dumps({"Version": 1.0, "Pattern": [{"Event": {"Time": "soon", "EventType": "HapticTransient",
                       "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}]}, indent=2)


def sample(name):
    with open(os.path.join(ROOT, "samples", name)) as f:
        return f.read()


def game_folder(folder, ahap_text):
    """A game's files: one track with its beat map and declared BPM, one AHAP file, and the manifest of them."""
    os.makedirs(os.path.join(folder, "audio"))
    os.makedirs(os.path.join(folder, "maps"))
    shutil.copy(os.path.join(ROOT, "samples", "audio", "world1-track-a-88bpm.flac"), os.path.join(folder, "audio"))
    shutil.copy(os.path.join(ROOT, "samples", "beatmaps", "world1-a.json"), os.path.join(folder, "maps"))
    # The AHAP sample plays this waveform; validate checks that it is there.
    shutil.copy(os.path.join(ROOT, "samples", "ahap", "sfx_haptic_thud.wav"), folder)
    with open(os.path.join(folder, "thud.ahap"), "w") as f:
        f.write(ahap_text)
    with open(os.path.join(folder, "game.json"), "w") as f:
        json.dump({"tracks": [{"audio": "audio/world1-track-a-88bpm.flac", "bpm": 88, "beatmaps": ["maps/world1-a.json"]}],
                   "ahap": ["thud.ahap"]}, f)


class NoticesTests(unittest.TestCase):
    """THIRD_PARTY_NOTICES.md names every library the binaries carry, and the check fails when one is missing."""

    def setUp(self):
        tools_built()
        for tool in ("ldd", "dpkg", "nm"):
            if shutil.which(tool) is None:
                missing(f"{tool} is not installed")
        self.binaries = [os.path.join(BIN, "beatmap"), os.path.join(BIN, "ahap-tool")]

    def run_check(self, notices):
        return subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "notices.py"), "check", *self.binaries,
                               "--notices", notices], capture_output=True, text=True)

    def test_the_committed_notices_name_every_library(self):
        r = self.run_check(os.path.join(ROOT, "THIRD_PARTY_NOTICES.md"))
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        # Independently of the script: every shared library ldd lists outside the toolchain belongs to a Debian
        # package named in the notices.
        with open(os.path.join(ROOT, "THIRD_PARTY_NOTICES.md")) as f:
            text = f.read()
        ldd = subprocess.run(["ldd", self.binaries[0]], capture_output=True, text=True).stdout
        for soname in re.findall(r"^\s*(lib\S+\.so[.\d]*) => /(?:usr/)?lib/", ldd, re.M):
            self.assertIn(soname, text, f"{soname} is loaded by beatmap but not in the notices")
        for module, package in (("ArgumentParser", "swift-argument-parser"), ("NIOCore", "swift-nio"),
                                ("Hummingbird", "hummingbird"), ("Logging", "swift-log")):
            self.assertIn(f"| {package} (", text, f"{module} is linked into beatmap; {package} must be named")

    def test_a_library_missing_from_the_notices_fails_the_check(self):
        with open(os.path.join(ROOT, "THIRD_PARTY_NOTICES.md")) as f:
            text = f.read()
        cut = "\n".join(l for l in text.splitlines() if "libsndfile1" not in l)
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
            f.write(cut)
        try:
            r = self.run_check(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("libsndfile1", r.stdout)
        self.assertIn("error:", r.stdout)

    def test_version_says_where_the_notices_are(self):
        for tool in self.binaries:
            out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
            self.assertIn("THIRD_PARTY_NOTICES.md", out)
            self.assertIn("Apache License 2.0", out)

    def test_a_runtime_linked_in_statically_must_be_named_too(self):
        # A release build (--static-swift-stdlib) loads no library of the toolchain: ldd shows no runtime to name,
        # yet the binary carries it. Built here from one line, as the release build links it.
        if shutil.which("swiftc") is None:
            missing("swiftc is not on PATH")
        folder = tempfile.mkdtemp(prefix="akl-static-")
        try:
            with open(os.path.join(folder, "main.swift"), "w") as f:
                f.write('print("hello")\n')
            binary = os.path.join(folder, "hello")
            built = subprocess.run(["swiftc", "-static-stdlib", os.path.join(folder, "main.swift"), "-o", binary],
                                   capture_output=True, text=True)
            self.assertEqual(built.returncode, 0, built.stderr)
            ldd = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
            self.assertNotIn("libswiftCore", ldd, "the binary should not load the runtime")
            with open(os.path.join(ROOT, "THIRD_PARTY_NOTICES.md")) as f:
                text = f.read()
            cut = text.replace("## Swift runtime, Dispatch and Foundation", "## (removed)")
            notices = os.path.join(folder, "notices.md")
            for content, code in ((text, 0), (cut, 1)):
                with open(notices, "w") as f:
                    f.write(content)
                r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "notices.py"), "check", binary,
                                    "--notices", notices], capture_output=True, text=True)
                self.assertEqual(r.returncode, code, r.stdout + r.stderr)
            self.assertIn("the Swift runtime and Foundation (linked in statically)", r.stdout)
        finally:
            shutil.rmtree(folder)


class PreCommitTests(unittest.TestCase):
    """The hooks of .pre-commit-hooks.yaml in a new git repository, through pre-commit itself."""

    def setUp(self):
        tools_built()
        if shutil.which("pre-commit") is None:
            missing("pre-commit is not installed (pip install pre-commit)")
        head = git(ROOT, "rev-parse", "HEAD")
        if head.returncode != 0:
            missing("the project is not a git checkout; pre-commit clones its hooks from one")
        self.rev = head.stdout.strip()
        if git(ROOT, "cat-file", "-e", f"{self.rev}:.pre-commit-hooks.yaml").returncode != 0:
            missing("HEAD has no .pre-commit-hooks.yaml yet (commit it first)")
        self.dir = tempfile.mkdtemp(prefix="akl-precommit-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.repo = os.path.join(self.dir, "game")
        os.makedirs(self.repo)
        # A shim that counts beatmap's runs, then runs the real one.
        shims = os.path.join(self.dir, "shims")
        os.makedirs(shims)
        self.log = os.path.join(self.dir, "beatmap-runs.log")
        with open(os.path.join(shims, "beatmap"), "w") as f:
            f.write(f'#!/bin/sh\necho "$@" >> "{self.log}"\nexec "{BIN}/beatmap" "$@"\n')
        os.chmod(os.path.join(shims, "beatmap"), 0o755)
        os.symlink(os.path.join(BIN, "ahap-tool"), os.path.join(shims, "ahap-tool"))
        self.env = dict(os.environ, PATH=shims + os.pathsep + os.environ["PATH"],
                        PRE_COMMIT_HOME=os.path.join(self.dir, "cache"), GIT_AUTHOR_NAME="t",
                        GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
        self.assertEqual(git(self.repo, "init", "-q").returncode, 0)
        with open(os.path.join(self.repo, ".pre-commit-config.yaml"), "w") as f:
            f.write(f"repos:\n  - repo: {ROOT}\n    rev: {self.rev}\n    hooks:\n      - id: ahap-validate\n"
                    "      - id: ahap-format-check\n      - id: beatmap-ci\n        args: [game.json]\n")
        r = subprocess.run(["pre-commit", "install"], cwd=self.repo, env=self.env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def commit(self, message):
        subprocess.run(["git", "add", "-A"], cwd=self.repo, env=self.env, check=True)
        return subprocess.run(["git", "commit", "-q", "-m", message], cwd=self.repo, env=self.env, capture_output=True,
                              text=True)

    def runs(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return f.read().splitlines()

    def test_a_broken_ahap_is_refused_and_a_clean_commit_passes(self):
        game_folder(self.repo, broken_ahap())
        r = self.commit("broken")
        out = r.stdout + r.stderr
        self.assertNotEqual(r.returncode, 0, out)
        self.assertRegex(out, r"thud\.ahap:\d+:\d+: error: ", "the diagnostic is shown")
        self.assertEqual(git(self.repo, "rev-list", "--all").stdout.strip(), "", "nothing was committed")
        self.assertEqual(len(self.runs()), 1, f"beatmap ci ran {self.runs()}")
        # The same files with a valid, canonically formatted AHAP: the commit goes through.
        formatted = subprocess.run([os.path.join(BIN, "ahap-tool"), "format", os.path.join(ROOT, "samples", "ahap", "thud.ahap")],
                                   capture_output=True, text=True, check=True).stdout
        with open(os.path.join(self.repo, "thud.ahap"), "w") as f:
            f.write(formatted)
        r = self.commit("clean")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(len(self.runs()), 2, "beatmap ci ran once for the second commit, with its several files")
        self.assertEqual(self.runs()[-1].split(), ["ci", "game.json"])

    def test_an_unformatted_ahap_is_refused(self):
        game_folder(self.repo, json.dumps(json.loads(sample("ahap/thud.ahap"))))
        r = self.commit("unformatted")
        out = r.stdout + r.stderr
        self.assertNotEqual(r.returncode, 0, out)
        self.assertIn("not canonically formatted", out)


class ActionTests(unittest.TestCase):
    """action.yml parses, and its run steps pass under a shell with the runner's variables, offline."""

    def setUp(self):
        tools_built()
        try:
            import yaml  # noqa: F401
        except ImportError:
            missing("PyYAML is not installed (pip install pyyaml)")
        import yaml
        with open(os.path.join(ROOT, "action.yml")) as f:
            self.action = yaml.safe_load(f)
        self.dir = tempfile.mkdtemp(prefix="akl-action-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def expand(self, value, inputs, steps, context):
        def one(m):
            expr = m.group(1).strip()
            if expr.startswith("inputs."):
                return inputs[expr[len("inputs."):]]
            if expr.startswith("steps."):
                _, step, _, name = expr.split(".")
                return steps.get(step, {}).get(name, "")
            if expr in context:
                return context[expr]
            raise AssertionError(f"the test does not evaluate ${{{{ {expr} }}}}")
        return re.sub(r"\$\{\{(.*?)\}\}", one, str(value))

    def run_action(self, given):
        """Runs every run: step as the runner would (bash -eo pipefail, env, working-directory); returns the exit code
        of the last step, the step outputs, and the inputs of the uses: steps."""
        inputs = {k: str(v.get("default", "")) for k, v in self.action["inputs"].items()}
        inputs.update(given)
        workspace = os.path.join(self.dir, "workspace")
        temp = os.path.join(self.dir, "runner-temp")
        os.makedirs(temp, exist_ok=True)
        context = {"github.action_path": ROOT, "github.workspace": workspace, "runner.os": "Linux"}
        steps, uses, code, log = {}, [], None, ""
        for step in self.action["runs"]["steps"]:
            if "uses" in step:
                # Only the inputs the test asserts on are evaluated (the category's expression is GitHub's to evaluate).
                given_with = {k: self.expand(v, inputs, steps, context) for k, v in step.get("with", {}).items()
                              if k in ("sarif_file", "path")}
                uses.append((step["uses"], given_with))
                continue
            output = os.path.join(temp, f"output-{len(steps)}")
            open(output, "w").close()
            env = dict(os.environ, GITHUB_ACTION_PATH=ROOT, GITHUB_WORKSPACE=workspace, RUNNER_TEMP=temp,
                       GITHUB_OUTPUT=output, RUNNER_OS="Linux", CI="true")
            env.update({k: self.expand(v, inputs, steps, context) for k, v in step.get("env", {}).items()})
            script = os.path.join(temp, "step.sh")
            with open(script, "w") as f:
                f.write(step["run"])
            self.assertEqual(step.get("shell"), "bash", f"step {step.get('name')} names its shell")
            cwd = self.expand(step.get("working-directory", workspace), inputs, steps, context)
            r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=cwd, env=env,
                               capture_output=True, text=True)
            log += f"--- {step.get('name')}\n{r.stdout}{r.stderr}"
            outs = {}
            with open(output) as f:
                lines = f.read().splitlines()
            for line in lines:
                k, _, v = line.partition("=")
                outs[k] = v
            if "id" in step:
                steps[step["id"]] = outs
            code = r.returncode
            if code != 0:
                break
        return code, steps, uses, log

    def test_the_action_parses_and_names_its_inputs(self):
        self.assertEqual(self.action["runs"]["using"], "composite")
        for name in ("manifest", "ahap", "format", "werror", "shard", "upload-sarif"):
            self.assertIn(name, self.action["inputs"])
        for step in self.action["runs"]["steps"]:
            if "run" in step:
                # Inputs reach scripts through env, never pasted into the script (script injection).
                self.assertNotIn("${{", step["run"], f"step {step.get('name')}")

    def test_a_broken_ahap_fails_the_job_after_its_sarif_is_uploaded(self):
        game_folder(os.path.join(self.dir, "workspace"), broken_ahap())
        code, steps, uses, log = self.run_action({"manifest": "game.json", "configuration": "debug"})
        self.assertEqual(code, 1, log)
        self.assertEqual(steps["gate"]["exit-code"], "1", log)
        upload = [w for u, w in uses if u.startswith("github/codeql-action/upload-sarif")]
        self.assertEqual(len(upload), 1)
        sarif_dir = upload[0]["sarif_file"]
        reports = [f for f in os.listdir(sarif_dir) if f.endswith(".sarif")]
        self.assertEqual(reports, ["beatmap-ci.sarif"])
        with open(os.path.join(sarif_dir, reports[0])) as f:
            sarif = json.load(f)
        results = sarif["runs"][0]["results"]
        self.assertTrue(any(r["level"] == "error" and "thud.ahap" in json.dumps(r["locations"]) for r in results), results)

    def test_a_clean_game_passes_and_shards(self):
        formatted = sample("ahap/thud.ahap")
        game_folder(os.path.join(self.dir, "workspace"), formatted)
        code, steps, _, log = self.run_action({"manifest": "game.json", "ahap": "*.ahap", "shard": "1/1",
                                                "format": "junit", "configuration": "debug"})
        self.assertEqual(code, 0, log)
        self.assertEqual(sorted(os.listdir(steps["gate"]["report"])), ["ahap-validate.xml", "beatmap-ci.xml"])

    def test_a_later_run_reuses_the_build(self):
        # The runner's variables (RUNNER_TEMP, GITHUB_OUTPUT...) differ on every run; a build that saw them would be
        # planned again and relink its plugins' tools, or recompile every module, on every run of a restored cache.
        formatted = sample("ahap/thud.ahap")
        for run in ("first", "second"):
            self.dir = tempfile.mkdtemp(prefix=f"akl-action-{run}-")
            self.addCleanup(shutil.rmtree, self.dir, True)
            game_folder(os.path.join(self.dir, "workspace"), formatted)
            code, _, _, log = self.run_action({"ahap": "*.ahap", "configuration": "debug"})
            self.assertEqual(code, 0, log)
        build = log.split("--- Build ahap-tool and beatmap\n")[1].split("\n--- ")[0]
        self.assertNotRegex(build, r"Compiling|Linking|Planning", build)

    def test_nothing_to_check_is_not_a_pass(self):
        os.makedirs(os.path.join(self.dir, "workspace"))
        code, steps, _, log = self.run_action({"configuration": "debug"})
        self.assertEqual(code, 2, log)
        self.assertIn("nothing to check", log)


if __name__ == "__main__":
    unittest.main()
