import Foundation
import Testing

/// A chart's tempo a little off the track's on music with an onset at every 16th: its hits' errors wrap (a hit more
/// than half a 16th off meets its neighbour's onset), so their drift cannot agree with the track's tempo; the onsets
/// under the hits, gathered more sharply at the track's tempo than at the map's, do (`TrackTempoGap.foldAgreement`).
/// Goin' Under typed at 209.7 on its 210 BPM song, 157 ms behind by its last hit, had no `beatmap.drift` finding, and
/// the page offered an offset and 78 hit moves that would have baked the error into the notes.
@Suite("A tempo a little off, agreed by the onsets' fold", .enabled(if: TestPaths.chartsAvailable, TestPaths.chartsMissing))
struct TempoDriftByFoldTests {
    @Test(arguments: [("209.700", true), ("210.000", false)])
    func goinUnderTypedAt(bpm: String, said: Bool) throws {
        let folder = TestPaths.chartsCorpus.appendingPathComponent("sm-goin-under")
        let text = try String(contentsOf: folder.appendingPathComponent("Goin' Under.ssc"), encoding: .utf8)
        #expect(text.contains("#BPMS:0.000=210.000;"))
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = dir.appendingPathComponent("goin.ssc")
        try Data(text.replacingOccurrences(of: "#BPMS:0.000=210.000;", with: "#BPMS:0.000=\(bpm);").utf8).write(to: chart)
        let r = try run(TestPaths.binary("beatmap"), ["check", chart.path, "--audio", folder.appendingPathComponent("audio.ogg").path])
        let drift = r.stdout.split(separator: "\n").first { $0.contains("[beatmap.drift]") }.map(String.init)
        if said {
            // 0.143 % over the 119 s of hits: (119 × (209.7 / 210 − 1)) ≈ −170 ms; the track's tempo is measured over
            // the hits' span, so the figure said is near it.
            #expect(
                drift?.contains("error: [beatmap.drift] the map's tempo is 209.70 BPM and the track's 210.00 BPM") == true, "\(r.stdout)")
            #expect(drift?.contains("Set the tempo to 210 BPM (the whole tempo nearest it), the notes keeping their beats") == true)
            let ms = drift.flatMap { $0.firstMatch(of: /its grid is ([0-9]+) ms behind/) }.flatMap { Double($0.1) }
            #expect(ms.map { $0 > 140 && $0 < 180 } == true, "\(String(describing: drift))")
        } else {
            #expect(drift == nil, "\(r.stdout)")
        }
    }
}
