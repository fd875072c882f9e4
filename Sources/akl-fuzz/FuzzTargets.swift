// Fuzz targets for the readers (issue #8). Built with -DFUZZING and
// -sanitize=fuzzer,address by scripts/fuzz.sh, libFuzzer drives
// LLVMFuzzerTestOneInput; built normally, the same code replays files given on
// the command line (regression inputs). AKL_FUZZ_TARGET picks the reader.
import AudioKitLinux
import Foundation

enum FuzzTarget: String, CaseIterable {
    case ahap, beatmapJSON = "beatmap-json", beatmapText = "beatmap-text", beatmapCSV = "beatmap-csv"
    case beatmapAudacity = "beatmap-audacity", beatmapSwift = "beatmap-swift", manifest, manifestYAML = "manifest-yaml", audio
    /// Audio through the analyses: both onset strengths (the decimator at odd and extreme rates), tempo, beats, the checker.
    case onset, haptic
    /// MP4 files: the gapless box parser in memory (`mp4`), and the whole FFmpeg decoding path on a file (`m4a`,
    /// slow: a process per input).
    case mp4, m4a
    /// The chart readers (issues #23, #38): StepMania `.sm`/`.ssc`, osu! `.osu`, Quaver `.qua`, a Beat Saber difficulty
    /// (read with a fixed `Info.dat` beside it), Clone Hero `.chart`, and Friday Night Funkin' chart JSON (through the
    /// JSON target), each then queried on its tempo map, linted and written back out.
    case stepmania, osu, quaver, beatsaber, clonehero

    static var current: FuzzTarget {
        FuzzTarget(rawValue: ProcessInfo.processInfo.environment["AKL_FUZZ_TARGET"] ?? "ahap") ?? .ahap
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .ahap:
            let result = AHAPValidator.validate(
                bytes: bytes, file: "fuzz.ahap", baseDirectory: "/nonexistent", options: AHAPValidationOptions(checkWaveformFiles: false))
            if let doc = result.document {
                _ = AHAPFormatter.format(doc.root)
                let r = PatternRenderer(pattern: doc.pattern, options: RenderOptions(sampleRate: 8_000, baseDirectory: "/nonexistent"))
                var block: [Float] = []
                var budget = 16  // a few blocks: the renderer's set-up and first voices
                while budget > 0 && r.renderNextBlock(into: &block) > 0 { budget -= 1 }
            }
        case .mp4:
            if let g = MP4Gapless.parse(file: bytes) {
                _ = (g.assumedPriming, g.frames, g.padding, g.sourcesDisagree)
            }
        case .m4a:
            let path = NSTemporaryDirectory() + "akl-fuzz-\(getpid()).m4a"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            defer { try? FileManager.default.removeItem(atPath: path) }
            // The box reader on every input (the decoder reaches it only after ffprobe accepts the file).
            _ = MP4Gapless.read(path: path)
            if let reader = try? SoundFileReader(path: path, limits: AudioLimits(maxDuration: 60)) {
                var blocks = 0
                try? reader.forEachBlock { _, _ in blocks += 1 }
            }
        case .haptic:
            Self.convertHaptic(bytes)
        case .stepmania, .osu, .quaver, .clonehero:
            let format: BeatMapFormat =
                self == .stepmania ? .stepmania : self == .osu ? .osu : self == .quaver ? .quaver : .clonehero
            if let map = BeatMapReader.read(bytes: bytes, file: "fuzz", format: format, maxBeats: 200_000).map { Self.exercise(map) }
        case .beatsaber:
            let folder = NSTemporaryDirectory() + "akl-fuzz-bs-\(getpid())"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let info = #"{"_version":"2.0.0","_beatsPerMinute":128,"_songTimeOffset":0,"_difficultyBeatmapSets":[]}"#
            _ = FileManager.default.createFile(atPath: folder + "/Info.dat", contents: Data(info.utf8))
            defer { try? FileManager.default.removeItem(atPath: folder) }
            if let map = BeatMapReader.read(bytes: bytes, file: folder + "/Expert.dat", format: .beatsaber, maxBeats: 200_000).map {
                Self.exercise(map)
            }
        case .beatmapJSON, .beatmapText, .beatmapCSV, .beatmapAudacity, .beatmapSwift:
            let format: BeatMapFormat =
                switch self {
                case .beatmapJSON: .json
                case .beatmapText: .text
                case .beatmapCSV: .csv
                case .beatmapAudacity: .audacity
                default: .swift
                }
            if let map = BeatMapReader.read(bytes: bytes, file: "fuzz", format: format).map {
                _ = BeatRuleRegistry.lint(map)
                _ = GridFit(times: map.times)
                for f in BeatMapFormat.allCases { _ = BeatMapWriter.string(map, format: f) }
            }
        case .manifest, .manifestYAML, .audio, .onset:
            readFromPath(bytes)
        }
    }
}

extension FuzzTarget {
    /// The `.haptic` validator, then what validates converted (to AHAP and Android), rendered, and written back out.
    static func convertHaptic(_ bytes: [UInt8]) {
        // Validate, then convert what validates (to AHAP and Android), render the result, and write the clip back out.
        let result = HapticFileValidator.validate(
            bytes: bytes, file: "fuzz.haptic", options: AHAPValidationOptions(checkWaveformFiles: false))
        if let clip = result.clip, !result.diagnostics.contains(where: { $0.severity == .error }) {
            let pattern = HapticToAHAP.convert(clip)
            _ = HapticToAHAP.split(clip)
            _ = JSONWriter(indent: " ").string(from: clip.jsonValue)
            if let android = try? AndroidHaptics(clip) {
                _ = JSONWriter().string(from: android.jsonValue(source: "fuzz.haptic"))
                _ = AndroidSource.generate(android, language: .java, name: "Fuzz", package: nil, source: "fuzz.haptic")
            }
            let r = PatternRenderer(pattern: pattern, options: RenderOptions(sampleRate: 8_000, baseDirectory: "/nonexistent"))
            var block: [Float] = []
            var blocks = 0
            while r.renderNextBlock(into: &block) > 0 && blocks < 64 { blocks += 1 }
        }
    }

    /// The readers that take paths (manifests, audio, the onset analyses), on the input written to a temporary file.
    func readFromPath(_ bytes: [UInt8]) {
        // These readers take paths: write the input to a temporary file first.
        let path =
            NSTemporaryDirectory() + "akl-fuzz-\(getpid())"
            + (self == .audio || self == .onset ? ".wav" : self == .manifest ? ".json" : ".yaml")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        if self == .manifest || self == .manifestYAML {
            _ = try? GameManifest.read(path)
        } else if self == .onset {
            let limits = AudioLimits(maxDuration: 20)
            if let onset = try? TempoEstimator.onsetStrength(path: path, limits: limits), let e = TempoEstimator.estimate(onset) {
                _ = TempoEstimator.check(onset, expected: 120, tolerance: 0.005, allowOctave: false)
                _ = BeatChecker.check(map: BeatMap(times: e.beats), onset: onset)
            }
            if let onset = try? SpectralFlux.analyze(path: path, limits: limits) {
                _ = BeatChecker.check(map: BeatMap(times: (0..<8).map { 0.25 + 0.5 * Double($0) }), onset: onset)
            }
        } else if let reader = try? SoundFileReader(path: path, limits: AudioLimits(maxDuration: 60)) {
            var buffer = [Float](repeating: 0, count: 4096 * reader.info.channels)
            var budget = 64
            while budget > 0,
                let n = try? buffer.withUnsafeMutableBufferPointer({ p throws(InputError) in try reader.read(into: p, frames: 4096) }
                ), n > 0
            { budget -= 1 }
        }
    }

    /// What a chart reader's map goes through next: its tempo map both ways, lint, the grid fit and every writer.
    static func exercise(_ map: BeatMap) {
        if let tempo = map.tempoMap {
            for t in map.times.prefix(256) {
                let beat = tempo.beat(atTime: t)
                _ = tempo.time(ofBeat: beat)
                _ = tempo.subdivision(of: t, tolerance: 0.01)
            }
        }
        _ = BeatRuleRegistry.lint(map)
        _ = GridFit(times: map.times)
        for f in BeatMapFormat.allCases { _ = BeatMapWriter.string(map, format: f) }
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        FuzzTarget.current.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    // SwiftPM names an executable's entry point <module>_main; hand it to libFuzzer's driver.
    @_cdecl("akl_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in fuzzOneInput(data, size) }
    }
#else
    @main
    struct Replay {
        static func main() {
            let target = FuzzTarget.current
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                target.run([UInt8](data))
            }
        }
    }
#endif
