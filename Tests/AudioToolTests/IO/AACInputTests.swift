import AudioKitLinux
import Foundation
import Testing

/// AAC and ALAC through FFmpeg: a click track encoded by FFmpeg's AAC encoder with an edit list, without one, and
/// with an `iTunSMPB` tag, decodes with its clicks where the WAV has them (within 1 ms) once the priming is removed
/// as Apple's players remove it, or corrected as assumed.
@Suite(
    "AAC and ALAC input", .enabled(if: AACFixtures.ffmpeg != nil, "ffmpeg is not installed (apt install ffmpeg): AAC input is not tested"))
struct AACInputTests {
    @Test("an edit list: priming removed by it, padding cut, clicks within 1 ms of the WAV's")
    func editList() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let info = try AudioFile.info(f.editList)
        #expect(info.codec == "aac" && info.gapless?.source == .editList && info.gapless?.priming == 1024, "\(info)")
        #expect(info.frames == Int64(AACFixtures.frames), "the encoder's frames exactly: \(info.frames)")
        #expect(info.assumedDecoderDelay == nil)
        let decoded = try AudioFile.readMono(f.editList)
        #expect(decoded.samples.count == AACFixtures.frames, "padding cut: \(decoded.samples.count)")
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0) <= 44 }, "\(shifts)")
    }

    @Test("an iTunSMPB tag: priming and padding from it, clicks within 1 ms")
    func iTunSMPB() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let info = try AudioFile.info(f.tagged)
        #expect(
            info.gapless?.source == .iTunSMPB && info.gapless?.priming == 1024 && info.gapless?.frames == Int64(AACFixtures.frames),
            "\(info)")
        let decoded = try AudioFile.readMono(f.tagged)
        #expect(decoded.samples.count == AACFixtures.frames)
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0) <= 44 }, "\(shifts)")
    }

    @Test("an iTunSMPB tag that ffmpeg does not apply (before the track) is applied by us: clicks within 1 ms")
    func tagFfmpegIgnores() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let info = try AudioFile.info(f.taggedFirst)
        #expect(info.gapless?.source == .iTunSMPB && info.frames == Int64(AACFixtures.frames), "\(info)")
        let decoded = try AudioFile.readMono(f.taggedFirst)
        #expect(decoded.samples.count == AACFixtures.frames)
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0) <= 44 }, "\(shifts)")
    }

    @Test("ADTS .aac: the length said is the length read, the assumed priming (2112) dropped")
    func adts() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let aac = f.folder.appendingPathComponent("clicks.aac").path
        #expect(try AACFixtures.encode(f.wav, aac, ["-c:a", "aac", "-b:a", "192k"]))
        let info = try AudioFile.info(aac)
        #expect(info.assumedDecoderDelay == 2112 && info.gapless == nil, "\(info)")
        let decoded = try AudioFile.readMono(aac)
        #expect(Int64(decoded.samples.count) == info.frames, "\(info.frames) vs \(decoded.samples.count)")
        // FFmpeg's encoder primes 1024, not the 2112 assumed without a tag: the clicks come 1088 samples early.
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0 + 1088) <= 44 }, "\(shifts)")
    }

    @Test("a reader stopped mid-file, or sent back to the start, neither hangs nor leaves ffmpeg running")
    func stopMidFile() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        // 30 s of stereo: far more than a pipe holds, so ffmpeg is blocked writing when we stop reading.
        let long = f.folder.appendingPathComponent("long.m4a").path
        let lavfi = URL(fileURLWithPath: try #require(AACFixtures.ffmpeg))
        #expect(
            try run(lavfi, ["-v", "error", "-y", "-f", "lavfi", "-i", "anoisesrc=d=30:r=44100", "-ac", "2", "-c:a", "aac", long]).status
                == 0)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Thread.detachNewThread {
            do {
                let reader = try SoundFileReader(path: long)
                var block = [Float](repeating: 0, count: 4096 * 2)
                let first = try block.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: 4096) }
                let firstBlock = Array(block[0..<(first * 2)])
                // Back to the start: the same samples again.
                let back = reader.seek(toFrame: 0)
                let again = try block.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: 4096) }
                outcome.set(back && first == 4096 && again == 4096 && Array(block[0..<(again * 2)]) == firstBlock)
            } catch {
                outcome.set(false)
            }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "the reader hung")
        #expect(outcome.get() == true)
        // The dropped reader left no ffmpeg behind (a second later, no ffmpeg of this file is running).
        Thread.sleep(forTimeInterval: 0.5)
        let ps = try run(URL(fileURLWithPath: "/bin/ps"), ["-eo", "args"])
        #expect(!ps.stdout.contains(long), "\(ps.stdout)")
    }

    @Test("no gapless information: the priming is assumed (1024 for FFmpeg's encoder) and dropped, with a warning in check")
    func noGapless() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let info = try AudioFile.info(f.bare)
        #expect(info.gapless?.source == MP4Gapless.Source.none && info.assumedDecoderDelay == 1024, "\(info)")
        let decoded = try AudioFile.readMono(f.bare)
        #expect(
            Int64(decoded.samples.count) == info.frames, "the length said is the length read: \(info.frames) vs \(decoded.samples.count)")
        // The reader drops the assumed priming, which is FFmpeg's real one here: the clicks are in place.
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0) <= 44 }, "\(shifts)")
        // beatmap check: a warning, and the offset within 1 ms of the WAV's, without the edit list or with it.
        let beatmap = TestPaths.binary("beatmap")
        var offsets: [Double] = []
        for (audio, warned) in [(f.wav, false), (f.bare, true), (f.editList, false), (f.tagged, false)] {
            let r = try run(beatmap, ["check", f.map, "--audio", audio, "--format", "json"])
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            #expect(r.stdout.contains("beatmap.aac_decoder_delay") == warned, "\(audio): \(r.stdout.prefix(400))")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            offsets.append(try #require(root["offset_ms"] as? Double, "\(r.stdout.prefix(400))"))
        }
        #expect(offsets.dropFirst().allSatisfy { abs($0 - offsets[0]) <= 1.0 }, "offsets (ms), WAV first: \(offsets)")
        // --decoder-delay-ms overrides the assumption: saying the file had no priming moves the offset by the 1024
        // samples (23.2 ms) the reader dropped, and the warning says so.
        let r = try run(beatmap, ["check", f.map, "--audio", f.bare, "--format", "json", "--decoder-delay-ms", "0"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let overridden = try #require(root["offset_ms"] as? Double)
        #expect(abs(abs(overridden - offsets[1]) - 23.2) <= 1.0, "default \(offsets[1]) ms, with 0: \(overridden) ms")
        #expect(r.stdout.contains("using the given decoder delay of 0.0 ms instead"), "\(r.stdout.prefix(600))")
    }

    @Test("ALAC: no priming, every frame")
    func alac() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let info = try AudioFile.info(f.alac)
        #expect(info.codec == "alac" && info.assumedDecoderDelay == nil && info.frames == Int64(AACFixtures.frames), "\(info)")
        let decoded = try AudioFile.readMono(f.alac)
        #expect(decoded.samples.count == AACFixtures.frames)
        let shifts = AACFixtures.clickShifts(decoded.samples)
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { $0 == 0 }, "\(shifts)")
    }

    @Test("audio-info names codec, priming, padding and their source; a damaged file is one line naming it")
    func audioInfoAndErrors() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let beatmap = TestPaths.binary("beatmap")
        let r = try run(beatmap, ["audio-info", f.editList, f.tagged, f.bare])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("AAC") && lines[0].contains("priming 1024") && lines[0].contains("(from the edit list)"), "\(lines)")
        #expect(lines[1].contains("(from the iTunSMPB)"), "\(lines)")
        #expect(lines[2].contains("1024 frames of priming assumed"), "\(lines)")
        // Half the file: its index (at the end) is gone.
        let data = try Data(contentsOf: URL(fileURLWithPath: f.editList))
        let broken = f.folder.appendingPathComponent("broken.m4a").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: broken))
        let b = try run(beatmap, ["bpm", broken])
        #expect(b.status == 2 && b.stderr.contains("broken.m4a") && b.stderr.split(separator: "\n").count == 1, "\(b.status) \(b.stderr)")
        // No ffmpeg on PATH: the message says how to install it.
        let missing = try run(beatmap, ["audio-info", f.editList], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 2 && missing.stderr.contains("apt install ffmpeg"), "\(missing.stderr)")
    }

    @Test("beatmap ci on a manifest of .m4a tracks agrees with the same manifest on their WAV copies within 1 ms of offset")
    func ciAgreement() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let beatmap = TestPaths.binary("beatmap")
        let samples = TestPaths.packageRoot.appendingPathComponent("samples")
        let maps = f.folder.appendingPathComponent("beatmaps")
        try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: samples.appendingPathComponent("beatmaps/world1-a.json"), to: maps.appendingPathComponent("world1-a.json"))
        let source = samples.appendingPathComponent("audio/world1-track-a-88bpm.flac").path
        let wav = f.folder.appendingPathComponent("a.wav").path
        let m4a = f.folder.appendingPathComponent("a.m4a").path
        #expect(try AACFixtures.encode(source, wav, []))
        #expect(try AACFixtures.encode(wav, m4a, ["-c:a", "aac", "-b:a", "192k"]))
        var offsets: [Double] = []
        for audio in ["a.wav", "a.m4a"] {
            let manifest = f.folder.appendingPathComponent("game-\(audio).json").path
            try "{\"tracks\": [{\"audio\": \"\(audio)\", \"bpm\": 88, \"beatmaps\": [\"beatmaps/world1-a.json\"]}]}"
                .write(toFile: manifest, atomically: true, encoding: .utf8)
            let r = try run(beatmap, ["ci", manifest])
            #expect(r.status == 0, "\(audio): \(r.stdout) \(r.stderr)")
            let line = try #require((r.stdout + r.stderr).split(separator: "\n").first { $0.contains("beats flagged") }, "\(r.stdout)")
            let value = try #require(line.split(separator: "offset ").last?.split(separator: " ").first.flatMap { Double($0) }, "\(line)")
            offsets.append(value)
        }
        #expect(abs(offsets[0] - offsets[1]) <= 1.0, "offsets (ms), WAV then m4a: \(offsets)")
    }

    @Test("an AHAP's AudioCustom event plays an .m4a: the rendered audio has the clicks where the WAV version has them")
    func audioCustom() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let tool = TestPaths.binary("ahap-tool")
        var rendered: [[Float]] = []
        for sound in ["clicks.wav", "edit.m4a"] {
            let ahap = f.folder.appendingPathComponent("p-\(sound).ahap").path
            try """
            {"Version": 1, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "\(sound)",
              "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 1.0}]}}]}
            """.write(toFile: ahap, atomically: true, encoding: .utf8)
            let out = f.folder.appendingPathComponent("p-\(sound).wav").path
            let r = try run(tool, ["render", ahap, "-o", out, "--rate", "44100"])
            #expect(r.status == 0, "\(r.stderr)")
            let (info, samples) = try AudioFile.read(out)
            // Channel 1 of (haptic, audio left, audio right).
            rendered.append(stride(from: 1, to: samples.count, by: info.channels).map { samples[$0] })
        }
        let shifts = zip(AACFixtures.clickShifts(rendered[0]), AACFixtures.clickShifts(rendered[1])).map { $1 - $0 }
        #expect(shifts.count == AACFixtures.clicks.count && shifts.allSatisfy { abs($0) <= 44 }, "\(shifts)")
    }

    @Test("crossfade and preview take .m4a: their output matches the WAV's, sample-aligned (AAC's error only)")
    func crossfadeAndPreview() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let beatmap = TestPaths.binary("beatmap")
        var mixes: [[Float]] = []
        for (a, name) in [(f.wav, "wav"), (f.editList, "m4a")] {
            let mix = f.folder.appendingPathComponent("mix-\(name).wav").path
            let r = try run(beatmap, ["crossfade", a, a, "--at", "1", "--duration", "1", "-o", mix])
            #expect(r.status == 0, "\(r.stderr)")
            let preview = f.folder.appendingPathComponent("preview-\(name).wav").path
            let p = try run(beatmap, ["preview", a, "--beats", f.map, "--from", "1", "--to", "3", "-o", preview])
            #expect(p.status == 0, "\(p.stderr)")
            mixes.append(try AudioFile.readMono(mix).samples)
            mixes.append(try AudioFile.readMono(preview).samples)
        }
        for k in 0..<2 {
            let (x, y) = (mixes[k], mixes[k + 2])
            #expect(x.count == y.count, "same length: \(x.count) vs \(y.count)")
            let n = min(x.count, y.count)
            let signal = (0..<n).reduce(0.0) { $0 + Double(x[$1] * x[$1]) }
            let error = (0..<n).reduce(0.0) { $0 + Double((x[$1] - y[$1]) * (x[$1] - y[$1])) }
            // Misaligned by the priming, the clicks would not overlap at all (error ≈ 2 × signal).
            #expect(signal > 0 && error < 0.1 * signal, "\(k == 0 ? "crossfade" : "preview"): error/signal \(error / signal)")
        }
    }

    @Test("the editor's WAV stream of an .m4a answers ranges in any order with the same bytes, and its length is exact")
    func editorStream() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let stream = try WAVStream(path: f.editList)
        // 44-byte header, then 16-bit mono frames: the exact length the reader gives.
        #expect(stream.byteCount == 44 + 2 * AACFixtures.frames, "\(stream.byteCount)")
        let whole = try stream.bytes(0..<stream.byteCount)
        #expect(whole.count == stream.byteCount)
        // Backwards and overlapping ranges, as a browser asks while seeking.
        for range in [300_000..<400_000, 10_000..<20_000, 44..<1044, 400_000..<stream.byteCount, 0..<44] {
            #expect(try stream.bytes(range) == Array(whole[range]), "\(range)")
        }
    }

    @Test("beatmap bpm reads the same tempo from the .m4a as from the WAV")
    func bpm() throws {
        let f = try AACFixtures.make()
        defer { f.remove() }
        let beatmap = TestPaths.binary("beatmap")
        let loop = TestPaths.packageRoot.appendingPathComponent("samples/audio/world4-track-a-132bpm.flac").path
        try #require(FileManager.default.fileExists(atPath: loop), "samples/audio/world4-track-a-132bpm.flac")
        let m4a = f.folder.appendingPathComponent("loop.m4a").path
        #expect(try AACFixtures.encode(loop, m4a, ["-c:a", "aac", "-b:a", "160k"]))
        var tempos: [Double] = []
        for file in [loop, m4a] {
            let r = try run(beatmap, ["bpm", file, "--format", "json"])
            #expect(r.status == 0, "\(r.stderr)")
            let root = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
            let bpm = ((root as? [[String: Any]])?.first ?? (root as? [String: Any]))?["bpm"] as? Double
            tempos.append(try #require(bpm, "\(r.stdout.prefix(300))"))
        }
        #expect(abs(tempos[0] - tempos[1]) <= 0.05, "\(tempos)")
    }
}

/// A 5 s click track (44.1 kHz mono) and its AAC and ALAC encodings.
struct AACFixtures {
    static let ffmpeg: String? = TestPaths.program("ffmpeg")?.path
    static let rate = 44100
    static let frames = 5 * rate
    /// Click positions, in frames: every half second from 0.25 s.
    static let clicks = (0..<10).map { (rate / 4) + $0 * (rate / 2) }

    let folder: URL
    let wav: String
    let editList: String
    let bare: String
    let tagged: String
    let alac: String
    let map: String
    /// The tag placed before the track, where ffmpeg does not honour it (we drop the priming ourselves).
    var taggedFirst: String { folder.appendingPathComponent("tagged-first.m4a").path }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    static func encode(_ input: String, _ output: String, _ options: [String]) throws -> Bool {
        try run(URL(fileURLWithPath: try #require(ffmpeg)), ["-v", "error", "-y", "-i", input] + options + [output]).status == 0
    }

    static func make() throws -> AACFixtures {
        let folder = TestPaths.scratch()
        var samples = [Float](repeating: 0, count: frames)
        for c in clicks { samples.replaceSubrange(c..<(c + click.count), with: click) }
        let wav = folder.appendingPathComponent("clicks.wav").path
        try AudioFile.write(samples, to: wav, sampleRate: rate, channels: 1)
        let f = AACFixtures(
            folder: folder, wav: wav, editList: folder.appendingPathComponent("edit.m4a").path,
            bare: folder.appendingPathComponent("bare.m4a").path, tagged: folder.appendingPathComponent("tagged.m4a").path,
            alac: folder.appendingPathComponent("alac.m4a").path, map: folder.appendingPathComponent("clicks.json").path)
        #expect(try encode(wav, f.editList, ["-c:a", "aac", "-b:a", "192k"]))
        #expect(try encode(wav, f.bare, ["-c:a", "aac", "-b:a", "192k", "-use_editlist", "0"]))
        #expect(try encode(wav, f.alac, ["-c:a", "alac"]))
        // The tagged file: the bare one without its metadata, and an iTunSMPB tag added to its movie box.
        let plain = folder.appendingPathComponent("plain.m4a").path
        #expect(
            try encode(wav, plain, ["-c:a", "aac", "-b:a", "192k", "-use_editlist", "0", "-map_metadata", "-1", "-fflags", "+bitexact"]))
        try addSMPB(plain, f.tagged, priming: 1024, frames: frames)
        try addSMPB(plain, f.taggedFirst, priming: 1024, frames: frames, beforeTracks: true)
        let beats = clicks.map { String(format: "%.6f", Double($0) / Double(rate)) }.joined(separator: ", ")
        try "{\"bpm\": 120, \"beats\": [\(beats)]}".write(toFile: f.map, atomically: true, encoding: .utf8)
        return f
    }

    /// Each click's shift in frames against where it was written: the first sample above a third of the peak.
    static func clickShifts(_ samples: [Float]) -> [Int] {
        clicks.compactMap { c in
            let lo = max(0, c - 2048)
            let hi = min(samples.count, c + 4096)
            guard lo < hi else { return nil }
            let window = samples[lo..<hi]
            let peak = window.map(abs).max() ?? 0
            guard peak > 0.1, let first = window.firstIndex(where: { abs($0) > peak / 3 }) else { return nil }
            // The reference: the same measure on the written click (its first sample above a third of 0.8·peak shape).
            return first - (c + referenceOnset)
        }
    }

    /// Where the measure puts a click in the WAV itself, frames after its start.
    static let referenceOnset: Int = {
        let peak = click.map(abs).max() ?? 0
        return click.firstIndex { abs($0) > peak / 3 } ?? 0
    }()

    /// One click: a 2 ms decaying 2 kHz burst, sharp enough to place and smooth enough for AAC.
    static let click: [Float] = (0..<88).map { i in
        0.8 * Float(exp(-Double(i) / 20)) * Float(sin(2 * Double.pi * 2000 * Double(i) / Double(rate)))
    }

    /// Copies `input` (an MP4 whose movie box is last) to `output` with an iTunSMPB tag in moov/udta/meta/ilst.
    static func addSMPB(_ input: String, _ output: String, priming: Int, frames: Int, beforeTracks: Bool = false) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(8 + payload.count) + Array(type.utf8) + payload }
        // Find the top-level moov box, which must end the file.
        var at = 0
        var moov: Int?
        while at + 8 <= bytes.count {
            let size = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == "moov" { moov = at }
            guard size >= 8 else { break }
            at += size
        }
        let start = try #require(moov)
        let size = bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
        try #require(start + size == bytes.count, "moov is the last box")
        let padding = 0
        let text = String(format: " 00000000 %08X %08X %016X 00000000 00000000", priming, padding, frames)
        let item = box(
            "----",
            box("mean", [0, 0, 0, 0] + Array("com.apple.iTunes".utf8)) + box("name", [0, 0, 0, 0] + Array("iTunSMPB".utf8))
                + box("data", u32(1) + u32(0) + Array(text.utf8)))
        let hdlr = box("hdlr", [0, 0, 0, 0] + u32(0) + Array("mdir".utf8) + Array("appl".utf8) + [UInt8](repeating: 0, count: 9))
        let udta = box("udta", box("meta", [0, 0, 0, 0] + hdlr + box("ilst", item)))
        if beforeTracks {
            bytes.insert(contentsOf: udta, at: start + 8)
        } else {
            bytes += udta
        }
        let newSize = u32(size + udta.count)
        for i in 0..<4 { bytes[start + i] = newSize[i] }
        try Data(bytes).write(to: URL(fileURLWithPath: output))
    }
}

/// A flag set on another thread.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool?
    func set(_ v: Bool) { lock.withLock { value = v } }
    func get() -> Bool? { lock.withLock { value } }
}
