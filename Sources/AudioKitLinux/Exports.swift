// The checks that build with no system library (JSON, diagnostics, AHAP and .haptic validation) live in
// AssetValidation, which the ValidateAssets plugin's checker runs on its own; everything there is part of this
// library's API too.
@_exported import AssetValidation
