#!/usr/bin/env bash
# Writes the JSON Schemas in schemas/ from the tables the readers check with (beatmap schema KIND);
# Tests/tools/schema_test.py fails when a published schema differs from what the tools generate.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product beatmap >/dev/null 2>&1
bin="$(swift build --show-bin-path)"
mkdir -p schemas
"$bin/beatmap" schema ahap > schemas/ahap.schema.json
"$bin/beatmap" schema manifest > schemas/game-manifest.schema.json
"$bin/beatmap" schema beatmap > schemas/beatmap.schema.json
echo "schemas: $(ls schemas | tr '\n' ' ')"
