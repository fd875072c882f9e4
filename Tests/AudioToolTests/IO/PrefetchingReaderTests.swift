import AudioKitLinux
import Foundation
import Testing

@Suite("Prefetching reader")
struct PrefetchingReaderTests {
    @Test("gives the same samples as the plain reader, in order, and stops cleanly when its caller throws")
    func sameSamples() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ramp.wav").path
        // 100,003 stereo frames: not a multiple of the block size.
        let frames = 100_003
        let samples = (0..<(2 * frames)).map { i -> Float in
            let level = Float(i / 2 % 1000) / 1000
            return i % 2 == 0 ? level : -level
        }
        try AudioFile.write(samples, to: path, sampleRate: 44_100, channels: 2)  // WAV is written as 32-bit float
        var plain: [Float] = []
        try SoundFileReader(path: path).forEachBlock(blockFrames: 4096) { block, _ in plain += block }
        var ahead: [Float] = []
        try PrefetchingReader(path: path, blockFrames: 1000, depth: 2).forEachBlock { block, _ in ahead += block }
        #expect(ahead == plain && plain == samples)
        var mono: [Float] = []
        try PrefetchingReader(path: path).forEachMonoBlock { mono += $0 }
        #expect(mono.count == frames && mono.allSatisfy { $0 == 0 })
        // A caller that stops after two blocks: the decoder thread must not block the process (the test would hang).
        for _ in 0..<20 {
            var seen = 0
            #expect(throws: InputError.self) {
                try PrefetchingReader(path: path, blockFrames: 500, depth: 1).forEachBlock { _, _ throws(InputError) in
                    seen += 1
                    if seen == 2 { throw InputError(.corrupt, path: path, reason: "stop", fix: nil) }
                }
            }
            #expect(seen == 2)
        }
    }

    @Test("a file it cannot open throws before any thread starts")
    func missing() {
        #expect(throws: InputError.self) { _ = try PrefetchingReader(path: "/nonexistent/x.wav") }
    }
}
