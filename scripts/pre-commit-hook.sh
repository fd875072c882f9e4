#!/usr/bin/env bash
# The entry of the pre-commit hooks in .pre-commit-hooks.yaml (docs/ci.md).
#   pre-commit-hook.sh validate FILE...      ahap-tool validate on the staged .ahap and .haptic files
#   pre-commit-hook.sh format-check FILE...  ahap-tool format --check on each staged .ahap file
#   pre-commit-hook.sh ci [OPTIONS] MANIFEST beatmap ci, once per commit (the hook passes no file names)
# Uses ahap-tool and beatmap from PATH; without them, builds them once in the hook's own checkout (pre-commit's cache;
# Swift 6 and the Debian packages of scripts/setup.sh needed) and keeps them there for the next commits.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

tool() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local bin="$here/.build/release/$1"
  if [ ! -x "$bin" ]; then
    echo "pre-commit-hook: $1 is not on PATH; building it once in $here (a few minutes)" >&2
    # One build at a time when pre-commit runs hooks in parallel.
    ( flock 9
      [ -x "$bin" ] || swift build -c release --static-swift-stdlib --package-path "$here" --product "$1" >&2
    ) 9>"$here/.pre-commit-build.lock"
  fi
  echo "$bin"
}

hook=${1:-}
[ $# -gt 0 ] && shift
case "$hook" in
  validate)
    [ $# -eq 0 ] && exit 0
    exec "$(tool ahap-tool)" validate "$@" ;;
  format-check)
    ahap=$(tool ahap-tool)
    status=0
    for f in "$@"; do
      # 1: not formatted; 2: could not run. The worst one is the hook's exit code.
      "$ahap" format --check "$f" || { rc=$?; [ $rc -gt $status ] && status=$rc; }
    done
    exit $status ;;
  ci)
    exec "$(tool beatmap)" ci "$@" ;;
  *)
    echo "usage: pre-commit-hook.sh validate|format-check|ci [ARGS...]" >&2
    exit 64 ;;
esac
