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

    /// Both library targets: AudioKitLinux, and AssetValidation beneath it (what builds with no system library).
    static var libraries: [(path: String, text: String)] { sources("Sources/AudioKitLinux") + sources("Sources/AssetValidation") }

    @Test func cLibrariesAreImportedOnlyByCallsFiles() {
        let library = Self.libraries
        #expect(library.count > 50)
        for (path, text) in library where !path.hasSuffix("+Calls.swift") {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import C") }
            #expect(imports.isEmpty, "\(path) imports \(imports.joined(separator: ", ")): C calls belong in a +Calls file")
        }
    }

    @Test func theLibraryInstallsNoSignalHandler() {
        for (path, text) in Self.libraries {
            #expect(!text.contains("signal(SIG") && !text.contains("sigaction("), "\(path) installs a signal handler")
        }
        let shims = try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/CAlsa/shim.h"), encoding: .utf8)
        #expect(shims?.contains("signal(") == false)
    }

    @Test func theLibraryNamesNoCommandLineFlag() throws {
        // A string literal holding "--word" (documentation comments may name the tools' flags).
        let flag = try Regex(#""[^"\n]*--[a-z][a-z-]+[^"\n]*""#)
        for (path, text) in Self.libraries {
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(line.firstMatch(of: flag) == nil, "\(path): \(line.trimmingCharacters(in: .whitespaces).prefix(120))")
            }
        }
    }

    @Test func dspCodeDoesNotReachPlayback() {
        for folder in ["Mixing", "Beats", "Haptics", "DSP", "Gate", "Timing", "Streams"] {
            for (path, text) in Self.sources("Sources/AudioKitLinux/\(folder)") {
                for name in ["PCMDevice", "Player.", "ALSAError", "ALSA."] {
                    #expect(!text.contains(name), "\(path) uses \(name) from Playback/")
                }
            }
        }
    }

    /// The library's top-level folders and the folders each may use: dependencies point one way (this table has no
    /// cycle), so a concept has one home and a newcomer can read the folders bottom-up. A use outside the table, a
    /// cycle, or a new folder not in it fails, naming the file and the type.
    /// AssetValidation's folders are beneath all of these: the compiler keeps that target from using this one.
    static let allowedUses: [String: Set<String>] = [
        "JSON": [], "Plot": [], "DSP": [],
        "IO": ["JSON"],
        "Haptics": ["DSP", "IO", "JSON", "Plot"],
        "Beats": ["DSP", "IO", "JSON", "Plot", "Timing"],
        "Timing": ["DSP", "JSON", "Plot"],
        "Streams": ["Haptics", "IO", "Timing"],
        "Mixing": ["DSP", "IO", "JSON", "Plot", "Streams", "Timing"],
        "Playback": ["IO", "Streams"],
        "Gate": ["Beats", "Haptics", "IO", "JSON"],
    ]

    @Test func theAllowedUsesHaveNoCycle() {
        // Kahn's algorithm: every folder is removed once nothing it uses is left.
        var left = Self.allowedUses
        while let free = left.first(where: { $0.value.isDisjoint(with: left.keys) })?.key { left[free] = nil }
        #expect(left.isEmpty, "a cycle among \(left.keys.sorted())")
    }

    @Test func eachFolderUsesOnlyTheFoldersItMay() throws {
        let library = Self.sources("Sources/AudioKitLinux")
        func folder(_ path: String) -> String { String(path.split(separator: "/")[2]) }
        // Code without comments and string literals, so a type named in a comment or a message is not a use.
        let literal = try Regex(#""(?:[^"\\\n]|\\.)*""#)
        let code = library.map { file in
            (
                file.path,
                file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                    .joined(separator: "\n").replacing(literal, with: "\"\"")
            )
        }
        // Types declared at the top level of a file (nested types are reached through their parent).
        let declaration = try Regex(
            #"(?m)^(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package|nonisolated|final|indirect)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)"#
        )
        var home: [String: String] = [:]
        for (path, text) in code {
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { home[String(name)] = folder(path) }
            }
        }
        #expect(home.count > 100)
        let word = try Regex(#"\b[A-Z]\w+\b"#)
        for (path, text) in code {
            guard path.hasSuffix(".swift"), !path.contains(".docc/") else { continue }
            // A file beside the folders (Exports.swift) may only import: code has a folder.
            if path.split(separator: "/").count == 3 {
                let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(lines.allSatisfy { $0.isEmpty || $0.hasPrefix("//") || $0.hasPrefix("@_exported import ") }, "\(path) holds code")
                continue
            }
            let from = folder(path)
            #expect(Self.allowedUses[from] != nil, "\(path): the folder \(from) is not in LayerTests.allowedUses")
            let uses = Set(text.matches(of: word).map { String(text[$0.range]) })
            for name in uses.sorted() {
                guard let to = home[name], to != from else { continue }
                #expect(Self.allowedUses[from]?.contains(to) == true, "\(path) uses \(name) from \(to)/, which \(from)/ may not use")
            }
        }
    }
}
