import Foundation
import Testing

/// The package's layering, read from its sources: C libraries only behind `+Calls` files, no command-line
/// flag named in the library, no signal handler installed by it.
@Suite("Layers")
struct LayerTests {
    static func sources(_ folder: String) -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)).map { (folder + "/" + name, $0) }
        }
    }

    @Test func cLibrariesAreImportedOnlyByCallsFiles() {
        let library = Self.sources("Sources/AudioKitLinux")
        #expect(library.count > 50)
        for (path, text) in library where !path.hasSuffix("+Calls.swift") {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import C") }
            #expect(imports.isEmpty, "\(path) imports \(imports.joined(separator: ", ")): C calls belong in a +Calls file")
        }
    }

    @Test func theLibraryInstallsNoSignalHandler() {
        for (path, text) in Self.sources("Sources/AudioKitLinux") {
            #expect(!text.contains("signal(SIG") && !text.contains("sigaction("), "\(path) installs a signal handler")
        }
        let shims = try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/CAlsa/shim.h"), encoding: .utf8)
        #expect(shims?.contains("signal(") == false)
    }

    @Test func theLibraryNamesNoCommandLineFlag() throws {
        // A string literal holding "--word" (documentation comments may name the tools' flags).
        let flag = try Regex(#""[^"\n]*--[a-z][a-z-]+[^"\n]*""#)
        for (path, text) in Self.sources("Sources/AudioKitLinux") {
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(line.firstMatch(of: flag) == nil, "\(path): \(line.trimmingCharacters(in: .whitespaces).prefix(120))")
            }
        }
    }

    @Test func dspCodeDoesNotReachPlayback() {
        for folder in ["Mixing", "Beats", "AHAP", "Timing", "Streams"] {
            for (path, text) in Self.sources("Sources/AudioKitLinux/\(folder)") {
                for name in ["PCMDevice", "Player.", "ALSAError", "ALSA."] {
                    #expect(!text.contains(name), "\(path) uses \(name) from Playback/")
                }
            }
        }
    }
}
