#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (a separate build folder, .build-asan).
# Leak detection is off: the only leak LeakSanitizer reports comes from Foundation's
# Process.run (a weak reference kept by swift-corelibs-foundation), not from our code.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
swift build --build-tests --sanitize=address --scratch-path .build-asan
ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 swift test --skip-build --sanitize=address --scratch-path .build-asan
