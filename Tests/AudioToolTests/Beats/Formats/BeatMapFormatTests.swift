import AudioKitLinux
import Foundation
import Testing

@Suite("Beat map formats")
struct BeatMapFormatTests {
    static func read(_ text: String, _ format: BeatMapFormat, symbol: String? = nil) -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: "m", format: format, symbol: symbol)
    }

    @Test func jsonArrayAndObject() {
        #expect(Self.read("[0.5, 1.0, 1.5]", .json).map?.times == [0.5, 1.0, 1.5])
        let o = Self.read(#"{"bpm": 120, "offset": 0.5, "beats": [0.5, 1, {"time": 1.5}]}"#, .json).map
        #expect(o?.times == [0.5, 1.0, 1.5])
        #expect(o?.declaredBPM == 120)
        #expect(o?.tempoMap?.offset == 0.5)
        #expect(o?.locations[2].column == 47)
        let bad = Self.read("[0.5,\n \"x\"]", .json)
        #expect(bad.map == nil)
        #expect(bad.diagnostics.first?.location.line == 2)
        #expect(bad.diagnostics.first?.location.column == 2)
    }

    @Test func textSkipsCommentsAndReportsTheBadLine() {
        let ok = Self.read("# my map\n0.5\n\n  1.0\n1.5 kick\n", .text)
        #expect(ok.map?.times == [0.5, 1.0, 1.5])
        #expect(ok.map?.locations[1].line == 4)
        #expect(ok.map?.locations[1].column == 3)
        // "1,0" could be a decimal comma or two fields: refused at the comma, never truncated to 1.
        let bad = Self.read("0.5\n1,0\n", .text)
        #expect(bad.map == nil)
        #expect(bad.diagnostics.first?.location.line == 2)
        #expect(bad.diagnostics.first?.location.column == 2)
        let worse = Self.read("0.5\nabc\n", .text)
        #expect(worse.diagnostics.first?.location.line == 2)
        #expect(worse.diagnostics.first?.ruleID == "beatmap.parse_error")
    }

    @Test func csvFindsTheTimeColumn() {
        let m = Self.read("beat,label,time\n1,kick,0.5\n2,snare,1.0\n", .csv).map
        #expect(m?.times == [0.5, 1.0])
        #expect(m?.locations[0].column == 8)  // after "1,kick," (7 characters)
        #expect(Self.read("0.5,x\n1.0,y\n", .csv).map?.times == [0.5, 1.0])
    }

    @Test func audacityLabels() {
        let text = "0.500000\t0.500000\t1\n\\  200.0\t800.0\n1.000000\t1.000000\t2\n"
        #expect(Self.read(text, .audacity).map?.times == [0.5, 1.0])
        #expect(BeatMapFormat.detect(path: "x.txt", bytes: Array(text.utf8)) == .audacity)
        #expect(BeatMapFormat.detect(path: "x.txt", bytes: Array("0.5\n1.0\n".utf8)) == .text)
    }

    static let swiftSource = """
        import Foundation

        enum GameConstants {
            // The level's map, marked by ear.
            static let beatMap: [TimeInterval] = [
                0.5, 1.0, /* half-time here */ 1.5,
                2_000.25e-3,
            ]
            static let title = "let fake = [1, 2]"
            static let other: [Double] = [3, 4]
        }
        """

    @Test func swiftLiteralWithSymbolAndPositions() {
        // Of two arrays, the one whose name says it holds beats is read.
        #expect(Self.read(Self.swiftSource, .swift).map?.times == [0.5, 1.0, 1.5, 2.00025])
        let ambiguous = Self.read("let a: [Double] = [1, 2]\nlet b: [Double] = [3, 4]\n", .swift)
        #expect(ambiguous.map == nil)
        #expect(ambiguous.diagnostics.first?.remedy?.setting == .symbol)
        let m = Self.read(Self.swiftSource, .swift, symbol: "beatMap").map
        #expect(m?.times == [0.5, 1.0, 1.5, 2.00025])
        // "1.5" is on line 6 after 8 spaces of indent, "0.5, 1.0, /* half-time here */ " (31 characters).
        #expect(m?.locations[2].line == 6)
        #expect(m?.locations[2].column == 8 + 31 + 1)
        #expect(Self.read(Self.swiftSource, .swift, symbol: "other").map?.times == [3, 4])
        let bad = Self.read("let beatMap: [Double] = [0.5, x * 2]", .swift)
        #expect(bad.diagnostics.first?.location.column == 31)
    }

    @Test("writers round-trip through the readers", arguments: BeatMapFormat.allCases.filter { $0 != .beatsaber })
    func roundTrip(_ format: BeatMapFormat) {
        let map = BeatMap(times: [0.231, 0.912818, 1.594636, 60.0], bpm: 88, offset: 0.231)
        let text = BeatMapWriter.string(map, format: format)
        let back = Self.read(text, format).map
        // Charts store rows of 1/48 beat (StepMania: at most 0.625/BPM s off) or whole milliseconds (osu!, Quaver).
        let bound = format == .stepmania ? 0.625 / 88 : format.isChart ? 0.0005 : 0
        #expect(back?.times.count == map.times.count, "\(format): \(text)")
        for (a, b) in zip(back?.times ?? [], map.times) { #expect(abs(a - b) <= bound + 1e-9, "\(format): \(a) for \(b)") }
    }

    @Test func gridIsExact() {
        let g = BeatMap.grid(bpm: 88, offset: 0.231, duration: 45)
        #expect(g.times.first == 0.231)
        #expect(abs(g.times[10] - (0.231 + 10 * 60.0 / 88)) < 1e-12)
        #expect(g.times.last! < 45 && g.times.last! + 60.0 / 88 >= 45)
    }
}

/// Every lint rule's own examples, as for the AHAP rules.
@Suite("Beat map lint rules")
struct BeatRuleTests {
    @Test("examples", arguments: BeatRuleRegistry.all.map { $0.description })
    func examples(_ rule: RuleDescription) {
        func format(_ input: String) -> BeatMapFormat { input.hasPrefix("{") || input.hasPrefix("[") ? .json : .text }
        for e in rule.passing {
            let map = BeatMapReader.read(bytes: Array(e.input.utf8), file: "m.txt", format: format(e.input)).map!
            #expect(BeatRuleRegistry.lint(map).filter { $0.ruleID == rule.id }.isEmpty, "\(rule.id) passing example at line \(e.line)")
        }
        for e in rule.failing {
            let map = BeatMapReader.read(bytes: Array(e.input.utf8), file: "m.txt", format: format(e.input)).map!
            let found = BeatRuleRegistry.lint(map).filter { $0.ruleID == rule.id }.map {
                "\($0.location.line ?? 0):\($0.location.column ?? 0)"
            }
            #expect(found.sorted() == e.expected.sorted(), "\(rule.id) failing example at line \(e.line)")
        }
    }

    @Test func pastEndNeedsTheTrackLength() {
        let map = BeatMap(times: [1, 2, 30.5])
        #expect(BeatRuleRegistry.lint(map, options: BeatLintOptions(audioDuration: 30)).map(\.ruleID) == ["beatmap.past_end"])
        // Hits are counted from 1: the third is "hit 3".
        // A beat that prints like the track's end at milliseconds is said to the microsecond: two different numbers.
        let close = BeatRuleRegistry.lint(BeatMap(times: [1, 2, 123.4286]), options: BeatLintOptions(audioDuration: 123.42857))
        #expect(close.map(\.message) == ["hit 3 at 123.428600 s is past the track's end at 123.428570 s"])
        let on = BeatRuleRegistry.lint(BeatMap(times: [1, 2, 30]), options: BeatLintOptions(audioDuration: 30))
        #expect(on.map(\.message) == ["hit 3 at 30.000000 s is at the track's end at 30.000000 s"])
    }

    @Test("overlapping windows are one note, its count from the hit window; too_close uses the minimum gap")
    func hitWindowIsConfigurable() {
        let map = BeatMap(times: [0, 0.25, 0.5, 0.75, 0.79])
        let overlap = BeatRuleRegistry.lint(map).filter { $0.ruleID == "beatmap.window_overlap" }
        #expect(overlap.count == 1 && overlap[0].severity == .note && overlap[0].message.hasPrefix("4 of 5 hits"))
        #expect(
            BeatRuleRegistry.lint(map, options: BeatLintOptions(hitWindow: 0.1)).first { $0.ruleID == "beatmap.window_overlap" }?.message
                .hasPrefix("1 of 5") == true)
        #expect(BeatRuleRegistry.lint(map).filter { $0.ruleID == "beatmap.too_close" }.map { $0.location.jsonPath } == ["/4"])
        var wide = BeatLintOptions()
        wide.minimumGap = 0.3
        #expect(BeatRuleRegistry.lint(map, options: wide).filter { $0.ruleID == "beatmap.too_close" }.count == 4)
    }
}

/// Inputs libFuzzer found crashing (scripts/fuzz.sh): each is now a regression test.
@Suite("Fuzzer regressions")
struct FuzzRegressionTests {
    @Test(
        "huge times do not overflow integer conversions",
        arguments: ["0.5\n1e300\n", "0\n0.09999999999999999990\n0.5\n1\n1e308\n5\n", "-1e300\n1e300\n", "1e-300\n2e-300\n3e-300\n"])
    func hugeTimes(_ text: String) {
        let map = BeatMapReader.read(bytes: Array(text.utf8), file: "m.txt", format: .text).map!
        _ = BeatRuleRegistry.lint(map)
        _ = GridFit(times: map.times)
        for f in BeatMapFormat.allCases { _ = BeatMapWriter.string(map, format: f) }
    }

    /// Found by libFuzzer: an unterminated block comment or string after
    /// `let` left the Swift reader's cursor past the end of the text.
    @Test("unterminated comments and strings in Swift source", arguments: ["let/*@eaeItt", "let x = \"abc", "let /*", "var\"\\"])
    func unterminatedSwift(_ text: String) {
        let result = BeatMapReader.read(bytes: Array(text.utf8), file: "m.swift", format: .swift)
        #expect(result.map == nil)
        #expect(result.diagnostics.first?.ruleID == BeatMapReader.parseErrorID)
    }
}

/// Inputs found by fuzzing (and their siblings) in the AHAP path.
@Suite("Fuzz regressions: AHAP")
struct AHAPFuzzRegressionTests {
    /// Found by libFuzzer: a transient at 8.4e45 s trapped converting its start to a frame
    /// number. Durations of 1e300 trapped in the renderer and in the 30 s rule.
    static let huge = #"""
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0.1, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0.8447619047619E46, "EventType": "HapticTransient"}},
          {"Event": {"Time": 1, "EventType": "AudioContinuous", "EventDuration": 1e300}},
          {"Event": {"Time": 2, "EventType": "HapticContinuous", "EventDuration": 1e300}}]}
        """#

    @Test func hugeTimesAndDurationsAreRenderedUpToTheLimit() throws {
        let result = AHAPValidator.validate(bytes: Array(Self.huge.utf8), options: AHAPValidationOptions(checkWaveformFiles: false))
        let document = try #require(result.document)
        #expect(result.diagnostics.contains { $0.ruleID == "ahap.continuous_too_long" && $0.message.contains("typo") })
        var options = RenderOptions(sampleRate: 8_000, channels: .haptic)
        options.audioLimits.maxDuration = 5
        let renderer = PatternRenderer(pattern: document.pattern, options: options)
        #expect(renderer.totalFrames == 5 * 8_000)
        #expect(renderer.warnings.contains { $0.contains("1 event starts after 5 s") })
        var block: [Float] = []
        var frames = 0
        var energy: Float = 0
        while case let n = renderer.renderNextBlock(into: &block), n > 0 {
            frames += n
            energy += block.prefix(n).reduce(0) { $0 + $1 * $1 }
        }
        #expect(frames == 5 * 8_000)
        #expect(energy > 0)  // the events inside the limit are rendered
    }
}
