import AudioKitLinux
import Foundation
import Testing

/// Every limit of docs/limits.md: refused with a message naming the file and
/// the flag, accepted once the flag raises it.
@Suite("Input limits")
struct InputLimitTests {
    static func ahap(events: Int, curves: Int = 0, pointsPerCurve: Int = 0) -> String {
        var entries = (0..<events).map { #"{"Event": {"Time": \#(Double($0) * 0.1), "EventType": "HapticTransient"}}"# }
        for c in 0..<curves {
            let points = (0..<pointsPerCurve).map { #"{"Time": \#(Double($0) * 0.01), "ParameterValue": 0.5}"# }
            entries.append(
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": \#(c), "ParameterCurveControlPoints": [\#(points.joined(separator: ", "))]}}"#
            )
        }
        return #"{"Version": 1.0, "Pattern": [\#(entries.joined(separator: ", "))]}"#
    }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The error's line and the limit it names (the library names no flag; the tools add it, tested below).
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let failure as InputError {
            return failure.description + " [" + (failure.limit?.rawValue ?? "no limit") + "]"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("AHAP event and curve-point counts")
    func ahapCounts() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = try Self.write(Self.ahap(events: 11), "events.ahap", in: dir)
        func options(_ limits: InputLimits) -> AHAPValidationOptions { AHAPValidationOptions(limits: limits) }
        let refused = Self.failure { _ = try AHAPValidator.validate(path: events, options: options(InputLimits(maxEvents: 10))) }
        #expect(refused?.contains(events) == true)
        #expect(refused?.contains("11 pattern entries") == true)
        #expect(refused?.contains("[events]") == true)
        #expect(Self.failure { _ = try AHAPValidator.validate(path: events, options: options(InputLimits(maxEvents: 11))) } == nil)

        let curves = try Self.write(Self.ahap(events: 1, curves: 2, pointsPerCurve: 3), "curves.ahap", in: dir)
        let tooMany = Self.failure { _ = try AHAPValidator.validate(path: curves, options: options(InputLimits(maxCurvePoints: 5))) }
        #expect(tooMany?.contains("6 curve control points") == true)
        #expect(tooMany?.contains("[curvePoints]") == true)
        #expect(Self.failure { _ = try AHAPValidator.validate(path: curves, options: options(InputLimits(maxCurvePoints: 6))) } == nil)
    }

    @Test("file size, nesting depth and beat count")
    func sizeDepthBeats() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = (1...100).map { String(Double($0) * 0.5) }.joined(separator: "\n") + "\n"
        let map = try Self.write(text, "map.txt", in: dir)
        let beats = Self.failure { _ = try BeatMapReader.read(path: map, limits: InputLimits(maxBeats: 99)) }
        #expect(beats?.contains("100 beats") == true)
        #expect(beats?.contains("[beats]") == true)
        #expect(Self.failure { _ = try BeatMapReader.read(path: map, limits: InputLimits(maxBeats: 100)) } == nil)

        let size = Self.failure { _ = try BeatMapReader.read(path: map, limits: InputLimits(maxFileBytes: text.utf8.count - 1)) }
        #expect(size?.contains("[fileSize]") == true)
        #expect(Self.failure { _ = try BeatMapReader.read(path: map, limits: InputLimits(maxFileBytes: text.utf8.count)) } == nil)

        let deep = try Self.write(String(repeating: "[", count: 70) + "1" + String(repeating: "]", count: 70), "deep.json", in: dir)
        let shallow = try BeatMapReader.read(path: deep, limits: InputLimits(maxNestingDepth: 64))
        #expect(shallow.diagnostics.first?.message.contains("deeper than 64") == true)
        let raised = try BeatMapReader.read(path: deep, limits: InputLimits(maxNestingDepth: 100))
        #expect(raised.diagnostics.allSatisfy { !$0.message.contains("deeper") })
    }

    @Test("audio length")
    func audioLength() throws {
        let click = TestPaths.packageRoot.appendingPathComponent("samples/audio/click.wav").path  // 0.05 s
        #expect(throws: InputError.self) { try AudioFile.info(click, limits: AudioLimits(maxDuration: 0.01)) }
        #expect(throws: Never.self) { try AudioFile.info(click, limits: AudioLimits(maxDuration: 0.06)) }
    }

    @Test("every limit flag works from the command line")
    func flags() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ahap = try Self.write(Self.ahap(events: 3), "three.ahap", in: dir)
        let tool = TestPaths.binary("ahap-tool")
        let refused = try run(tool, ["validate", ahap, "--max-events", "2"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(ahap): 3 pattern entries is more than the limit of 2"))
        #expect(try run(tool, ["validate", ahap, "--max-events", "3"]).status == 0)
        #expect(try run(tool, ["render", ahap, "--max-events", "2", "-o", dir.appendingPathComponent("o.wav").path]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.wav").path))
        #expect(try run(tool, ["validate", ahap, "--max-events", "0"]).status == 64)

        let beatmap = TestPaths.binary("beatmap")
        let lint = try run(beatmap, ["lint", "samples/beatmaps/world1-a.json", "--max-beats", "17"])
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("--max-beats"))
        #expect(try run(beatmap, ["lint", "samples/beatmaps/world1-a.json", "--max-beats", "18"]).status == 0)
        let bpm = try run(beatmap, ["bpm", "samples/audio/world1-track-a-88bpm.flac", "--max-audio-seconds", "5"])
        #expect(bpm.status == 2)
        #expect(bpm.stderr.contains("--max-audio-seconds"))
        let ci = try run(beatmap, ["ci", "samples/game.yaml", "--max-audio-seconds", "5", "-q"])
        #expect(ci.status == 2)
    }
}
