import AudioKitLinux
import Foundation
import Testing

/// A song whose offset is fixed with its notes moves every chart with the grid, as ArrowVortex does; a grid fitted under
/// the notes keeps every chart's times. Found by a designer: the checker's "the whole map is 32 ms later" applied to
/// one chart of a twelve-chart `.ssc` could not be saved (the other charts' notes were kept at their times, off every
/// row of the moved grid), and the only way out was a Save As of one chart.
@Suite("StepMania re-time: beats or times")
struct StepManiaRetimeBeatsTests {
    /// Two charts at 120 BPM from 0 s: Hard with a note on every beat of two measures, Easy on every other beat.
    static let song = """
        #OFFSET:0.000000;
        #BPMS:0.000000=120.000000;
        #NOTES:
             dance-single:
             :
             Hard:
             9:
             0,0,0,0,0:
        1000
        0000
        0100
        000M
        0010
        0000
        0001
        0000
        ,
        1000
        0100
        0010
        0001
        ;
        #NOTES:
             dance-single:
             :
             Easy:
             2:
             0,0,0,0,0:
        1000
        0000
        0010
        0000
        ,
        1000
        0000
        0010
        0000
        ;

        """

    /// The file in a scratch folder, opened on chart `chart`.
    static func open(_ chart: String) throws -> (BeatMapFile, String, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("akl-beats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("song.sm").path
        try Data(song.utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path, chart: chart) else { throw CocoaError(.fileReadCorruptFile) }
        return (file, path, dir)
    }

    /// The times of chart `chart` of the file at `path`, read again.
    static func times(_ path: String, _ chart: String) throws -> [Double] {
        guard case .success(let file) = try BeatMapFile.open(path: path, chart: chart) else { throw CocoaError(.fileReadCorruptFile) }
        return file.map.times
    }

    @Test func anOffsetFixedWithTheNotesMovesEveryChartWithTheGrid() throws {
        let (file, path, dir) = try Self.open("Hard")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(file.map.times == [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5])
        // 32 ms earlier, notes and grid together (a 1/48 row at 120 BPM is 10.4 ms: no row keeps the Easy notes' times).
        let grid = TempoMap(offset: -0.032, bpm: 120)
        _ = try file.save(file.map.times.map { $0 - 0.032 }, grid: grid)
        let hard = try Self.times(path, "Hard"), easy = try Self.times(path, "Easy")
        #expect(zip(hard, [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]).allSatisfy { abs($0 - ($1 - 0.032)) < 1e-6 }, "\(hard)")
        #expect(zip(easy, [0, 1, 2, 3]).allSatisfy { abs($0 - ($1 - 0.032)) < 1e-6 } && easy.count == 4, "\(easy)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains("#OFFSET:0.032000;"), "\(text)")
        // Both charts' rows are as they were, the Hard chart's mine on its 1/8 row too: they moved in time only through
        // the offset (the mine, which is no hit, kept its time before and landed 3 rows off).
        #expect(text.components(separatedBy: "#NOTES:")[2] == Self.song.components(separatedBy: "#NOTES:")[2])
        #expect(text.components(separatedBy: "#NOTES:")[1] == Self.song.components(separatedBy: "#NOTES:")[1], "\(text)")
    }

    @Test func aTempoFixedWithTheNotesMovesEveryChartWithTheGrid() throws {
        let (file, path, dir) = try Self.open("Hard")
        defer { try? FileManager.default.removeItem(at: dir) }
        // 120 BPM was 1 % off: 121.2, every note keeping its beat.
        let grid = TempoMap(offset: 0, bpm: 121.2)
        _ = try file.save((0..<8).map { Double($0) * 60 / 121.2 }, grid: grid)
        let easy = try Self.times(path, "Easy")
        #expect(zip(easy, [0, 2, 4, 6]).allSatisfy { abs($0 - $1 * 60 / 121.2) < 1e-6 } && easy.count == 4, "\(easy)")
    }

    @Test func aPauseAndATempoChangeMadeWithTheNotesMoveEveryChartWithItsBeats() throws {
        // A stop of 0.1 s on beat 2 and 200 BPM from beat 4, every note keeping its beat (the editor's "Hits keep their
        // beats"). The editor's grid restarts its second section on the whole beat after 2.1 s of 120 BPM, pause
        // counted (beat 5); the file counts beat 4: carried on the editor's count, the Easy chart's note on beat 6 went
        // 0.9 ms off its row and the save was refused, although each edit alone saved.
        let (file, path, dir) = try Self.open("Hard")
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try #require(TempoMap(timingPoints: [(0, 120), (2.1, 200)], stops: [(time: 1.0, seconds: 0.1, delay: false)]))
        func time(_ beat: Double) -> Double { beat <= 2 ? beat * 0.5 : beat < 4 ? beat * 0.5 + 0.1 : 2.1 + (beat - 4) * 0.3 }
        _ = try file.save((0..<8).map { time(Double($0)) }, grid: grid)
        let easy = try Self.times(path, "Easy"), hard = try Self.times(path, "Hard")
        #expect(zip(easy, [0, 2, 4, 6].map(time)).allSatisfy { abs($0 - $1) < 1e-5 } && easy.count == 4, "\(easy)")
        #expect(zip(hard, (0..<8).map { time(Double($0)) }).allSatisfy { abs($0 - $1) < 1e-5 } && hard.count == 8, "\(hard)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains("#BPMS:0.000000=120.000000,4.000000=200.000000;") && text.contains("#STOPS:2.000000=0.100000;"), "\(text)")
    }

    @Test func anOffsetOfMoreDecimalsThanTheFileKeepsSavesInPlace() throws {
        // Half a beat at 180 BPM off an offset of 6 decimals (the editor's ½ beat): −0.9711943333… s, which the file
        // writes as 0.971194 and reads back 0.33 µs later. That is the same beat: the save was refused as "would not read
        // back on the tempo map set".
        let (file, path, dir) = try Self.open("Hard")
        defer { try? FileManager.default.removeItem(at: dir) }
        let offset = -1.137861 + 1.0 / 6
        let grid = TempoMap(offset: offset, bpm: 180)
        let hits = (0..<8).map { offset + Double($0 + 4) / 3 }
        _ = try file.save(hits, grid: grid)
        let hard = try Self.times(path, "Hard")
        #expect(zip(hard, hits).allSatisfy { abs($0 - $1) < 1e-5 } && hard.count == 8, "\(hard)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains("#OFFSET:0.971194;"), "\(text)")
    }

    @Test func aGridFittedUnderTheNotesKeepsEveryChartsTimes() throws {
        let (file, path, dir) = try Self.open("Hard")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Twice the tempo under the same notes: every note keeps its time, on the new map's rows.
        _ = try file.save(file.map.times, grid: TempoMap(offset: 0, bpm: 240))
        let easy = try Self.times(path, "Easy")
        #expect(zip(easy, [0, 1, 2, 3]).allSatisfy { abs($0 - $1) < 1e-6 } && easy.count == 4, "\(easy)")
        // The same grid moved 32 ms under notes left in place cannot keep the Easy chart's times on its rows: refused.
        #expect(throws: InputError.self) { try file.save(file.map.times, grid: TempoMap(offset: -0.032, bpm: 120)) }
    }
}
