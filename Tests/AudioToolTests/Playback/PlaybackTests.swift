import AudioKitLinux
import Foundation
import Testing

#if Playback

    /// ALSA playback without a sound card: a `type file` PCM over `null`, configured
    /// in-process (no user or system ALSA file is read), records every frame that reached ALSA.
    @Suite("ALSA playback")
    struct PlaybackTests {
        static func filePCM(_ path: String) -> String {
            "pcm.capture_out { type file slave { pcm { type null } } file \"\(path)\" format \"raw\" }"
        }

        static func floats(_ path: String) throws -> [Float] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }

        static func pattern() throws -> AHAPPattern { try AHAPTemplates.named("capacitor-charge")!.pattern(["duration": 1]) }

        @Test func theBytesThatReachALSAAreTheRenderedOutput() throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let raw = dir.appendingPathComponent("played.raw").path
            let options = RenderOptions(sampleRate: 48_000, channels: .stereoMix, blockFrames: 1000)
            let device = try PCMDevice(name: "capture_out", configuration: Self.filePCM(raw), sampleRate: 48_000, channels: 2)
            #expect(device.parameters.float)
            let summary = try Player.play(PatternRenderer(pattern: try Self.pattern(), options: options), device: device)
            #expect(!summary.interrupted)
            #expect(summary.underruns == 0)
            let expected = PatternRenderer(pattern: try Self.pattern(), options: options).renderAll()
            #expect(summary.framesPlayed * 2 == expected.count)
            #expect(try Self.floats(raw) == expected)
        }

        @Test func aMissingDeviceIsOneClearSentence() {
            #expect {
                try PCMDevice(name: "akl_no_such_device", sampleRate: 48_000, channels: 2)
            } throws: { error in
                guard let e = error as? ALSAError else { return false }
                // The library names no command-line flag; the tools add how to choose another device.
                return e.isNoDevice && e.description.hasPrefix("no sound device") && !e.description.contains("--")
                    && !e.description.contains("\n")
            }
        }

        @Test func previewMixesClicksOnTheBeats() throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let track = dir.appendingPathComponent("silence.wav").path
            try AudioFile.write([Float](repeating: 0, count: 44_100 * 2), to: track, sampleRate: 44_100, channels: 1)
            let source = try BeatPreviewSource(track: track, beats: [0.5, 1.25], clickGain: -6)
            var all: [Float] = []
            var block: [Float] = []
            while source.nextBlock(into: &block) > 0 { all += block }
            #expect(all.count == 44_100 * 2 * 2)
            let left = stride(from: 0, to: all.count, by: 2).map { all[$0] }
            let onsets = left.indices.filter { abs(left[$0]) > 0.05 && ($0 == 0 || abs(left[$0 - 1]) <= 0.05) }
            // The first loud sample of each click lies within its first cycle (1.5 kHz: 29 samples).
            #expect(onsets.count >= 2)
            #expect(abs(onsets[0] - 22_050) < 30)
            #expect(onsets.contains { abs($0 - 55_125) < 30 })
            // −6 dB: the click's peak is 0.501.
            #expect(abs(Double(left.map(abs).max()!) - pow(10, -6.0 / 20)) < 0.02)
        }
    }
#endif
