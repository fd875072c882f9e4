import Foundation
import Testing

@testable import AudioKitLinux

/// The reader leaves out its check of each sample (NaN, infinity, past +120 dBFS) only for integer PCM, whose samples
/// libsndfile gives within full scale. Checked here on WAV files written byte by byte with each width's extremes.
@Suite("Integer PCM reads within full scale, so its samples need no check")
struct BoundedSamplesTests {
    /// A PCM WAV file of `bytes` per sample, one channel at 44.1 kHz, holding `samples` (little-endian integers).
    static func wav(bits: Int, samples: [Int64]) -> Data {
        let width = bits / 8
        var data = Data()
        func put(_ value: UInt32, _ count: Int) { for i in 0..<count { data.append(UInt8((value >> (8 * i)) & 0xFF)) } }
        let body = samples.count * width
        data.append(contentsOf: "RIFF".utf8)
        put(UInt32(36 + body), 4)
        data.append(contentsOf: "WAVEfmt ".utf8)
        put(16, 4)
        put(1, 2)  // integer PCM
        put(1, 2)
        put(44_100, 4)
        put(UInt32(44_100 * width), 4)
        put(UInt32(width), 2)
        put(UInt32(bits), 2)
        data.append(contentsOf: "data".utf8)
        put(UInt32(body), 4)
        for s in samples {
            // 8-bit WAV is unsigned, offset by 128; wider ones are two's complement.
            let raw = bits == 8 ? UInt64(s + 128) : UInt64(bitPattern: s)
            for i in 0..<width { data.append(UInt8((raw >> (8 * UInt64(i))) & 0xFF)) }
        }
        return data
    }

    @Test("8-, 16-, 24- and 32-bit PCM at both extremes reads within −1…1, and is marked bounded")
    func integerExtremes() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for bits in [8, 16, 24, 32] {
            let top = (Int64(1) << (bits - 1)) - 1
            let path = dir.appendingPathComponent("pcm\(bits).wav").path
            try Self.wav(bits: bits, samples: [-top - 1, top, 0, -top, 1]).write(to: URL(fileURLWithPath: path))
            let reader = try SoundFileReader(path: path)
            #expect(reader.samplesAreBounded, "\(bits)-bit")
            var samples = [Float](repeating: .nan, count: 5)
            let n = try samples.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: 5) }
            #expect(n == 5)
            #expect(samples.allSatisfy { $0.isFinite && abs($0) <= 1 }, "\(bits)-bit: \(samples)")
            #expect(samples[0] == -1, "the most negative integer is full scale")
        }
    }

    @Test("a float WAV is not marked bounded: its samples are checked")
    func floatIsChecked() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("float.wav").path
        try AudioFile.write([0.5, -0.5], to: path, sampleRate: 44_100, channels: 1, format: .wavFloat)
        #expect(try !SoundFileReader(path: path).samplesAreBounded)
    }
}
