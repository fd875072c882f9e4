import AudioKitLinux
import Foundation
import Testing

@Suite("Audio I/O")
struct AudioIOTests {
    /// A 440 Hz sine at 48 kHz, computed here.
    static func sine(frequency: Double = 440, rate: Int = 48_000, seconds: Double = 1, amplitude: Float = 0.5) -> [Float] {
        (0..<Int(Double(rate) * seconds)).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    }

    @Test("write and read back", arguments: ["wav", "flac", "aiff", "caf", "w64", "au"])
    func roundTrip(_ ext: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sine.\(ext)").path
        let samples = Self.sine()
        try AudioFile.write(samples, to: path, sampleRate: 48_000, channels: 1)
        let (info, back) = try AudioFile.read(path)
        #expect(info.sampleRate == 48_000)
        #expect(info.channels == 1)
        #expect(info.frames == 48_000)
        #expect(abs(info.duration - 1) < 1e-9)
        #expect(back.count == samples.count)
        // Lossless formats: within 24-bit quantization.
        let maxError = zip(samples, back).map { abs($0 - $1) }.max() ?? 1
        #expect(maxError < 1e-6)
        // No temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sine.\(ext)"])
    }

    @Test func streamingBlocksEqualTheWholeFile() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("stereo.wav").path
        let left = Self.sine(frequency: 300, seconds: 0.7)
        let right = Self.sine(frequency: 700, seconds: 0.7)
        var interleaved: [Float] = []
        for i in 0..<left.count { interleaved += [left[i], right[i]] }
        try AudioFile.write(interleaved, to: path, sampleRate: 48_000, channels: 2)
        let reader = try SoundFileReader(path: path)
        var streamed: [Float] = []
        var blocks = 0
        try reader.forEachBlock(blockFrames: 1000) { block, frames in
            #expect(frames <= 1000)
            streamed += block
            blocks += 1
        }
        #expect(blocks == 34)  // 33600 frames / 1000, rounded up
        #expect(streamed == (try AudioFile.read(path).samples))
        #expect(streamed == interleaved)
    }

    @Test func monoMixdownAveragesChannels() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.wav").path
        try AudioFile.write([0.2, 0.4, -0.5, 0.5], to: path, sampleRate: 8000, channels: 2)
        let (_, mono) = try AudioFile.readMono(path)
        #expect(mono.count == 2)
        #expect(abs(mono[0] - 0.3) < 1e-7)
        #expect(abs(mono[1]) < 1e-7)
    }

    @Test("a header-only .m4a is one line naming the file: FFmpeg's reason, or how to install ffmpeg")
    func m4aHeaderOnly() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An MPEG-4 "ftyp" header: what an .m4a file starts with.
        let path = dir.appendingPathComponent("track.m4a").path
        let header: [UInt8] = [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4D, 0x34, 0x41, 0x20] + [UInt8](repeating: 0, count: 64)
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect {
            try AudioFile.info(path)
        } throws: { error in
            guard let e = error as? InputError else { return false }
            let named = e.description.hasPrefix(path + ": ") && !e.description.contains("\n")
            return named && (e.kind == .corrupt || (e.kind == .unsupportedFormat && e.description.contains("apt install ffmpeg")))
        }
    }

    @Test("corrupt input is an error, never a crash", arguments: ["random", "empty", "truncated-header", "directory", "missing"])
    func corrupt(_ kind: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.wav").path
        switch kind {
        case "random":
            var g = SystemRandomNumberGenerator()
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &g) }).write(to: URL(fileURLWithPath: path))
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        case "truncated-header": try Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8).write(to: URL(fileURLWithPath: path))
        case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default: break
        }
        #expect(throws: InputError.self) { try AudioFile.read(path) }
    }

    @Test func truncatedDataIsReadUpToWhatExists() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.wav").path
        try AudioFile.write(Self.sine(seconds: 0.5), to: path, sampleRate: 48_000, channels: 1)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data = data.prefix(data.count / 2)
        try data.write(to: URL(fileURLWithPath: path))
        let (info, samples) = try AudioFile.read(path)
        #expect(samples.count < 24_000)
        #expect(info.frames == Int64(samples.count))
    }

    @Test func absurdChannelCountsAndRatesAreRefused() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("many.wav").path
        try AudioFile.write([Float](repeating: 0, count: 40 * 10), to: path, sampleRate: 48_000, channels: 40)
        #expect { try AudioFile.info(path) } throws: { ($0 as? InputError)?.kind == .limitExceeded }
        let slow = dir.appendingPathComponent("slow.wav").path
        try AudioFile.write([0, 0, 0], to: slow, sampleRate: 100, channels: 1)
        #expect { try AudioFile.info(slow) } throws: { ($0 as? InputError)?.kind == .limitExceeded }
        #expect(try AudioFile.info(slow, limits: AudioLimits(sampleRates: 1...768_000)).sampleRate == 100)
    }

    @Test("a sample past full scale is clipped in an integer format, not wrapped or refused", arguments: ["flac", "aiff"])
    func overFullScaleIsClipped(_ ext: String) throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("loud.\(ext)").path
        // A sine at 1.5× full scale (two decks summed at a loud moment): its peaks come back at full scale, with
        // their signs, and the samples within full scale as they were.
        let samples = Self.sine(amplitude: 1.5)
        try AudioFile.write(samples, to: path, sampleRate: 48_000, channels: 1)
        let back = try AudioFile.read(path).samples
        for (s, b) in zip(samples, back) {
            let expected = max(-1, min(1, s))
            #expect(abs(b - expected) < 1e-5, "\(s) came back as \(b)")
            if abs(b - expected) >= 1e-5 { break }
        }
    }

    @Test func failedWritesLeaveTheDestinationUntouched() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("keep.wav").path
        try Data("original".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let writer = try SoundFileWriter(path: path, sampleRate: 48_000, channels: 1)
            try writer.write([0.1, 0.2])
            // dropped without commit
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "original")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.wav"])
    }

    @Test func refusesToOverwriteAnInput() {
        #expect(throws: InputError.self) { try AtomicFile.checkNotAnInput("./x/../in.wav", inputs: ["in.wav"]) }
        #expect(throws: Never.self) { try AtomicFile.checkNotAnInput("out.wav", inputs: ["in.wav"]) }
    }

    @Test func mp3IsReadAndFlagged() throws {
        let dir = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp3 = dir.appendingPathComponent("a.mp3").path
        // libsndfile encodes MP3 itself (through LAME), so the fixture needs no other tool.
        try AudioFile.write(Self.sine(seconds: 1), to: mp3, sampleRate: 44_100, channels: 1)
        let info = try AudioFile.info(mp3)
        #expect(info.isMPEG)
        #expect(info.sampleRate == 44_100)
    }
}
