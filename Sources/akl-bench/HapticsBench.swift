import AudioKitLinux
import Foundation

/// Audio to haptics, ours next to Meta Haptics Studio's exports of the same sounds:
/// `akl-bench haptics SFX_DIR META_DIR ONSETS_DIR [preset]`. ONSETS_DIR holds NAME.txt with the reference onset times
/// (aubioonset's output), one per line.
func hapticsBench(_ args: [String]) throws {
    let sfx = args[2]
    let meta = args[3]
    let onsetsDir = args[4]
    let preset = args.count > 5 ? AudioToHapticsOptions.Preset(rawValue: args[5]) ?? .general : .general
    let audioExtensions: Set<String> = ["wav", "ogg", "mp3", "flac"]
    let names = try FileManager.default.contentsOfDirectory(atPath: sfx)
        .filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    var ours = HapticsScore()
    var theirs = HapticsScore()
    var totalAudio = 0.0
    var totalTime = 0.0
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("akl-haptics-bench-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    print("| sound | s | ref onsets | ours: transients, F25, r, lag | Meta: transients, F25, r, lag |")
    print("|---|---|---|---|---|")
    for name in names {
        let path = (sfx as NSString).appendingPathComponent(name)
        let stem = (name as NSString).deletingPathExtension
        let reference = try String(contentsOfFile: (onsetsDir as NSString).appendingPathComponent(stem + ".txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        var options = AudioToHapticsOptions(preset: preset)
        options.split = false
        if args.count > 6, let content = AudioToHapticsOptions.Content(rawValue: args[6]) { options.content = content }
        var conversion: HapticConversion? = nil
        // Median of 5, after a warm-up: decoding, analysis and pattern building, as `from-audio` does them.
        let time = median(runs: 5) { conversion = try? AudioToHaptics.convert(path: path, options: options) }
        guard let conversion else { throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(name) failed"]) }
        totalAudio += conversion.duration
        totalTime += time
        let ourFile = scratch.appendingPathComponent(stem + ".ahap").path
        try AHAPFormatter.format(conversion.combined!.jsonValue).write(toFile: ourFile, atomically: true, encoding: .utf8)
        let metaFile = (meta as NSString).appendingPathComponent(stem + ".ahap")
        let a = try ours.add(patternFile: ourFile, sound: path, reference: reference, duration: conversion.duration)
        let b = try theirs.add(patternFile: metaFile, sound: path, reference: reference, duration: conversion.duration)
        print("| \(stem) | \(String(format: "%.2f", conversion.duration)) | \(reference.count) | \(a) | \(b) |")
    }
    print()
    print("## Summary over \(names.count) sounds, \(String(format: "%.1f", totalAudio)) s of audio (preset \(preset.rawValue))")
    print("| measure | ours | Meta Haptics Studio's exports |")
    print("|---|---|---|")
    for (label, x, y) in [
        ("transient onset F-measure, ±25 ms (all files pooled)", ours.f(0), theirs.f(0)),
        ("transient onset F-measure, ±50 ms (all files pooled)", ours.f(1), theirs.f(1)),
    ] { print("| \(label) | \(String(format: "%.3f", x)) | \(String(format: "%.3f", y)) |") }
    print(
        "| envelope correlation at lag 0 (amplitude = intensity), median (mean) | \(String(format: "%.3f (%.3f)", ours.medianR, ours.meanR)) | \(String(format: "%.3f (%.3f)", theirs.medianR, theirs.meanR)) |"
    )
    print(
        "| envelope correlation at the best lag (±250 ms), median (mean) | \(String(format: "%.3f (%.3f)", ours.medianBest, ours.meanBest)) | \(String(format: "%.3f (%.3f)", theirs.medianBest, theirs.meanBest)) |"
    )
    print("| that best lag: median absolute (largest) | \(ours.lagText) | \(theirs.lagText) |")
    print("| envelope correlation at lag 0 with amplitude = intensity², median (mean) | \(ours.squaredText) | \(theirs.squaredText) |")
    print(
        "| outputs with no warning or error | \(ours.clean)/\(ours.files) | \(theirs.clean)/\(theirs.files) (\(theirs.warnings) warnings) |"
    )
    print("| outputs with no finding at all | \(ours.spotless)/\(ours.files) | \(theirs.spotless)/\(theirs.files) |")
    print(
        "| curve breakpoints per second of sound (pooled) | \(String(format: "%.1f", ours.points / totalAudio)) | \(String(format: "%.1f", theirs.points / totalAudio)) |"
    )
    print(
        "| speed, decoding included | \(String(format: "%.0f× real time (%.1f ms for %.1f s)", totalAudio / totalTime, totalTime * 1000, totalAudio)) | not run here: about 75× (reference/AUDIO-TO-HAPTICS.md) |"
    )
}

/// Scores accumulated over the files for one tool.
struct HapticsScore {
    var matched = [0, 0]
    var predicted = 0
    var referenced = 0
    var correlations: [Double] = []
    var best: [Double] = []
    var squaredCorrelations: [Double] = []
    var lags: [Double] = []
    var clean = 0
    var spotless = 0
    var warnings = 0
    var files = 0
    var points = 0.0

    /// Adds one pattern file's scores and returns its table cell.
    mutating func add(patternFile: String, sound: String, reference: [Double], duration: Double) throws -> String {
        let result = try AHAPValidator.validate(path: patternFile, options: AHAPValidationOptions(checkWaveformFiles: false))
        guard let pattern = result.document?.pattern else { return "unreadable" }
        files += 1
        let serious = result.diagnostics.filter { $0.severity != .note }.count
        warnings += serious
        if serious == 0 { clean += 1 }
        if result.diagnostics.isEmpty { spotless += 1 }
        points += Double(pattern.curves.reduce(0) { $0 + $1.controlPoints.count })
        let transients = pattern.events.filter { $0.eventType == .hapticTransient }.map(\.time).sorted()
        predicted += transients.count
        referenced += reference.count
        var f25 = 0.0
        for (k, window) in [0.025, 0.050].enumerated() {
            let m = OnsetMatching.matches(transients, reference, window: window)
            matched[k] += m
            if k == 0 { f25 = OnsetMatching.f(m, transients.count, reference.count) }
        }
        // The sound at time 0, as the exports assume; its envelope through Studio's follower settings. Rendered twice: with
        // the default model (drive amplitude = intensity) and with the one the square-root mapping assumes (amplitude =
        // intensity², ahap-tool's --intensity-exponent 2).
        var squared = RenderOptions()
        squared.model.intensityExponent = 2
        let report = try PatternSync.analyze(pattern: pattern, sound: .file(path: sound, offset: 0))
        let reportSquared = try PatternSync.analyze(pattern: pattern, sound: .file(path: sound, offset: 0), render: squared)
        correlations.append(report.correlationAtZero)
        best.append(report.correlation)
        squaredCorrelations.append(reportSquared.correlationAtZero)
        let bestLag = report.lag ?? .nan
        if !bestLag.isNaN { lags.append(bestLag) }
        return String(
            format: "%d, %.2f, %.2f, %@", transients.count, f25, report.correlationAtZero,
            bestLag.isNaN ? "–" : String(format: "%+.0f ms", bestLag * 1000))
    }

    func f(_ k: Int) -> Double { OnsetMatching.f(matched[k], predicted, referenced) }
    var meanR: Double { correlations.reduce(0, +) / Double(max(1, correlations.count)) }
    var medianR: Double { Median.upper(correlations) ?? 0 }
    var squaredText: String {
        let m = squaredCorrelations.reduce(0, +) / Double(max(1, squaredCorrelations.count))
        return String(
            format: "%.3f (%.3f)", Median.upper(squaredCorrelations) ?? 0, m)
    }
    var meanBest: Double { best.reduce(0, +) / Double(max(1, best.count)) }
    var medianBest: Double { Median.upper(best) ?? 0 }
    var lagText: String {
        let a = lags.map(abs).sorted()
        guard !a.isEmpty else { return "–" }
        return String(format: "%.0f ms (%.0f ms)", (Median.upper(a) ?? 0) * 1000, a.last! * 1000)
    }
}

/// One-to-one matching of detected onsets to reference onsets within a window, closest pairs first (as mir_eval's
/// onset F-measure, which uses a maximum bipartite matching; for onsets at least a window apart the two agree).
enum OnsetMatching {
    static func matches(_ detected: [Double], _ reference: [Double], window: Double) -> Int {
        pairs(detected, reference, window: window).count
    }

    /// The matched pairs: (index into `detected`, index into `reference`).
    static func pairs(_ detected: [Double], _ reference: [Double], window: Double) -> [(detected: Int, reference: Int)] {
        var candidates: [(Double, Int, Int)] = []
        for (i, d) in detected.enumerated() {
            for (j, r) in reference.enumerated() where abs(d - r) <= window { candidates.append((abs(d - r), i, j)) }
        }
        candidates.sort { $0.0 < $1.0 }
        var usedD = Set<Int>()
        var usedR = Set<Int>()
        var out: [(detected: Int, reference: Int)] = []
        for (_, i, j) in candidates where !usedD.contains(i) && !usedR.contains(j) {
            usedD.insert(i)
            usedR.insert(j)
            out.append((i, j))
        }
        return out
    }

    static func f(_ matched: Int, _ detected: Int, _ reference: Int) -> Double {
        guard detected + reference > 0 else { return 1 }
        return 2 * Double(matched) / Double(detected + reference)
    }
}

/// Where the time of `from-audio` goes: `akl-bench haptics-parts SFX_DIR`.
func hapticsParts(_ args: [String]) throws {
    let sfx = args[2]
    let audioExtensions: Set<String> = ["wav", "ogg", "mp3", "flac"]
    let paths = try FileManager.default.contentsOfDirectory(atPath: sfx)
        .filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        .map { (sfx as NSString).appendingPathComponent($0) }
    var decode = 0.0, analyze = 0.0, build = 0.0, audio = 0.0
    for path in paths {
        decode += median(runs: 5) {
            guard let reader = try? SoundFileReader(path: path) else { return }
            try? reader.forEachBlock(blockFrames: 8192) { _, _ in }
        }
        // The default's analysis: on Studio's clock, its DC offset measured as it goes (and the file read again when it
        // is past -80 dBFS).
        var features: SoundFeatures? = nil
        let analysis = median(runs: 5) { features = try? SoundFeatures.analyze(path: path, studioClock: true) }
        guard let features else { continue }
        analyze += analysis
        audio += features.duration
        // The rest of the default: Studio's breakpoints, its flux read at their peaks (one more read), the pattern.
        build += max(0, median(runs: 5) { _ = try? AudioToHaptics.convert(path: path, options: AudioToHapticsOptions()) } - analysis)
    }
    print(
        String(
            format:
                "audio %.1f s: decoding alone %.1f ms; decoding (on a second thread) and analysis %.1f ms; Studio's breakpoints, its flux at their peaks and the pattern %.1f ms",
            audio, decode * 1000, analyze * 1000, build * 1000))
}
