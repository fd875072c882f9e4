import AudioKitLinux
import Foundation
import Testing

/// What users read and machines parse, compared with files checked in under `Tests/snapshots/` (reviewed by eye once,
/// as swift-argument-parser and SwiftLint do): every command's `--help`, and the JSON, SARIF and JUnit reporters'
/// output for a fixed report. A change shows as a diff to review. `AKL_UPDATE_SNAPSHOTS=1 swift test --filter
/// Snapshot` rewrites the files.
@Suite("Snapshots")
struct SnapshotTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Tests/snapshots")
    static let updating = ProcessInfo.processInfo.environment["AKL_UPDATE_SNAPSHOTS"] == "1"

    /// Compares `text` with the snapshot `name` (or writes it when updating).
    static func expectSnapshot(_ text: String, _ name: String) throws {
        let file = folder.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: file, encoding: .utf8)
        #expect(expected != nil, "no snapshot \(name); run AKL_UPDATE_SNAPSHOTS=1 swift test --filter Snapshot and review it")
        guard let expected, expected != text else { return }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        Issue.record(
            """
            \(name) changed at line \(line + 1):
              snapshot: \(line < a.count ? String(a[line]) : "<end>")
              now:      \(line < b.count ? String(b[line]) : "<end>")
            review it, then AKL_UPDATE_SNAPSHOTS=1 swift test --filter Snapshot
            """)
    }

    /// The subcommands a `--help` page lists (its SUBCOMMANDS section: two spaces, then the name).
    static func subcommands(_ help: String) -> [String] {
        guard let section = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let name = line.dropFirst(2).prefix { !$0.isWhitespace }
            return name.allSatisfy { $0.isLowercase || $0 == "-" } && !name.isEmpty ? String(name) : nil
        }
    }

    // The snapshots are of the default build (both traits); the sanitizer passes build without the Editor trait.
    #if Editor && Playback
        @Test(arguments: ["ahap-tool", "beatmap"])
        func everyCommandsHelp(_ tool: String) throws {
            let binary = TestPaths.binary(tool)
            // A fixed width, so the wrapping does not depend on the terminal the tests run in.
            let environment = ["COLUMNS": "100"]
            let top = try run(binary, ["--help"], environment: environment)
            #expect(top.status == 0)
            let names = Self.subcommands(top.stdout)
            #expect(names.count >= 8, "\(tool) --help lists \(names)")
            try Self.expectSnapshot(top.stdout, "help/\(tool).txt")
            for name in names {
                let page = try run(binary, [name, "--help"], environment: environment)
                #expect(page.status == 0, "\(tool) \(name) --help: \(page.stderr)")
                try Self.expectSnapshot(page.stdout, "help/\(tool)-\(name).txt")
            }
            // A snapshot of a command that no longer exists is stale.
            if !Self.updating {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("help").path)) ?? []
                let known = Set([tool + ".txt"] + names.map { "\(tool)-\($0).txt" })
                let others = files.filter { $0.hasPrefix(tool + "-") || $0 == tool + ".txt" }.filter { !known.contains($0) }
                #expect(others.isEmpty, "snapshots of commands \(tool) no longer has: \(others)")
            }
        }
    #endif

    @Test func reporters() throws {
        let report = ReporterTests.report
        try Self.expectSnapshot(JSONReporter.generate(report), "reporters/report.json")
        try Self.expectSnapshot(SARIFReporter.generate(report), "reporters/report.sarif")
        try Self.expectSnapshot(JUnitReporter.generate(report), "reporters/report.junit.xml")
    }
}
