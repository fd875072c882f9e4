// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "AudioKitLinux",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AudioKitLinux", targets: ["AudioKitLinux"]),
        .executable(name: "ahap-tool", targets: ["ahap-tool"]),
        .executable(name: "beatmap", targets: ["beatmap"]),
        // What a game's package applies: `plugins: [.plugin(name: "ValidateAssets", package: "AudioKitLinux")]` checks its
        // AHAP, .haptic and game.json files on each build; `swift package validate-assets` checks the whole package.
        .plugin(name: "ValidateAssets", targets: ["ValidateAssets"]),
        .plugin(name: "ValidateAssetsCommand", targets: ["ValidateAssetsCommand"]),
        .executable(name: "validate-assets", targets: ["validate-assets"]),
    ],
    // Playback through ALSA is a trait, on by default. `swift build --disable-default-traits` builds the library and
    // both tools without ALSA (no libasound2-dev; macOS for Xcode's Run Script phase); the play commands then say
    // that playback needs ALSA on Linux.
    // The local pages' servers (beatmap edit, beatmap audition, ahap-tool audition, on Hummingbird) are a trait too, on by default; the
    // sanitizer passes build without it (scripts/sanitize.sh), as they check our DSP and readers, not the server stack.
    traits: [
        .trait(name: "Playback", description: "Playback through ALSA (Linux): ahap-tool play, beatmap preview, --play."),
        .trait(
            name: "Editor",
            description: "The local pages on Hummingbird: beatmap edit (the beat-map editor), beatmap audition and ahap-tool audition."
        ),
        .default(enabledTraits: ["Playback", "Editor"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Builds the DocC catalog (Sources/AudioKitLinux/AudioKitLinux.docc): scripts/docs.sh, run in CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // Jansson 2.14 (MIT), vendored and built from source (Sources/CJansson/README.md): the JSON parser of every
        // reader, and the one the ValidateAssets plugin's checker needs on a machine with no system library.
        .target(
            name: "CJansson", exclude: ["README.md", "LICENSE"],
            cSettings: [.define("HAVE_CONFIG_H", to: "1"), .headerSearchPath("src")]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CSamplerate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        .systemLibrary(
            name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        // What builds with no system library: JSON, diagnostics, the AHAP and .haptic rules. The ValidateAssets
        // plugin's checker (validate-assets) runs it alone; AudioKitLinux re-exports it and adds the audio library.
        .target(name: "AssetValidation", dependencies: ["CJansson"]),
        .target(
            name: "AudioKitLinux",
            dependencies: [
                "AssetValidation",
                "CSndfile", .target(name: "CAlsa", condition: .when(traits: ["Playback"])), "CJansson", "CYAML", "CSamplerate",
                "CEBUR128",
            ]),
        .target(
            name: "BrowserPages",
            dependencies: [
                "AudioKitLinux",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Editor"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Editor"])),
            ],
            resources: [.embedInCode("Page")],
            plugins: ["PageIndex"]),
        // Lists the page files for PageAssets at build time (PageIndex and its tool).
        .executableTarget(name: "page-index", path: "Sources/page-index"),
        .plugin(name: "PageIndex", capability: .buildTool(), dependencies: ["page-index"]),
        .target(
            name: "ToolSupport",
            dependencies: [
                "AudioKitLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "ahap-tool",
            dependencies: [
                "AudioKitLinux", "ToolSupport", "BrowserPages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "beatmap",
            dependencies: [
                "AudioKitLinux", "ToolSupport", "BrowserPages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The plugins' checker: AssetValidation and the argument parser, nothing a system must provide.
        .executableTarget(
            name: "validate-assets",
            dependencies: ["AssetValidation", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .plugin(name: "ValidateAssets", capability: .buildTool(), dependencies: ["validate-assets"]),
        .plugin(
            name: "ValidateAssetsCommand",
            capability: .command(
                intent: .custom(verb: "validate-assets", description: "Check every AHAP, .haptic and game.json file of the package"),
                permissions: []),
            dependencies: ["validate-assets"]),
        .executableTarget(
            name: "akl-bench",
            dependencies: ["AudioKitLinux"],
            path: "Sources/akl-bench"),
        .executableTarget(
            name: "akl-fuzz",
            dependencies: ["AudioKitLinux"],
            path: "Sources/akl-fuzz"),
        .testTarget(
            name: "AudioToolTests",
            dependencies: ["AssetValidation", "AudioKitLinux", "BrowserPages", "CSndfile"]),
    ],
    swiftLanguageModes: [.v6]
)
