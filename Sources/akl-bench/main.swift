// Benchmark harness: prints figures for bench/run.sh. Not a user tool.
@_spi(Benchmarks) import AudioKitLinux
import Foundation

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Median of `runs` timings, after one warm-up.
func median(runs: Int, _ body: () -> Void) -> Double {
    body()
    return Median.upper((0..<runs).map { _ in seconds(body) }) ?? 0
}

let args = CommandLine.arguments
guard args.count >= 3 else {
    print("usage: akl-bench ahap-validate CORPUS_DIR LARGE_FILE")
    exit(64)
}

switch args[1] {
case "ahap-validate":
    let dir = args[2]
    let large = args[3]
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".ahap") || $0.hasSuffix(".json") }.sorted()
    let paths = names.map { (dir as NSString).appendingPathComponent($0) }
    let contents = try paths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
    let totalBytes = contents.reduce(0) { $0 + $1.count }
    let options = AHAPValidationOptions(checkWaveformFiles: true)

    // Corpus: all files, one core, bytes already in memory (validation cost only).
    let corpusSerial = median(runs: 9) {
        for (i, bytes) in contents.enumerated() {
            _ = AHAPValidator.validate(bytes: bytes, file: paths[i], baseDirectory: dir, options: options)
        }
    }
    // Corpus from disk, in parallel, as `ahap-tool validate DIR` does it.
    let corpusParallel = median(runs: 9) { _ = AHAPBatch.validate(paths: paths, options: options) }

    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: large)))
    let bare = median(runs: 21) { _ = JSONBenchmark.janssonParse(bytes) }
    let decode = median(runs: 21) { _ = JSONBenchmark.decode(bytes) }
    let full = median(runs: 21) { _ = AHAPValidator.validate(bytes: bytes, file: large, baseDirectory: dir, options: options) }
    let diagnostics = AHAPValidator.validate(bytes: bytes, file: large, baseDirectory: dir, options: options).diagnostics.count

    func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
    print("corpus: \(paths.count) files, \(String(format: "%.2f", Double(totalBytes) / 1e6)) MB")
    print(
        "  validate, 1 core, in memory:   \(ms(corpusSerial))  = \(String(format: "%.1f", Double(totalBytes) / 1e6 / corpusSerial)) MB/s, \(String(format: "%.0f", Double(paths.count) / corpusSerial)) files/s"
    )
    print(
        "  validate, all cores, from disk: \(ms(corpusParallel))  = \(String(format: "%.1f", Double(totalBytes) / 1e6 / corpusParallel)) MB/s, \(String(format: "%.0f", Double(paths.count) / corpusParallel)) files/s"
    )
    print("large file: \((large as NSString).lastPathComponent), \(bytes.count) bytes, \(diagnostics) findings")
    print("  Jansson bare parse:            \(ms(bare))")
    print("  Jansson parse + JSONValue:     \(ms(decode))")
    print("  full validation:               \(ms(full))  (\(String(format: "%.2f", full / bare))x the bare parse)")
case "ahap-repeat":
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: args[2])))
    for _ in 0..<10 {
        let a = seconds { _ = JSONBenchmark.janssonParse(bytes) }
        let b = seconds { _ = AHAPValidator.validate(bytes: bytes, file: args[2], rules: []) }
        let c = seconds { _ = AHAPValidator.validate(bytes: bytes, file: args[2]) }
        print(String(format: "bare %.1f  read %.1f  full %.1f ms", a * 1000, b * 1000, c * 1000))
    }
case "ahap-rules":
    // Time per rule on one file, to find hot spots.
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: args[2])))
    let base = (args[2] as NSString).deletingLastPathComponent
    let none = median(runs: 5) { _ = AHAPValidator.validate(bytes: bytes, file: args[2], baseDirectory: base, rules: []) }
    print(String(format: "%-40@ %8.2f ms", "read + document (no rules)" as NSString, none * 1000))
    for rule in AHAPRuleRegistry.documentRules {
        let t = median(runs: 5) { _ = AHAPValidator.validate(bytes: bytes, file: args[2], baseDirectory: base, rules: [rule]) } - none
        print(String(format: "%-40@ %8.2f ms", rule.description.id as NSString, t * 1000))
    }
case "haptics":
    try hapticsBench(args)
case "haptics-parts":
    try hapticsParts(args)
case "haptics-cv":
    try hapticsCrossValidation(args)
case "sound-kinds":
    try soundKinds(Array(args.dropFirst(2)))
case "decode":
    // Decodes the whole file through SoundFileReader (FFmpeg for .m4a), as every command does; prints the frames,
    // the time and this process's own peak memory (the decoder's child process is measured by the caller).
    var frames = 0
    var failure: (any Error)?
    let elapsed = seconds {
        do {
            let reader = try SoundFileReader(path: args[2])
            try reader.forEachBlock(blockFrames: 8192) { _, n in frames += n }
        } catch { failure = error }
    }
    if let failure {
        print("decode failed: \(failure)")
        exit(1)
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(
        String(format: "decoded %d frames in %.3f s; this process's peak memory %.1f MB", frames, elapsed, Double(usage.ru_maxrss) / 1024))
default:
    print("unknown benchmark \(args[1])")
    exit(64)
}
