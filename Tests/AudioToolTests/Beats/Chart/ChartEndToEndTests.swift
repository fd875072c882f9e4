import AudioKitLinux
import Foundation
import Testing

/// A correct chart of the kind rhythm games ship (off-beats, a burst of 1/4-beat notes, a gap, a tempo change from
/// 120 to 150 BPM), over a click track made at its hit times: `beatmap check` passes it, and flags a hit moved
/// 100 ms off its click with a move that puts it back.
@Suite("Chart end to end")
struct ChartEndToEndTests {
    /// Hit positions in beats: quarters, off-beats, a 1/4 burst, a gap (beats 10 to 13), then 150 BPM from beat 16.
    static let beats: [Double] = [
        0, 1, 2, 3, 4, 4.5, 5.5, 6, 6.5, 7.5, 8, 8.25, 8.5, 8.75, 9, 14, 15,
        16, 17, 18, 18.5, 19, 19.25, 19.5, 19.75, 20, 22, 24, 26, 27, 27.5, 28, 30, 31,
    ]

    /// The time of `beat`, computed here: beat 0 at 0.2 s, 0.5 s a beat to beat 16, then 0.4 s a beat.
    static func time(_ beat: Double) -> Double { 0.2 + (beat < 16 ? beat * 0.5 : 8 + (beat - 16) * 0.4) }

    /// The chart as StepMania text: eight measures of 16 rows, one note per hit, lanes in turn.
    static func chart(moving moved: Int? = nil) -> String {
        var rows = [String](repeating: "0000", count: 8 * 16)
        for (i, b) in beats.enumerated() where i != moved {
            var lane = Array("0000")
            lane[i % 4] = "1"
            rows[Int((b * 4).rounded())] = String(lane)
        }
        let measures = stride(from: 0, to: rows.count, by: 16).map { rows[$0..<($0 + 16)].joined(separator: "\n") }
        var text = "#TITLE:End to end;\n#MUSIC:song.wav;\n#OFFSET:-0.200000;\n#BPMS:0.000=120.000,16.000=150.000;\n#STOPS:;\n"
        text += "#NOTES:\n     dance-single:\n     :\n     Hard:\n     9:\n     0,0,0,0,0:\n"
        text += measures.joined(separator: "\n,\n") + "\n;\n"
        return text
    }

    /// 16 s at 22.05 kHz: a decaying 2 kHz click of 15 ms at each hit time.
    static func clicks() -> [Float] {
        let rate = 22_050.0
        var x = [Float](repeating: 0, count: 16 * 22_050)
        for b in beats {
            let start = Int(time(b) * rate)
            for i in 0..<Int(0.015 * rate) {
                let t = Double(i) / rate
                x[start + i] += Float(0.8 * exp(-t / 0.004) * sin(2 * .pi * 2_000 * t))
            }
        }
        return x
    }

    @Test func aCorrectChartWithOffBeatsBurstsGapsAndATempoChangePasses() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try AudioFile.write(Self.clicks(), to: song, sampleRate: 22_050, channels: 1)
        let chart = dir.appendingPathComponent("chart.sm")
        try Data(Self.chart().utf8).write(to: chart)
        let r = try run(TestPaths.binary("beatmap"), ["check", chart.path, "--audio", song])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr.contains("\(Self.beats.count) of \(Self.beats.count) beats matched") && r.stderr.contains(" 0 flagged"), "\(r.stderr)")
        let lint = try run(TestPaths.binary("beatmap"), ["lint", chart.path])
        #expect(lint.status == 0, "\(lint.stdout)")

        // The same hits as a plain list (CRLF), beat 22 (at 10.6 s, the next click 0.8 s on) 100 ms late: that hit is
        // flagged, with a move that puts it back within 20 ms. 100 ms is a 1/4 beat at 150 BPM, so the hit lands exactly
        // on a grid line of a list whose hits are all on it: as an author's snap would put it, so the finding is a
        // warning (the audio alone disagrees), and `--werror` makes it fail the gate.
        let moved = 26
        var times = Self.beats.map(Self.time)
        times[moved] += 0.1
        let late = dir.appendingPathComponent("late.txt")
        try Data(times.map { String(format: "%.4f", $0) }.joined(separator: "\r\n").utf8).write(to: late)
        let flagged = try run(TestPaths.binary("beatmap"), ["check", late.path, "--audio", song])
        #expect(flagged.status == 0, "\(flagged.stdout)\(flagged.stderr)")
        #expect(flagged.stderr.contains(" 1 flagged"), "\(flagged.stderr)")
        // Counted from 1, the hit's number is its line in the list.
        #expect(flagged.stdout.contains("late.txt:\(moved + 1):1: warning: [beatmap.misaligned] hit \(moved + 1) "), "\(flagged.stdout)")
        let gate = try run(TestPaths.binary("beatmap"), ["check", late.path, "--audio", song, "--werror"])
        #expect(gate.status == 1, "\(gate.stdout)\(gate.stderr)")
        let finding = flagged.stdout.split(separator: "\n").first { $0.contains("move it to") }
        let target = finding.flatMap { $0.firstMatch(of: /move it to (\d+\.\d+) s/) }.flatMap { Double($0.1) }
        #expect(target.map { abs($0 - Self.time(Self.beats[moved])) <= 0.02 } == true, "\(flagged.stdout)")
    }
}
