import Foundation

/// The game's haptic patterns, shipped as resources and checked on every build by the ValidateAssets plugin.
public enum GameAssets {
    /// The URL of the pattern named `name` (without `.ahap`), in the package's bundle.
    public static func pattern(_ name: String) -> URL? {
        Bundle.module.url(forResource: name, withExtension: "ahap", subdirectory: "Haptics")
    }
}
