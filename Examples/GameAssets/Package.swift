// swift-tools-version:6.1
// A game's asset package, as a team would write it: its haptics are resources of a target that applies the
// ValidateAssets plugin, so a broken AHAP file fails `swift build` (and Xcode's build) with its file:line:col.
import PackageDescription

let package = Package(
    name: "GameAssets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "GameAssets", targets: ["GameAssets"])],
    dependencies: [
        // In a game: .package(url: "https://github.com/<owner>/AudioKitLinux", from: "0.1.0")
        .package(name: "AudioKitLinux", path: "../..")
    ],
    targets: [
        .target(
            name: "GameAssets",
            resources: [.copy("Haptics")],
            plugins: [.plugin(name: "ValidateAssets", package: "AudioKitLinux")])
    ]
)
