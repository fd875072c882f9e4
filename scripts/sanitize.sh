#!/usr/bin/env bash
# The whole test suite under AddressSanitizer with UndefinedBehaviorSanitizer, then under ThreadSanitizer (separate
# build folders .build-asan and .build-tsan; the CLI tests run the sanitized tools).
# Leak detection is off: the only leak LeakSanitizer reports comes from Foundation's
# Process.run (a weak reference kept by swift-corelibs-foundation), not from our code.
# The Editor trait (beatmap edit, on Hummingbird and SwiftNIO) is left out here: these passes check our DSP, readers
# and writers, and the server stack would triple their build time. scripts/test.sh runs the editor's tests.
# UndefinedBehaviorSanitizer: swiftc rejects -sanitize=undefined on Linux, so the first pass also instruments
# the C that is compiled into our binaries (Jansson, whose sources are built here, and the inline functions of the
# imported headers: the ALSA shim) with clang's -fsanitize=undefined, and links its runtime beside AddressSanitizer's
# (clang runs the two together; ThreadSanitizer cannot be combined with AddressSanitizer). Swift code has its own
# always-on overflow and bounds traps. AddressSanitizer covers Jansson's C too (its hash then reads byte by byte).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
swift build --build-tests --sanitize=address --scratch-path .build-asan --traits Playback \
  -Xcc -fsanitize=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  swift test --skip-build --sanitize=address --scratch-path .build-asan --traits Playback
swift build --build-tests --sanitize=thread --scratch-path .build-tsan --traits Playback
TSAN_OPTIONS=halt_on_error=1 swift test --skip-build --sanitize=thread --scratch-path .build-tsan --traits Playback
