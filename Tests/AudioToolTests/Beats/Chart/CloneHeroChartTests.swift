import AudioKitLinux
import Foundation
import Testing

/// Clone Hero / Moonscraper `.chart`: ticks on the [SyncTrack]'s tempos from [Song]'s Offset, the hardest guitar track
/// by default, modifiers not notes, sustains at their start, a `song.ini`'s delay applied as Clone Hero applies it,
/// and a written chart that reads back as the same notes. Times computed here: beat = tick / 192.
@Suite("Clone Hero charts")
struct CloneHeroChartTests {
    static let chart = """
        [Song]
        {
          Name = "Test Song"
          Artist = "Band"
          Charter = "Me"
          Offset = 0.1
          Resolution = 192
        }
        [SyncTrack]
        {
          0 = TS 4
          0 = B 120000
          768 = B 150000
        }
        [ExpertSingle]
        {
          192 = N 0 0
          384 = N 1 96
          384 = N 5 0
          576 = N 2 0
          576 = N 3 0
          960 = N 7 0
          1152 = N 4 192
        }
        [HardSingle]
        {
          192 = N 0 0
          768 = N 1 0
        }
        [ExpertDrums]
        {
          192 = N 32 0
          384 = N 2 0
          384 = N 66 0
        }
        """

    @Test func theHardestGuitarTrackOnItsTempoMap() throws {
        // 120 BPM from 0.1 s for four beats (to 2.1 s), then 150 BPM: beats 1, 2, 3 at 0.6, 1.1, 1.6 s; 5 and 6 at 2.5 and
        // 2.9 s. The forced modifier (5) on tick 384 is no note; the chord on 576 is one hit.
        let r = BeatMapReader.read(bytes: Array(Self.chart.utf8), file: "notes.chart", format: .clonehero)
        let map = try #require(r.map, "\(r.diagnostics)")
        #expect(zip(map.times, [0.6, 1.1, 1.6, 2.5, 2.9]).allSatisfy { abs($0 - $1) < 1e-9 } && map.times.count == 5, "\(map.times)")
        #expect(map.chart == "ExpertSingle" && map.metadata?.title == "Test Song" && map.metadata?.artist == "Band")
        #expect(map.notes.contains { $0.lane == 4 && $0.kind == .hold && abs(($0.end ?? 0) - 3.3) < 1e-9 })
        #expect(map.notes.contains { $0.lane == 5 && abs($0.time - 2.5) < 1e-9 }, "the open note")
    }

    @Test func aTrackByNameOrDifficultyAndDrumsLanes() throws {
        let hard = try #require(BeatMapReader.read(bytes: Array(Self.chart.utf8), file: "n.chart", format: .clonehero, chart: "Hard").map)
        #expect(hard.times == [0.6, 2.1])
        let drums = try #require(
            BeatMapReader.read(bytes: Array(Self.chart.utf8), file: "n.chart", format: .clonehero, chart: "ExpertDrums").map)
        // The second kick (32) is the kick's lane; the cymbal marker (66) is no note.
        #expect(drums.times == [0.6, 1.1] && drums.notes.map(\.lane) == [0, 2])
        let none = BeatMapReader.read(bytes: Array(Self.chart.utf8), file: "n.chart", format: .clonehero, chart: "EasyBass")
        #expect(none.map == nil && none.diagnostics.first?.message.contains("ExpertSingle") == true)
    }

    @Test func aSongIniDelayStartsTheChartLater() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("notes.chart")
        try Data(Self.chart.utf8).write(to: path)
        try Data("[song]\nname = Ini Title\ndelay = 250\n".utf8).write(to: dir.appendingPathComponent("song.ini"))
        let map = try #require(try BeatMapReader.read(path: path.path).map)
        #expect(abs(map.times[0] - 0.85) < 1e-9 && map.metadata?.title == "Ini Title", "\(map.times)")
    }

    @Test func aWrittenChartReadsBackAsTheSameNotes() throws {
        let map = try #require(BeatMapReader.read(bytes: Array(Self.chart.utf8), file: "n.chart", format: .clonehero).map)
        let text = BeatMapWriter.string(map, format: .clonehero, title: "t", audio: "song.ogg")
        let back = try #require(BeatMapReader.read(bytes: Array(text.utf8), file: "o.chart", format: .clonehero).map)
        #expect(back.times.count == map.times.count && zip(back.times, map.times).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(back.notes.map(\.lane) == map.notes.map(\.lane) && back.metadata?.title == "Test Song")
    }
}
