import AudioKitLinux
import Foundation
import Testing

/// Saving edited beats back into the game's own file: only the beats change.
@Suite("Saving beat maps")
struct BeatMapSaveTests {
    static func roundTrip(_ text: String, name: String, times: [Double]) throws -> (before: String, after: String) {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path) else {
            Issue.record("\(name) did not read")
            return (text, "")
        }
        _ = try file.save(times)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try BeatMapReader.read(path: path).map?.times == times, "\(name) does not read back: \(after)")
        return (text, after)
    }

    @Test func aSwiftSourceFileChangesOnlyInsideTheLiteral() throws {
        let source = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("samples/beatmaps/GameConstants.swift"), encoding: .utf8)
        var times = try #require(BeatMapReader.read(bytes: Array(source.utf8), file: nil, format: .swift).map?.times)
        times[6] = 4.339  // the late beat, moved
        times.insert(12.523, at: times.count)
        let (before, after) = try Self.roundTrip(source, name: "GameConstants.swift", times: times)
        let open = before.range(of: "= [")!.upperBound
        let close = before.range(of: "]", options: .backwards)!.lowerBound
        #expect(after.hasPrefix(String(before[..<open])))
        #expect(after.hasSuffix(String(before[close...])))
        // The layout of the literal is kept: four per line, the same indentation and decimals.
        #expect(after.contains("\n        2.977, 3.659, 4.339, 5.023,\n"))
        #expect(after.contains("\n        11.159, 11.841, 12.523,\n    ]"))
    }

    @Test func crlfAndOtherArraysAreKept() throws {
        let source = "let title = \"x\"\r\nlet beatMap: [Double] = [\r\n  0.5,\r\n  1.0,\r\n]\r\nlet other = [1, 2]\r\n"
        let (_, after) = try Self.roundTrip(source, name: "g.swift", times: [0.5, 0.75, 1.0])
        #expect(after == "let title = \"x\"\r\nlet beatMap: [Double] = [\r\n  0.5,\r\n  0.75,\r\n  1.0,\r\n]\r\nlet other = [1, 2]\r\n")
    }

    @Test func jsonKeepsItsOtherKeys() throws {
        let json = "{\n  \"bpm\": 120,\n  \"title\": \"World 1\",\n  \"beats\": [\n    0.500,\n    1.000\n  ]\n}\n"
        let (_, after) = try Self.roundTrip(json, name: "m.json", times: [0.5, 1.0, 1.5])
        #expect(after == "{\n  \"bpm\": 120,\n  \"title\": \"World 1\",\n  \"beats\": [\n    0.500,\n    1.000,\n    1.500\n  ]\n}\n")
        let (_, flat) = try Self.roundTrip("[0.5, 1.0]", name: "flat.json", times: [0.25, 0.5])
        #expect(flat.hasPrefix("[0.25, 0.5") && flat.hasSuffix("]"))
    }

    @Test func textAndLabelsKeepEverythingThatIsNotAMovedBeat() throws {
        let (_, text) = try Self.roundTrip("# world 1\n0.5 kick\n1.0 snare\n# end\n", name: "m.txt", times: [0.5, 1.25])
        // A moved beat is written with the decimals of the file's beats, more when it needs them.
        #expect(text == "# world 1\n0.5 kick\n1.25\n# end\n")
        // Each label keeps its spectral line; a removed label takes its own with it.
        let labels = "0.500000\t0.500000\tintro\n\\\t200.0\t800.0\n1.000000\t1.000000\tdrop\n\\\t100.0\t400.0\n"
        let (_, audacity) = try Self.roundTrip(labels, name: "l.txt", times: [0.5, 2.0])
        #expect(audacity == "0.500000\t0.500000\tintro\n\\\t200.0\t800.0\n2.000000\t2.000000\tbeat\n")
        let (_, kept) = try Self.roundTrip(labels, name: "k.txt", times: [0.5, 0.75, 1.0])
        #expect(
            kept == "0.500000\t0.500000\tintro\n\\\t200.0\t800.0\n0.750000\t0.750000\tbeat\n1.000000\t1.000000\tdrop\n\\\t100.0\t400.0\n")
        let (_, csv) = try Self.roundTrip("label,time\nkick,0.5\nsnare,1.0\n", name: "m.csv", times: [0.5, 0.75])
        #expect(csv == "label,time\nkick,0.5\n,0.75\n")
    }

    @Test func aFileChangedOnDiskIsNeverOverwritten() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("m.txt").path
        try Data("0.5\n1.0\n".utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path) else { throw InputError(.corrupt, path: path, reason: "") }
        try Data("0.5\n1.0\n1.5\n".utf8).write(to: URL(fileURLWithPath: path))  // another program saved it meanwhile
        #expect(throws: InputError.self) { _ = try file.save([0.5, 0.75]) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "0.5\n1.0\n1.5\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["m.txt"])
    }

    @Test func savingTwiceFromTheSavedFileWorks() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("m.txt").path
        try Data("0.5\n1.0\n".utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let file) = try BeatMapFile.open(path: path) else { throw InputError(.corrupt, path: path, reason: "") }
        let saved = try file.save([0.5, 0.75, 1.0])
        _ = try saved.save([0.5, 1.0])
        #expect(try BeatMapReader.read(path: path).map?.times == [0.5, 1.0])
    }

    @Test func layoutsWithTheClosingBracketOnAnElementLineAndCommentsInside() throws {
        let (_, inline) = try Self.roundTrip("let beatMap = [0.5, 1.0,\n   1.5]\n", name: "a.swift", times: [0.5, 1.0, 1.5, 2.0])
        #expect(BeatMapReader.read(bytes: Array(inline.utf8), file: nil, format: .swift).map?.times == [0.5, 1.0, 1.5, 2.0])
        #expect(inline.hasPrefix("let beatMap = [") && inline.hasSuffix("2.0]\n"))
        let commented = "let beatMap = [\n    // intro\n    0.5, 1.0,\n]\n"
        let (_, kept) = try Self.roundTrip(commented, name: "b.swift", times: [0.5, 1.0, 1.5])
        #expect(kept == "let beatMap = [\n    // intro\n    0.5, 1.0,\n    1.5,\n]\n")
        let json = "{\"beats\": [0.5, // kick ] here\n 1.0\n]}"
        let (_, jsonAfter) = try Self.roundTrip(json, name: "c.json", times: [0.5, 1.0, 1.5])
        #expect(jsonAfter.hasPrefix("{\"beats\": [") && jsonAfter.hasSuffix("]}"))
    }

    @Test func objectsAndNonUTF8FilesAreRefusedRatherThanDamaged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let objects = dir.appendingPathComponent("o.json").path
        try Data(#"[{"time": 0.5, "lane": 2}, {"time": 1.0, "lane": 1}]"#.utf8).write(to: URL(fileURLWithPath: objects))
        guard case .success(let file) = try BeatMapFile.open(path: objects) else { throw InputError(.corrupt, path: objects, reason: "") }
        #expect(throws: InputError.self) { _ = try file.save([0.5, 1.5]) }
        let latin1 = dir.appendingPathComponent("l.txt").path
        try Data([0x23, 0x20, 0xE9, 0x0A] + Array("0.5\n1.0\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        guard case .success(let text) = try BeatMapFile.open(path: latin1) else { throw InputError(.corrupt, path: latin1, reason: "") }
        #expect(throws: InputError.self) { _ = try text.save([0.5, 1.5]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: latin1)).first(where: { $0 == 0xE9 }) != nil)
    }

    @Test func aMovedBeatKeepsItsLabelAndItsLine() throws {
        let (_, text) = try Self.roundTrip("0.5 kick\n1.0 snare # loud\n", name: "m.txt", times: [0.5, 1.013])
        #expect(text == "0.5 kick\n1.013 snare # loud\n")
        let labels = "0.500000\t0.500000\tintro\n1.000000\t1.250000\tdrop\n\\\t100.0\t400.0\n"
        let (_, moved) = try Self.roundTrip(labels, name: "l.txt", times: [0.5, 1.01])
        #expect(moved == "0.500000\t0.500000\tintro\n1.010000\t1.260000\tdrop\n\\\t100.0\t400.0\n")
    }
}
