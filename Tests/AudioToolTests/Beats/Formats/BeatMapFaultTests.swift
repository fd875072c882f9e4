import AudioKitLinux
import Foundation
import Testing

/// Beat maps that used to be read wrongly without a word: CRLF line endings, decimal commas,
/// Swift files with more than one array, empty maps, and checks against audio that confirms nothing.
@Suite("Beat maps never silently wrong")
struct BeatMapFaultTests {
    static func read(_ text: String, _ format: BeatMapFormat, symbol: String? = nil) -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: "m", format: format, symbol: symbol)
    }

    /// The same four beats in every format, written with `ending` between lines and with or without a final one.
    static func sources(_ ending: String, final: Bool) -> [(BeatMapFormat, String)] {
        let times = ["0.25", "0.931818", "1.613636", "2.295455"]
        func join(_ lines: [String]) -> String { lines.joined(separator: ending) + (final ? ending : "") }
        return [
            (.text, join(times)),
            (.csv, join(["time,label"] + times.map { "\($0),x" })),
            (.audacity, join(times.map { "\($0)\t\($0)\tbeat" })),
            (.swift, join(["let beatMap: [Double] = ["] + times.map { "    \($0)," } + ["]"])),
            (.swift, join(["let beatMap: [Double] = ["] + times.dropLast().map { "    \($0)," } + ["    \(times[3])", "]"])),
            (.json, join(["["] + times.dropLast().map { "  \($0)," } + ["  \(times[3])", "]"])),
        ]
    }

    @Test("CRLF, CR and LF line endings give the same beats and positions in every format", arguments: ["\r\n", "\n", "\r"])
    func lineEndings(_ ending: String) {
        for final in [true, false] {
            for (format, text) in Self.sources(ending, final: final) {
                let r = Self.read(text, format)
                let label = "\(format) with \(ending.debugDescription), final newline \(final)"
                #expect(r.diagnostics.isEmpty, "\(label): \(r.diagnostics)")
                #expect(r.map?.times == [0.25, 0.931818, 1.613636, 2.295455], "\(label)")
                #expect(r.map?.locations.last?.line == (format == .text || format == .audacity ? 4 : 5), "\(label)")
            }
        }
    }

    @Test func aMapWithNoBeatIsAnError() {
        for (format, text) in [(BeatMapFormat.text, "# only a comment\n"), (.csv, "time\n"), (.json, "[]"), (.json, #"{"beats": []}"#)] {
            let r = Self.read(text, format)
            #expect(r.map == nil)
            #expect(r.diagnostics.first?.ruleID == BeatMapReader.noBeatsID, "\(format): \(text)")
            #expect(r.diagnostics.first?.severity == .error)
        }
    }

    @Test func decimalCommasAreReadWhereUnambiguousAndRefusedElsewhere() {
        // One number per line: "0,5" could be two fields, so it is refused at the comma.
        let text = Self.read("0,5\n1,5\n2,5\n", .text)
        #expect(text.map == nil)
        #expect(text.diagnostics.first?.location.line == 1)
        #expect(text.diagnostics.first?.location.column == 2)
        #expect(text.diagnostics.first?.message.contains("0.5") == true)
        // A semicolon CSV (a spreadsheet in a comma-decimal locale): the comma is a decimal separator.
        let semicolon = Self.read("time;label\n0,25;a\n0,931818;b\n1,613636;c\n", .csv)
        #expect(semicolon.map?.times == [0.25, 0.931818, 1.613636])
        #expect(semicolon.map?.locations[1].column == 1)
        // Quoted cells keep their comma.
        #expect(Self.read("time,label\n\"0,5\",a\n\"1,5\",b\n", .csv).map?.times == [0.5, 1.5])
        // Tab-separated labels: unambiguous too.
        #expect(Self.read("0,5\t0,5\tA\n1,25\t1,25\tB\n", .audacity).map?.times == [0.5, 1.25])
        // A semicolon inside a quoted label does not make the file semicolon-separated, and columns count the quotes.
        let quotedLabel = Self.read("kick,0.5\n\"verse; chorus\",1.0\n\"a\"\"b\",1.5\n", .csv)
        #expect(quotedLabel.map == nil)  // no header: the first column is the time, and "kick" is not one
        let labelled = Self.read("label,time\n\"verse; chorus\",1.0\n\"a\"\"b\",1.5\n", .csv)
        #expect(labelled.map?.times == [1.0, 1.5])
        #expect(labelled.map?.locations[0].column == 17)  // after "verse; chorus", (16 characters)
        #expect(labelled.map?.locations[1].column == 8)  // after "a""b", (7 characters)
        // A quoted "1,500" in a comma-separated file may be a thousands separator: refused, not read as 1.5.
        #expect(Self.read("time,label\n\"1,500\",a\n", .csv).map == nil)
        #expect(Self.read("time;label\n1,500;a\n", .csv).map?.times == [1.5])
        // Never truncated: a value that is neither is an error with its column.
        let odd = Self.read("time;label\n0,5,5;a\n", .csv)
        #expect(odd.map == nil)
        #expect(odd.diagnostics.first?.location.line == 2)
    }

    @Test("another array never stands in for the beat map", arguments: ["#if DEBUG", "\"5.0\""])
    func swiftNeverReadsAnotherArray(_ element: String) {
        let source = """
            let beatMap: [Double] = [
                0.5,
                \(element),
                1.5,
            ]
            let other: [Double] = [1, 2, 3]
            """
        let r = Self.read(source, .swift)
        #expect(r.map == nil)
        #expect(r.diagnostics.first?.location.line == 3)
        #expect(r.diagnostics.first?.location.column == 5)
        #expect(r.diagnostics.first?.message.contains("beatMap") == true)
        // Named explicitly, the other array is still readable.
        #expect(Self.read(source, .swift, symbol: "other").map?.times == [1, 2, 3])
    }

    @Test func checkAgainstSilenceIsAnError() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = dir.appendingPathComponent("silence.wav").path
        try AudioFile.write([Float](repeating: 0, count: 30 * 8_000), to: track, sampleRate: 8_000, channels: 1)
        let map = BeatMap.grid(bpm: 120, offset: 0.5, duration: 29)
        let onset = try SpectralFlux.analyze(path: track)
        let report = BeatChecker.check(map: map, onset: onset)
        let finding = report.diagnostics.first { $0.ruleID == "beatmap.unconfirmed" }
        #expect(finding?.severity == .error, "\(report.diagnostics)")
        // A map whose beats all lie past the end of the track is an error too.
        let late = BeatChecker.check(map: BeatMap.grid(bpm: 120, offset: 40, duration: 60), onset: onset)
        #expect(late.diagnostics.contains { $0.ruleID == "beatmap.unconfirmed" && $0.severity == .error })
    }

    @Test func checkOfAMatchingMapHasNoUnconfirmedFinding() throws {
        let map = try BeatMapReader.read(path: TestPaths.packageRoot.appendingPathComponent("samples/beatmaps/world1-a.json").path).map
        let onset = try SpectralFlux.analyze(
            path: TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path)
        let report = BeatChecker.check(map: try #require(map), onset: onset)
        #expect(!report.diagnostics.contains { $0.ruleID == "beatmap.unconfirmed" })
    }

    @Test func aOneLineMillionBeatMapIsReadWithEveryPosition() {
        let count = 1_000_000
        var text = "["
        var columns: [Int] = []
        for i in 0..<count {
            if i > 0 { text += "," }
            columns.append(text.utf8.count + 1)
            text += String(Double(i) * 0.5)
        }
        text += "]"
        let r = BeatMapReader.read(bytes: Array(text.utf8), file: "m", format: .json)
        #expect(r.map?.count == count)
        #expect(r.map?.locations.last?.line == 1)
        #expect(r.map?.locations.last?.column == columns.last)
        #expect(r.map?.locations[123_456].column == columns[123_456])
        #expect(r.map?.times.last == Double(count - 1) * 0.5)
    }
}
