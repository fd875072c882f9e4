#!/usr/bin/env python3
"""The JSON Schemas in schemas/ against the tools, read with Python's jsonschema (an independent validator).

    AKL_BIN=$(swift build --show-bin-path) python3 -m unittest Tests/tools/schema_test.py

- each schema is what the tools generate now (`ahap-tool schema`, `beatmap schema KIND`), and a valid draft 2020-12
  schema;
- every AHAP file of samples/ and of the shared corpus that `ahap-tool validate` calls clean (no error, no warning) is
  valid against the AHAP schema, and every corpus file the schema refuses gets an error or a warning from the tool;
- the samples' manifests (JSON and YAML) and beat maps, and the JSON `beatmap convert` writes, are valid;
- a structural defect (an unknown key, a wrong type, a value out of range, a missing required key) made in a clean
  file is refused by the schema and reported by the tool.

Needs jsonschema and PyYAML (scripts/setup.sh --test installs them) and the built tools; a missing one skips, and
fails under CI=true."""
import copy
import glob
import json
import os
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("AKL_BIN", os.path.join(ROOT, ".build", "debug"))
CI = os.environ.get("CI") == "true"
SCHEMAS = os.path.join(ROOT, "schemas")
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")


def missing(what):
    if CI:
        raise AssertionError(f"{what} (CI=true: a missing tool is a failure, not a skip)")
    raise unittest.SkipTest(what)


def need():
    try:
        import jsonschema  # noqa: F401
        import yaml  # noqa: F401
    except ImportError as e:
        missing(f"{e.name} is not installed (pip install jsonschema pyyaml)")
    for tool in ("ahap-tool", "beatmap", "validate-assets"):
        if not os.access(os.path.join(BIN, tool), os.X_OK):
            missing(f"{BIN}/{tool} is not built; run swift build first or set AKL_BIN")


def validator(name):
    import jsonschema
    with open(os.path.join(SCHEMAS, name)) as f:
        return jsonschema.Draft202012Validator(json.load(f))


def tool(name, *args, cwd=None):
    return subprocess.run([os.path.join(BIN, name), *args], capture_output=True, text=True, cwd=cwd)


def findings(name, *args, cwd=None):
    """(rule, severity) of each finding a tool reports with --format json; errors and warnings only."""
    r = tool(name, *args, "--format", "json", cwd=cwd)
    out = json.loads(r.stdout or "[]")
    rows = out if isinstance(out, list) else out.get("diagnostics", out.get("findings", []))
    return [(d["rule_id"], d["severity"]) for d in rows if d["severity"] in ("error", "warning")]


class SchemaFilesTests(unittest.TestCase):
    def setUp(self):
        need()

    def test_the_published_schemas_are_what_the_tools_generate_and_valid_drafts(self):
        import jsonschema
        pairs = [("ahap.schema.json", ["beatmap", "schema", "ahap"]), ("ahap.schema.json", ["ahap-tool", "schema"]),
                 ("game-manifest.schema.json", ["beatmap", "schema", "manifest"]),
                 ("beatmap.schema.json", ["beatmap", "schema", "beatmap"])]
        for name, command in pairs:
            with open(os.path.join(SCHEMAS, name)) as f:
                published = f.read()
            generated = tool(command[0], *command[1:]).stdout
            self.assertEqual(published, generated, f"schemas/{name} is stale: run bash scripts/schemas.sh")
            schema = json.loads(published)
            jsonschema.Draft202012Validator.check_schema(schema)
            self.assertTrue(schema["$id"].endswith("/schemas/" + name))


class AHAPSchemaTests(unittest.TestCase):
    def setUp(self):
        need()
        self.schema = validator("ahap.schema.json")

    def test_every_clean_sample_and_corpus_file_is_valid_and_every_refused_one_is_reported(self):
        files = sorted(glob.glob(os.path.join(ROOT, "samples", "ahap", "*.ahap")))
        corpus = sorted(glob.glob(os.path.join(CORPUS, "ahap", "*")))
        if not corpus:
            missing("../shared/corpus/ahap is absent")
        clean, refused = 0, 0
        for path in files + [p for p in corpus if p.endswith((".ahap", ".json"))]:
            try:
                with open(path, encoding="utf-8") as f:
                    doc = json.load(f)
            except (ValueError, UnicodeDecodeError):
                continue  # not JSON: the tool reports it (json_syntax, json_trailing_comma), the schema cannot read it
            reported = findings("ahap-tool", "validate", path)
            errors = [e.message for e in self.schema.iter_errors(doc)]
            if not reported:
                clean += 1
                self.assertEqual(errors, [], f"{path}: clean for ahap-tool validate, refused by the schema")
            if errors:
                refused += 1
                self.assertTrue(reported, f"{path}: refused by the schema ({errors[0]}), clean for ahap-tool validate")
        self.assertGreater(clean, 30)
        self.assertGreater(refused, 3)

    def test_each_structural_defect_is_refused_by_both(self):
        with open(os.path.join(ROOT, "samples", "ahap", "heartbeat.ahap")) as f:
            base = json.load(f)
        self.assertEqual(list(self.schema.iter_errors(base)), [])
        event = next(i for i, e in enumerate(base["Pattern"]) if "Event" in e and e["Event"].get("EventParameters"))

        def unknown_key(d):
            d["Pattern"][event]["Event"]["Intensity"] = 0.5

        def unknown_top_level_key(d):
            d["Patterns"] = []

        def wrong_type(d):
            d["Pattern"][event]["Event"]["Time"] = "soon"

        def out_of_range(d):
            d["Pattern"][event]["Event"]["EventParameters"][0] = {"ParameterID": "HapticIntensity", "ParameterValue": 1.5}

        def missing_required(d):
            del d["Pattern"][event]["Event"]["EventType"]

        def unknown_parameter(d):
            d["Pattern"][event]["Event"]["EventParameters"][0]["ParameterID"] = "HapticLoudness"

        def continuous_too_long(d):
            d["Pattern"].append({"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 31}})

        work = tempfile.mkdtemp(prefix="akl-schema-")
        for defect in (unknown_key, unknown_top_level_key, wrong_type, out_of_range, missing_required, unknown_parameter,
                       continuous_too_long):
            doc = copy.deepcopy(base)
            defect(doc)
            path = os.path.join(work, defect.__name__ + ".ahap")
            with open(path, "w") as f:
                json.dump(doc, f, indent=2)
            self.assertTrue(list(self.schema.iter_errors(doc)), f"{defect.__name__}: the schema accepts it")
            self.assertTrue(findings("ahap-tool", "validate", path), f"{defect.__name__}: ahap-tool validate accepts it")
            self.assertTrue(findings("validate-assets", path), f"{defect.__name__}: validate-assets accepts it")


class ManifestAndBeatMapSchemaTests(unittest.TestCase):
    def setUp(self):
        need()

    def test_the_samples_manifests_and_beat_maps_are_valid(self):
        import yaml
        manifest = validator("game-manifest.schema.json")
        with open(os.path.join(ROOT, "samples", "game.json")) as f:
            self.assertEqual([e.message for e in manifest.iter_errors(json.load(f))], [])
        with open(os.path.join(ROOT, "samples", "game.yaml")) as f:
            self.assertEqual([e.message for e in manifest.iter_errors(yaml.safe_load(f))], [])
        beatmap = validator("beatmap.schema.json")
        with open(os.path.join(ROOT, "samples", "beatmaps", "world1-a.json")) as f:
            self.assertEqual([e.message for e in beatmap.iter_errors(json.load(f))], [])

    def test_what_beatmap_convert_writes_is_valid(self):
        beatmap = validator("beatmap.schema.json")
        charts = sorted(p for p in glob.glob(os.path.join(CORPUS, "charts", "*", "*")) if p.endswith((".sm", ".ssc", ".qua")))
        if not charts:
            missing("../shared/corpus/charts is absent")
        work = tempfile.mkdtemp(prefix="akl-schema-")
        for chart in charts:
            out = os.path.join(work, os.path.basename(chart) + ".json")
            r = tool("beatmap", "convert", chart, "-o", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(out) as f:
                doc = json.load(f)
            self.assertEqual([e.message for e in beatmap.iter_errors(doc)], [], chart)
            # The map reads back whole: no reading finding (its rhythm may still draw lint's warnings).
            reading = ("beatmap.parse_error", "beatmap.no_beats", "beatmap.json_leniency", "beatmap.unknown_key")
            self.assertEqual([f for f in findings("beatmap", "lint", out) if f[0] in reading], [], chart)

    def test_each_structural_defect_is_refused_by_both(self):
        manifest = validator("game-manifest.schema.json")
        beatmap = validator("beatmap.schema.json")
        work = tempfile.mkdtemp(prefix="akl-schema-")
        for name in ("thud.ahap", "sfx_haptic_thud.wav"):
            with open(os.path.join(ROOT, "samples", "ahap", name), "rb") as src, open(os.path.join(work, name), "wb") as dst:
                dst.write(src.read())
        with open(os.path.join(work, "t.wav"), "wb") as f:
            f.write(b"")
        good = {"tracks": [{"audio": "t.wav", "bpm": 120}], "ahap": ["thud.ahap"]}
        self.assertEqual(list(manifest.iter_errors(good)), [])
        defects = {
            "unknown_key": {"tracks": [{"audio": "t.wav", "bpm": 120, "tempo": 120}]},
            "wrong_type": {"tracks": [{"audio": "t.wav", "bpm": "fast"}]},
            "out_of_range": {"tracks": [{"audio": "t.wav", "bpm": 120}], "tolerance_ms": 5000},
            "missing_required": {"tracks": [{"bpm": 120}]},
        }
        for name, doc in defects.items():
            path = os.path.join(work, name + ".game.json")
            with open(path, "w") as f:
                json.dump(doc, f)
            self.assertTrue(list(manifest.iter_errors(doc)), f"manifest {name}: the schema accepts it")
            self.assertIn(("manifest.invalid", "error"), findings("validate-assets", path), f"manifest {name}")
        good_map = {"bpm": 120, "offset": 0.5, "beats": [0.5, 1.0, 1.5, 2.0]}
        self.assertEqual(list(beatmap.iter_errors(good_map)), [])
        defects = {
            "unknown_key": dict(good_map, ofset=0.5),
            "wrong_type": dict(good_map, beats=[0.5, "one"]),
            "out_of_range": dict(good_map, tempo_changes=[{"time": 1.0, "bpm": 0}]),
            "missing_required": {"bpm": 120, "offset": 0.5, "beat": [0.5, 1.0]},
        }
        for name, doc in defects.items():
            path = os.path.join(work, name + ".json")
            with open(path, "w") as f:
                json.dump(doc, f)
            self.assertTrue(list(beatmap.iter_errors(doc)), f"beat map {name}: the schema accepts it")
            r = tool("beatmap", "lint", path, "--werror")
            self.assertNotEqual(r.returncode, 0, f"beat map {name}: beatmap lint --werror accepts it\n{r.stdout}{r.stderr}")


if __name__ == "__main__":
    unittest.main()
