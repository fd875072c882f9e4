import AudioKitLinux
import Foundation
import Testing

/// A chart's tempo map at the wrong octave while its hits are right: written at 60 BPM on a 120 BPM click track, every
/// hit on a 1/2 line and on a click. Measured through its hits alone (which are the track's pulse) the check said "map
/// 60.00 BPM vs track 60.00 BPM" and nothing else; the grid's own beats show a click between every two of them.
@Suite("A chart's tempo map at the wrong octave")
struct ChartTempoOctaveTests {
    /// `seconds` of noise bursts, one at each time of `clicks` with its amplitude, at 22.05 kHz.
    static func song(_ clicks: [(time: Double, amplitude: Double)], seconds: Double) -> [Float] {
        let rate = 22_050.0
        var g = SplitMix(seed: 11)
        var x = [Float](repeating: 0, count: Int(seconds * rate))
        for c in clicks {
            let start = Int((c.time * rate).rounded())
            for i in 0..<Int(0.02 * rate) where start + i < x.count {
                x[start + i] += Float(g.normal() * c.amplitude * exp(-Double(i) / (0.004 * rate)))
            }
        }
        return x
    }

    /// A StepMania chart at `bpm`, beat 0 at 0.2 s, with a note on each of the first `notes` rows of `rowsPerMeasure`.
    static func chart(bpm: Double, rowsPerMeasure: Int, notes: Int) -> String {
        var rows = (0..<notes).map { $0 % 2 == 0 ? "1000" : "0100" }
        while rows.count % rowsPerMeasure != 0 { rows.append("0000") }
        let measures = stride(from: 0, to: rows.count, by: rowsPerMeasure).map {
            rows[$0..<($0 + rowsPerMeasure)].joined(separator: "\n")
        }
        var text = "#TITLE:Octave;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n#BPMS:0.000=\(bpm);\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        return text + measures.joined(separator: "\n,\n") + "\n;\n"
    }

    /// `beatmap check --format json` of `chart` on `clicks`: its `tempo_octave` object, its findings' messages, its exit
    /// status and its summary line.
    static func check(_ chart: String, _ clicks: [(time: Double, amplitude: Double)], seconds: Double) throws -> (
        octave: JSONValue?, messages: [String], status: Int32, summary: String
    ) {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(Self.song(clicks, seconds: seconds), to: song, sampleRate: 22_050, channels: 1)
        let path = dir.appendingPathComponent("chart.sm")
        try Data(chart.utf8).write(to: path)
        let r = try run(TestPaths.binary("beatmap"), ["check", path.path, "--audio", song, "--format", "json"])
        let root = try #require(JSONValue.parse(Array(r.stdout.utf8)), "\(r.stdout.prefix(500))\(r.stderr)")
        guard case .array(let findings)? = root["diagnostics"] else { return (root["tempo_octave"], [], r.status, r.stderr) }
        return (root["tempo_octave"], findings.compactMap { $0["message"]?.string }, r.status, r.stderr)
    }

    /// 40 equal clicks 0.5 s apart (120 BPM), the first at 0.2 s.
    static let pulse: [(time: Double, amplitude: Double)] = (0..<40).map { (time: 0.2 + Double($0) * 0.5, amplitude: 0.5) }

    @Test func aGridAtHalfTheTracksTempoIsSaidThoughItsHitsAreRight() throws {
        // 60 BPM, eight rows a measure: each row a 1/2 line, 0.5 s apart, on a click.
        let r = try Self.check(Self.chart(bpm: 60, rowsPerMeasure: 8, notes: 40), Self.pulse, seconds: 21)
        #expect(r.octave?["verdict"]?.string == "half", "\(String(describing: r.octave))")
        #expect(r.octave?["subject"]?.string == "grid", "\(String(describing: r.octave))")
        let said = r.messages.first { $0.contains("tempo map is at half") }
        #expect(said?.contains("its pulse is 120.00 BPM, not the map's 60.00") == true, "\(r.messages)")
        #expect(said?.contains("the hits staying where they are") == true, "\(r.messages)")
        // A warning, not an error: the check still passes. The summary line says it beside "map 60.00 BPM vs track 60.00".
        #expect(r.status == 0)
        #expect(r.summary.contains("the tempo map is at half the track's pulse (120."), "\(r.summary)")
    }

    @Test func theSameHitsOnTheRightGridSayNothingOfTheOctave() throws {
        // 120 BPM, four rows a measure: each row a beat, on a click.
        let r = try Self.check(Self.chart(bpm: 120, rowsPerMeasure: 4, notes: 40), Self.pulse, seconds: 21)
        #expect(r.octave?["verdict"] == .null, "\(String(describing: r.octave))")
        #expect(!r.messages.contains { $0.contains("tempo_octave") || $0.contains("the track's tempo") }, "\(r.messages)")
    }

    @Test func aStreamOfQuarterNotesIsNoBeatListAtDoubleThePulse() throws {
        // 120 BPM, a 1/4 stream (hits 0.125 s apart) on clicks loud on the beats, softer on the 1/2 lines and faint on
        // the 1/4 lines between: the hits, taken as a beat list, alternate loud and faint ("double" at 240 BPM before).
        let clicks: [(time: Double, amplitude: Double)] = (0..<160).map { (k: Int) -> (time: Double, amplitude: Double) in
            let amplitude: Double = k % 4 == 0 ? 0.5 : (k % 2 == 0 ? 0.15 : 0.04)
            return (time: 0.2 + Double(k) * 0.125, amplitude: amplitude)
        }
        let r = try Self.check(Self.chart(bpm: 120, rowsPerMeasure: 16, notes: 160), clicks, seconds: 21)
        #expect(r.octave?["verdict"] == .null, "\(String(describing: r.octave))")
        #expect(!r.messages.contains { $0.contains("no onset of its own") || $0.contains("pulse is") }, "\(r.messages)")
    }
}
