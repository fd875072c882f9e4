#!/usr/bin/env bash
# Builds the library's DocC documentation (Sources/AudioKitLinux/AudioKitLinux.docc, and AssetValidation's, the
# part that needs no system library) into .build-docs/, failing on any warning: a broken symbol link, an article
# missing from the catalog.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build-docs
swift package --allow-writing-to-directory .build-docs \
  generate-documentation --target AudioKitLinux --warnings-as-errors \
  --output-path .build-docs/AudioKitLinux.doccarchive 2>&1 | grep -v "^\[" | tail -5
swift package --allow-writing-to-directory .build-docs \
  generate-documentation --target AssetValidation --warnings-as-errors \
  --output-path .build-docs/AssetValidation.doccarchive 2>&1 | grep -v "^\[" | tail -5
echo "docs: .build-docs/AudioKitLinux.doccarchive .build-docs/AssetValidation.doccarchive"
