#!/usr/bin/env bash
# The gate step of the GitHub Action (action.yml): beatmap ci on MANIFEST and ahap-tool validate on AHAP, reports in
# FORMAT under $RUNNER_TEMP/audiokit-linux. Never fails the step itself: it writes exit-code (the worst of the two),
# report and sarif to $GITHUB_OUTPUT, so the SARIF is uploaded before the action's last step fails the job.
# Inputs (environment): BIN (folder of the built tools), MANIFEST, AHAP (space-separated paths, directories or globs),
# FORMAT (sarif, junit, json, github or text), WERROR (true/false), SHARD (i/n or empty).
set -uo pipefail
: "${BIN:?}" "${RUNNER_TEMP:?}" "${GITHUB_OUTPUT:?}"
out="$RUNNER_TEMP/audiokit-linux"
mkdir -p "$out"
case "${FORMAT:=sarif}" in
  sarif|junit|json) ext=$FORMAT; [ "$FORMAT" = junit ] && ext=xml ;;
  github|text) ext="" ;;
  *) echo "::error::format must be sarif, junit, json, github or text, not '$FORMAT'"; echo "exit-code=2" >> "$GITHUB_OUTPUT"; exit 0 ;;
esac
common=(--format "$FORMAT")
[ "${WERROR:-false}" = true ] && common+=(--werror)
status=0
ran=0
worst() { [ "$1" -gt "$status" ] && status=$1; return 0; }

if [ -n "${MANIFEST:-}" ]; then
  ran=1
  args=("${common[@]}")
  [ -n "${SHARD:-}" ] && args+=(--shard "$SHARD")
  [ -n "$ext" ] && args+=(--output "$out/beatmap-ci.$ext")
  "$BIN/beatmap" ci "${args[@]}" "$MANIFEST"
  worst $?
fi
if [ -n "${AHAP:-}" ]; then
  ran=1
  args=("${common[@]}")
  [ -n "$ext" ] && args+=(--output "$out/ahap-validate.$ext")
  # Word splitting on purpose: AHAP is a list of paths and globs, which ahap-tool expands itself.
  read -r -a paths <<< "$AHAP"
  "$BIN/ahap-tool" validate "${args[@]}" "${paths[@]}"
  worst $?
fi
if [ "$ran" -eq 0 ]; then
  # A gate never passes on nothing.
  echo "::error::nothing to check: give the action a manifest (beatmap ci) or ahap paths (ahap-tool validate)"
  status=2
fi
{
  echo "exit-code=$status"
  [ -n "$ext" ] && echo "report=$out"
  [ "$FORMAT" = sarif ] && ls "$out"/*.sarif >/dev/null 2>&1 && echo "sarif=$out"
} >> "$GITHUB_OUTPUT"
exit 0
