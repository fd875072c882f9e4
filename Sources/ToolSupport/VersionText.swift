import AudioKitLinux

/// What `--version` prints: the version, the licence, and where the third-party notices are.
public enum VersionText {
    /// The version line, then the licence and the notices of the libraries the binaries carry.
    public static let full = """
        \(AudioKitLinuxVersion.current)
        Licensed under the Apache License 2.0. The binaries carry third-party libraries (libsndfile, alsa-lib, Jansson,
        libyaml, libsamplerate, libebur128, the Swift runtime, SwiftNIO, Hummingbird, swift-argument-parser,
        swift-log): NOTICE and THIRD_PARTY_NOTICES.md, beside the README in the source, name each with its licence.
        """
}
