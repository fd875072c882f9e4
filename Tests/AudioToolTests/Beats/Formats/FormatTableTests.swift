import Foundation
import Testing

@testable import AudioKitLinux

/// The table of formats (`BeatMapCodecs`): every format has one row, every extension names one format, and every row
/// writes a map its own reader reads back, each hit within the rounding the row declares.
@Suite("Table of beat map formats")
struct FormatTableTests {
    @Test func everyFormatHasExactlyOneRow() {
        for format in BeatMapFormat.allCases {
            #expect(BeatMapCodecs.all.filter { $0.format == format }.count == 1, "\(format)")
        }
        #expect(BeatMapCodecs.all.count == BeatMapFormat.allCases.count)
    }

    @Test func everyExtensionNamesOneFormat() {
        let all = BeatMapCodecs.all.flatMap { c in c.extensions.map { ($0, c.format) } }
        #expect(Set(all.map(\.0)).count == all.count, "\(all)")
        for (ext, format) in all where format != .text {
            #expect(BeatMapFormat.detect(path: "a.\(ext.uppercased())", bytes: []) == format, "\(ext)")
        }
        // A .txt is text, unless its first line is tab-separated labels.
        #expect(BeatMapFormat.detect(path: "a.txt", bytes: Array("0.5\n1.0\n".utf8)) == .text)
        #expect(BeatMapFormat.detect(path: "a.txt", bytes: Array("# c\n0.5\t0.5\tone\n".utf8)) == .audacity)
        #expect(BeatMapFormat.detect(path: "a.wav", bytes: []) == nil)
    }

    /// Hits a quarter beat apart at 137 BPM from 0.211 s, off every millisecond: each format's own reader gives them
    /// back within the row's rounding (and a microsecond for the lists' six decimals).
    @Test func everyRowReadsBackWhatItWrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let period = 60 / 137.0
        var map = BeatMap(times: (0..<24).map { 0.211 + Double($0) * period / 4 })
        map.tempoMap = TempoMap(offset: 0.211, bpm: 137)
        for codec in BeatMapCodecs.all {
            let path = folder + "/\(codec.format.rawValue)/map.\(codec.extensions[0])"
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let set = try codec.files(map, path: path, options: BeatMapWriteOptions(), limits: .standard)
            for file in set.files { try file.text.write(toFile: file.path!, atomically: true, encoding: .utf8) }
            let back = try #require(try BeatMapReader.read(path: path, format: codec.format).map, "\(codec.format)")
            let within = codec.writeRounding(map) + 1e-6
            #expect(back.times.count == map.times.count, "\(codec.format)")
            #expect(zip(back.times, map.times).allSatisfy { abs($0 - $1) <= within }, "\(codec.format): \(back.times.prefix(3))")
            #expect(set.readBack.isExact(within: within), "\(codec.format)")
        }
    }
}
