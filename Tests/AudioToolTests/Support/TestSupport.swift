import Foundation
import Testing

/// Paths the tests need: the package root, the shared corpus beside it, and scratch folders.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let ahapCorpus: URL = shared.appendingPathComponent("corpus/ahap")
    static let beatsCorpus: URL = shared.appendingPathComponent("corpus/beats")
    static var beatsAvailable: Bool { FileManager.default.fileExists(atPath: beatsCorpus.appendingPathComponent("audio").path) }
    static let sfxCorpus: URL = shared.appendingPathComponent("corpus/sfx")
    static var interchangeAvailable: Bool {
        FileManager.default.fileExists(atPath: shared.appendingPathComponent("corpus/haptic-interchange").path)
    }
    static let interchangeMissing: Comment =
        "../shared/corpus/haptic-interchange is absent: the .haptic pair tests need Meta's and Lofelt's test files"
    static let chartsCorpus: URL = shared.appendingPathComponent("corpus/charts")
    static var chartsAvailable: Bool { FileManager.default.fileExists(atPath: chartsCorpus.appendingPathComponent("SOURCES.tsv").path) }
    static let chartsMissing: Comment = "../shared/corpus/charts is absent: the chart tests need the shared charts and their songs"
    static var sfxAvailable: Bool { FileManager.default.fileExists(atPath: sfxCorpus.path) }
    static let sfxMissing: Comment = "../shared/corpus/sfx is absent: the audio-to-haptics corpus test needs the shared sound effects"

    /// True when `../shared/corpus` is present; corpus tests are disabled with a message otherwise.
    static var corpusAvailable: Bool { FileManager.default.fileExists(atPath: ahapCorpus.path) }
    static let corpusMissing: Comment = "../shared/corpus is absent: the corpus tests need the shared material beside the repository"

    static func corpusFiles() -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: ahapCorpus.path) else { return [] }
        return names.filter { $0.hasSuffix(".ahap") || $0.hasSuffix(".json") }.sorted().map { ahapCorpus.appendingPathComponent($0) }
    }

    /// A new empty folder, removed by the caller with `cleanup`.
    static func scratch() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("akl-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The program `name` on PATH, or nil.
    static func program(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func binary(_ name: String) -> URL {
        let candidates = [".build/debug", ".build/release"].map { packageRoot.appendingPathComponent($0).appendingPathComponent(name) }
        // `swift test` builds products beside the test bundle.
        let bundleDir = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = bundleDir.appendingPathComponent(name)
        return ([beside] + candidates).first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? beside
    }
}

/// Runs a command and captures its output and exit status.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` in `directory` (default: the package root), its output and status captured.
func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, in directory: URL? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.currentDirectoryURL = directory ?? TestPaths.packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdin {
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
    } else {
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

/// External tools some tests use to make fixtures; a test that needs one is disabled, with this message, without it.
enum Fixtures {
    /// True when sox can write MP3 (Debian's sox with libsox-fmt-mp3, which scripts/test.sh installs).
    static let soxWritesMP3: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sox"),
            let r = try? run(URL(fileURLWithPath: "/usr/bin/sox"), ["-h"])
        else { return false }
        return r.stdout.contains(" mp3 ") || r.stdout.hasSuffix(" mp3\n") || r.stdout.contains(" mp3\n")
    }()
    static let soxMissing: Comment = "sox with MP3 support is not installed (apt-get install sox libsox-fmt-mp3; scripts/test.sh does)"
    /// True under `CI=true`, where a missing tool is a failure, not a skip.
    static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"
}
