import AudioKitLinux
import Foundation
import Testing

/// What the editing session reports as changed: nothing for a map or a draft left alone, so `beatmap edit` warns of
/// unsaved edits only when there are some.
@Suite("Editor session")
struct EditorSessionTests {
    static let track = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path

    /// (edited, dirty) of `session` now.
    static func flags(_ session: EditorSession) async -> (edited: Bool, dirty: Bool) {
        (await session.isEdited, await session.isDirty)
    }

    @Test func aMapLeftAloneIsNeitherEditedNorDirty() async throws {
        let map = TestPaths.packageRoot.appendingPathComponent("samples/beatmaps/world1-a.json").path
        let session = try await EditorSession(track: Self.track, map: map)
        let opened = await Self.flags(session)
        #expect(!opened.edited && !opened.dirty)
        let beats = await session.beats
        try await session.setBeats(Array(beats.dropLast()))
        let changed = await Self.flags(session)
        #expect(changed.edited && changed.dirty)
        try await session.setBeats(beats)
        let back = await Self.flags(session)
        #expect(!back.edited && !back.dirty)
    }

    /// The map is read before the track is analysed: a chart name the file does not hold is said at once, with the
    /// file's charts, and not after a long analysis (or, with a track that cannot be read either, not at all): here the
    /// track does not exist, and the error is the map's.
    @Test func aChartNameTheFileDoesNotHoldIsSaidBeforeTheTrackIsRead() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("song.ssc").path
        try SaveAsCopyTests.ssc.write(toFile: path, atomically: true, encoding: .utf8)
        let missing = dir.appendingPathComponent("no-such-track.flac").path
        do {
            _ = try await EditorSession(track: missing, map: path, settings: EditorSession.Settings(chart: "Nope"))
            Issue.record("a session opened a chart the file does not hold")
        } catch let findings as BeatMapFindings {
            let message = findings.diagnostics.first?.message ?? ""
            #expect(message.contains("no chart matches \"Nope\"") && message.contains("Hard"), "\(message)")
        } catch {
            Issue.record("the track was read before the map: \(error)")
        }
    }

    @Test func aDraftLeftAloneIsUnsavedButNotEdited() async throws {
        let session = try await EditorSession(track: Self.track, map: nil)
        let draft = await session.beats
        #expect(!draft.isEmpty)
        let opened = await Self.flags(session)
        #expect(!opened.edited && opened.dirty)
        try await session.setBeats(draft + [11.5])
        #expect(await Self.flags(session).edited)
    }

    /// An osu! chart saved in place takes a grid set here as its timing points, and so does a StepMania file with stops
    /// (written from the grid's pauses); one with warps keeps its own tempo map, and the state says why (the page says where a grid set here is kept); a JSON object map keeps
    /// the grid itself.
    @Test func aChartSavedInPlaceSaysWhetherItTakesTheGrid() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines = [
            "osu file format v14", "", "[General]", "Mode: 3", "", "[Metadata]", "Version:Hard", "", "[Difficulty]", "CircleSize:4", "",
            "[TimingPoints]", "500,340.909090909091,4,1,0,100,1,0", "", "[HitObjects]",
        ]
        lines += (0..<12).map { "\(64 + 128 * ($0 % 4)),192,\(500 + Int((Double($0) * 340.909090909091).rounded())),1,0,0:0:0:0:" }
        let chart = dir.appendingPathComponent("t.osu").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: chart, atomically: true, encoding: .utf8)
        let state = await (try EditorSession(track: Self.track, map: chart)).state()
        #expect(state.chartInPlace && state.keepsGrid && state.retimeRefusal == nil)
        let notes = "#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n1000\n0100\n0010\n0001\n;\n"
        let sm = dir.appendingPathComponent("t.sm").path
        try ("#OFFSET:-0.5;\n#BPMS:0=176;\n#STOPS:4=0.1;\n" + notes).write(toFile: sm, atomically: true, encoding: .utf8)
        let stopped = await (try EditorSession(track: Self.track, map: sm)).state()
        #expect(stopped.chartInPlace && stopped.keepsGrid && stopped.retimeRefusal == nil)
        let ssc = dir.appendingPathComponent("t.ssc").path
        try ("#VERSION:0.83;\n#OFFSET:-0.5;\n#BPMS:0=176;\n#WARPS:8=1;\n" + notes).write(toFile: ssc, atomically: true, encoding: .utf8)
        let warped = await (try EditorSession(track: Self.track, map: ssc)).state()
        #expect(warped.chartInPlace && !warped.keepsGrid && warped.retimeRefusal?.contains("#WARPS") == true)
        let json = dir.appendingPathComponent("m.json").path
        try "{\"beats\": [0.5, 1.0, 1.5, 2.0]}\n".write(toFile: json, atomically: true, encoding: .utf8)
        let plain = await (try EditorSession(track: Self.track, map: json)).state()
        #expect(!plain.chartInPlace && plain.keepsGrid)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any]
        #expect(encoded?["chart_in_place"] as? Bool == true)
    }

    /// A chart of one tempo is judged as a chart, as `beatmap check` judges the file: its rests are not beats missing.
    /// The same times as a plain list of beats do get that warning, so the rule would fire on them.
    @Test func aChartOfOneTempoIsNotJudgedAsAListOfBeats() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 88 BPM from 0.25 s: a hit on each beat of four bars but beats 6 and 13, which rest.
        let rows = (0..<16).map { $0 == 6 || $0 == 13 ? "0000" : ["1000", "0100", "0010", "0001"][$0 % 4] }
        let measures = stride(from: 0, to: 16, by: 4).map { rows[$0..<($0 + 4)].joined(separator: "\n") }.joined(separator: "\n,\n")
        let sm = "#OFFSET:-0.25;\n#BPMS:0=88;\n#NOTES:\n dance-single:\n:\n Hard:\n 1:\n 0,0,0,0,0:\n\(measures)\n;\n"
        let chart = dir.appendingPathComponent("song.sm").path
        try sm.write(toFile: chart, atomically: true, encoding: .utf8)
        let state = await (try EditorSession(track: Self.track, map: chart)).state()
        #expect(state.beats.count == 14)
        #expect(!state.findings.contains { $0.rule == "beatmap.outlier" }, "\(state.findings)")
        let beat = 60.0 / 88
        let times: [Double] = (0..<16).filter { $0 != 6 && $0 != 13 }.map { 0.25 + Double($0) * beat }
        let list = dir.appendingPathComponent("beats.json").path
        let numbers = times.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        try "{\"beats\": [\(numbers)]}\n".write(toFile: list, atomically: true, encoding: .utf8)
        let plain = await (try EditorSession(track: Self.track, map: list)).state()
        #expect(plain.findings.filter { $0.rule == "beatmap.outlier" }.count == 2, "\(plain.findings)")
    }

    /// A grid the author sets is what the beats are judged on, and a JSON object map keeps it on save: its "bpm" and
    /// "offset" are written (replaced in place, or added first), read back by the map reader, and every other byte
    /// of the file stays. A text map cannot keep one, so setting it does not make the map unsaved.
    @Test func aGridSetInTheEditorIsJudgedOnAndSavedInAJSONMap() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Hits of a chart at 176 BPM from 0.5 s: beats and half-beats, so the map is not one steady pulse.
        let step = 60.0 / 176 / 2
        let hits = (0..<40).filter { $0 % 4 != 3 }.map { 0.5 + Double($0) * step }
        let numbers = hits.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        let original = "{\n  \"title\": \"world 1\",\n  \"beats\": [\(numbers)]\n}\n"
        let path = dir.appendingPathComponent("chart.json").path
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try await EditorSession(track: Self.track, map: path)
        #expect(await session.state().keepsGrid)
        #expect(await session.state().declaredGrid == nil)
        #expect(await session.setGrid(bpm: 0, offset: 0.5) == false)
        #expect(await session.setGrid(bpm: 176, offset: 0.5))
        let state = await session.state()
        #expect(state.declaredGrid?.timingPoints.map(\.bpm) == [176] && state.declaredGrid?.offset == 0.5)
        #expect(state.mapBPM == 176, "judged on the grid set: \(String(describing: state.mapBPM))")
        #expect(await Self.flags(session).dirty, "a grid the map keeps is an unsaved change")
        try await session.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.hasPrefix("{\n  \"bpm\": 176.000,\n  \"offset\": 0.500,\n  \"title\": \"world 1\","), "\(saved)")
        let reread = try #require(BeatMapReader.read(bytes: Array(saved.utf8), file: path, format: .json).map)
        #expect(reread.declaredBPM == 176 && reread.tempoMap?.offset == 0.5 && reread.times.count == hits.count)
        #expect(!(await Self.flags(session).dirty))
        // A second grid replaces the values where they are.
        #expect(await session.setGrid(bpm: 88, offset: 0.5))
        #expect(await session.state().mapBPM == 88)
        try await session.save()
        let again = try String(contentsOfFile: path, encoding: .utf8)
        #expect(again == saved.replacingOccurrences(of: "176.000", with: "88.000"))

        let text = dir.appendingPathComponent("beats.txt").path
        try hits.map { String(format: "%.4f", $0) }.joined(separator: "\n").write(toFile: text, atomically: true, encoding: .utf8)
        let plain = try await EditorSession(track: Self.track, map: text)
        #expect(await plain.setGrid(bpm: 176, offset: 0.5))
        #expect(!(await plain.state().keepsGrid))
        #expect(!(await Self.flags(plain).dirty), "a text map cannot keep a grid: nothing to save")
    }

    /// The grid goes into a compact JSON object too, and a bare array of beats is refused (it has nowhere to keep it).
    @Test func aTempoIsWrittenIntoAJSONObjectOnly() throws {
        let compact = try BeatMapSaver.json(
            "{\"beats\": [0.5, 1]}", settingGrid: try #require(TempoMap(timingPoints: [(0.5, 120)])), path: "m.json")
        #expect(compact == "{ \"bpm\": 120.000, \"offset\": 0.500,\"beats\": [0.5, 1]}")
        let map = try #require(BeatMapReader.read(bytes: Array(compact.utf8), file: nil, format: .json).map)
        #expect(map.declaredBPM == 120 && map.tempoMap?.offset == 0.5 && map.times == [0.5, 1])
        #expect(throws: InputError.self) {
            try BeatMapSaver.json("[0.5, 1]", settingGrid: try #require(TempoMap(timingPoints: [(0.5, 120)])), path: "m.json")
        }
    }

    /// Save As writes a new file, by name, into the session's folder only: a path, a hidden or unknown name and an
    /// existing file are refused with nothing written; the session edits the new file from then on.
    @Test func saveAsWritesANamedNewFileInItsFolderOnly() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("game").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let session = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAsFolder: folder))
        for bad in ["../out.json", "/tmp/out.json", ".hidden.json", "out.exe", "out", "sub/out.json", "a\u{0}b.json", ""] {
            await #expect(throws: InputError.self, "\(bad)") { try await session.saveAs(name: bad) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
        #expect(await session.setGrid(bpm: 88, offset: 0.25))
        try await session.saveAs(name: "draft 1.json")
        let path = (folder as NSString).appendingPathComponent("draft 1.json")
        let map = try #require(
            BeatMapReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path, format: .json).map)
        let beats = await session.beats
        #expect(map.times.count == beats.count && zip(map.times, beats).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(map.declaredBPM == 88 && map.tempoMap?.offset == 0.25)
        #expect(await session.state().map == "draft 1.json")
        #expect(!(await Self.flags(session).dirty))
        await #expect(throws: InputError.self, "an existing file") { try await session.saveAs(name: "draft 1.json") }
    }

    /// Save As `.sm` and `.osu` writes a chart on the author's grid that reads back as the same hits (within a row of
    /// 1/48 beat, and a millisecond), with that tempo; an added hit is then saved into the chart the session wrote, and
    /// a chart changed on disk since is not overwritten.
    @Test func saveAsWritesAChartOnTheAuthorsGrid() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let session = try await EditorSession(track: Self.track, map: nil, settings: EditorSession.Settings(saveAsFolder: folder))
        // Hits on the 1/4 lines of 88 BPM from 0.25 s, as an author snaps them.
        let beat = 60.0 / 88
        let hits = [0, 1, 2, 2.5, 3, 3.75, 4, 5, 6, 6.5, 7, 8].map { 0.25 + $0 * beat }
        try await session.setBeats(hits)
        #expect(await session.setGrid(bpm: 88, offset: 0.25))
        for name in ["song.sm", "song.osu"] {
            try await session.saveAs(name: name)
            let path = (folder as NSString).appendingPathComponent(name)
            let format = BeatMapFormat.forOutput(path: path)
            let map = try #require(
                BeatMapReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path, format: format).map)
            #expect(map.times.count == hits.count && zip(map.times.sorted(), hits).allSatisfy { abs($0 - $1) <= 0.0011 }, "\(name)")
            #expect(abs((map.tempoMap?.bpm(atTime: 1) ?? 0) - 88) < 0.01, "\(name): \(String(describing: map.tempoMap))")
            let state = await session.state()
            let dirty = await Self.flags(session).dirty
            #expect(state.map == name && !dirty)
        }
        // A chart with no hit is refused before anything is written.
        #expect(throws: InputError.self) {
            try ChartExport.text([], tempo: TempoMap(offset: 0, bpm: 88), format: .stepmania, title: "t", audio: "a.flac", path: "x.sm")
        }
        // The session now edits song.osu: a new hit on beat 9 is saved into it.
        try await session.setBeats(hits + [0.25 + 9 * beat])
        try await session.save()
        let osu = (folder as NSString).appendingPathComponent("song.osu")
        let saved = try #require(
            BeatMapReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: osu))), file: osu, format: .osu).map)
        #expect(saved.times.count == hits.count + 1 && abs((saved.times.max() ?? 0) - (0.25 + 9 * beat)) <= 0.0011)
        // Changed on disk by someone else: not overwritten.
        let changed = try String(contentsOfFile: osu, encoding: .utf8) + "\r\n"
        try changed.write(toFile: osu, atomically: true, encoding: .utf8)
        try await session.setBeats(hits)
        await #expect(throws: InputError.self) { try await session.save() }
        #expect(try String(contentsOfFile: osu, encoding: .utf8) == changed)
    }

    /// At deep zoom the waveform comes from the samples: 10 ms of a 100 Hz sine over 1,000 columns (10 µs each, far
    /// narrower than an overview bin of 64 samples, 2.9 ms) follows the sine column by column, where the overview's
    /// bins would draw blocks a third of a cycle wide.
    @Test func deepZoomDrawsTheSamples() async throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rate = 22_050.0
        let sine = (0..<Int(2 * rate)).map { Float(0.8 * sin(2 * Double.pi * 100 * Double($0) / rate)) }
        let path = dir.appendingPathComponent("sine.wav").path
        try AudioFile.write(sine, to: path, sampleRate: Int(rate), channels: 1)
        let session = try await EditorSession(track: path, map: nil)
        let envelope = await session.envelope(from: 1.0, to: 1.01, width: 1000)
        #expect(envelope.min.count == 1000)
        for x in 0..<1000 {
            let t = 1.0 + 0.01 * (Double(x) + 0.5) / 1000
            let truth = 0.8 * sin(2 * Double.pi * 100 * t)
            #expect(envelope.min[x] - 0.002 <= truth && truth <= envelope.max[x] + 0.002, "column \(x): \(truth)")
            #expect(envelope.max[x] - envelope.min[x] < 0.01, "column \(x) spans \(envelope.max[x] - envelope.min[x])")
        }
        // Zoomed out, the overview still serves: 2 s over 100 columns spans whole cycles.
        let wide = await session.envelope(from: 0, to: 2, width: 100)
        #expect(wide.max.allSatisfy { $0 > 0.75 } && wide.min.allSatisfy { $0 < -0.75 })
    }
}
