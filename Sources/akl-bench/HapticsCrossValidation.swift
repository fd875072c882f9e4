import AudioKitLinux
import Foundation

/// Audio-to-haptics settings chosen by leave-one-source-out cross-validation, and their held-out figures next to Meta
/// Haptics Studio's exports of the same sounds: `akl-bench haptics-cv SFX_DIR META_DIR ONSETS_DIR`.
///
/// The corpus's sounds come from several projects (SOURCES.tsv, column `repo`). For each project in turn, every
/// candidate setting is scored on the sounds of the *other* projects, the best is chosen, and it is then scored on the
/// held-out project's sounds only; the figures reported pool those held-out scores, so no sound is scored by a setting
/// chosen on it (Hastie, Tibshirani & Friedman, *The Elements of Statistical Learning*, 2nd ed., §7.10; grouped folds,
/// so that sounds of one game do not sit on both sides). The choice maximises the mean of three measures (transient
/// onset F at ±25 ms and ±50 ms, averaged over sounds, and the median envelope correlation), so that no one measure is
/// bought with another; a setting with any output that has a warning is never chosen. With `AKL_CV_ALL` set, every
/// candidate's scores on the whole corpus are printed first.
func hapticsCrossValidation(_ args: [String]) throws {
    let sfx = args[2], meta = args[3], onsetsDir = args[4]
    let sources = try readSources((sfx as NSString).appendingPathComponent("SOURCES.tsv"))
    let audioExtensions: Set<String> = ["wav", "ogg", "mp3", "flac"]
    let names = try FileManager.default.contentsOfDirectory(atPath: sfx)
        .filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) && sources[$0] != nil }.sorted()
    let candidates = Candidate.grid
    // Every sound scored under every candidate once; folds only choose among these scores.
    var scores: [[SoundScore]] = []  // [sound][candidate]
    var metaScores: [SoundScore] = []
    for name in names {
        let path = (sfx as NSString).appendingPathComponent(name)
        let stem = (name as NSString).deletingPathExtension
        let reference = try String(contentsOfFile: (onsetsDir as NSString).appendingPathComponent(stem + ".txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        var features: [String: SoundFeatures] = [:]
        var row: [SoundScore] = []
        for c in candidates {
            let key = c.followerName
            if features[key] == nil { features[key] = try SoundFeatures.analyze(path: path, follower: c.options.follower) }
            let conversion = AudioToHaptics.convert(features[key]!, options: c.options)
            guard let pattern = conversion.combined else { throw BenchFailure("\(name): no pattern") }
            row.append(try SoundScore(pattern: pattern, sound: path, reference: reference))
        }
        scores.append(row)
        let metaFile = (meta as NSString).appendingPathComponent(stem + ".ahap")
        let metaPattern = try AHAPValidator.validate(path: metaFile, options: AHAPValidationOptions(checkWaveformFiles: false))
        guard let document = metaPattern.document else { throw BenchFailure("\(metaFile) is not readable") }
        metaScores.append(
            try SoundScore(pattern: document.pattern, sound: path, reference: reference, diagnostics: metaPattern.diagnostics))
    }
    let folds = Array(Set(names.map { sources[$0]! })).sorted()
    if ProcessInfo.processInfo.environment["AKL_CV_ALL"] != nil {
        for (k, c) in candidates.enumerated() {
            let p = Pooled(scores.map { $0[k] })
            print(
                String(
                    format: "%@: F25 %.3f F50 %.3f r %.3f clean %d objective %.3f", c.label, p.f25, p.f50, p.medianR, p.clean, p.objective))
        }
    }
    print("| held-out source | sounds | setting chosen on the others | held-out F25 | F50 | median r |")
    print("|---|---|---|---|---|---|")
    var heldOut = [SoundScore?](repeating: nil, count: names.count)
    var chosenCounts: [String: Int] = [:]
    for fold in folds {
        let test = names.indices.filter { sources[names[$0]] == fold }
        let train = names.indices.filter { sources[names[$0]] != fold }
        let best = candidates.indices.max { a, b in
            Pooled(train.map { scores[$0][a] }).objective < Pooled(train.map { scores[$0][b] }).objective
        }!
        chosenCounts[candidates[best].label, default: 0] += 1
        for i in test { heldOut[i] = scores[i][best] }
        let p = Pooled(test.map { scores[$0][best] })
        print(
            "| \(fold) | \(test.count) | \(candidates[best].label) | \(String(format: "%.3f | %.3f | %.3f", p.f25, p.f50, p.medianR)) |")
    }
    let cv = Pooled(heldOut.compactMap { $0 })
    let metaPooled = Pooled(metaScores)
    let defaults = candidates.firstIndex { $0.isDefault }!
    let fixed = Pooled(scores.map { $0[defaults] })
    print()
    print(
        "## Leave-one-source-out cross-validation over \(names.count) sounds from \(folds.count) sources (\(candidates.count) candidate settings)"
    )
    print("| measure | ours, held out | ours, today's defaults (chosen on this corpus) | Meta Haptics Studio's exports |")
    print("|---|---|---|---|")
    for (label, a, b, c) in [
        ("transient onset F-measure, ±25 ms (pooled)", cv.f25, fixed.f25, metaPooled.f25),
        ("transient onset F-measure, ±50 ms (pooled)", cv.f50, fixed.f50, metaPooled.f50),
        ("transient onset F-measure, ±25 ms (mean over sounds)", cv.soundF25, fixed.soundF25, metaPooled.soundF25),
        ("transient onset F-measure, ±50 ms (mean over sounds)", cv.soundF50, fixed.soundF50, metaPooled.soundF50),
        ("envelope correlation at lag 0, median", cv.medianR, fixed.medianR, metaPooled.medianR),
        ("envelope correlation at lag 0, mean", cv.meanR, fixed.meanR, metaPooled.meanR),
    ] { print("| \(label) | \(String(format: "%.3f | %.3f | %.3f", a, b, c)) |") }
    print(
        "| outputs with no warning or error | \(cv.clean)/\(cv.count) | \(fixed.clean)/\(fixed.count) | \(metaPooled.clean)/\(metaPooled.count) |"
    )
    print()
    print(
        "Settings chosen across the folds: "
            + chosenCounts.sorted { $0.value > $1.value }.map { "\($0.key) (\($0.value))" }.joined(separator: "; "))
}

/// One candidate setting of the conversion.
struct Candidate {
    let options: AudioToHapticsOptions
    let label: String
    let followerName: String
    let isDefault: Bool

    /// Transient sensitivity 0.3–0.8, spacing 30, 50 or 100 ms, onsets at the steepest rise or backtracked to its start,
    /// with Studio's envelope follower or a slower one.
    static var grid: [Candidate] {
        var out: [Candidate] = []
        let followers: [(String, EnvelopeFollower.Settings)] = [
            ("studio", .studio), ("slow", EnvelopeFollower.Settings(rmsWindow: 0.01, attack: 0.002, hold: 0.01, release: 0.15)),
        ]
        for (name, follower) in followers {
            for density in [40.0, 80.0] {
                for sensitivity in [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] {
                    for (spacing, backtrack) in [0.03, 0.05, 0.1].flatMap({ s in [(s, false), (s, true)] }) {
                        var o = AudioToHapticsOptions(preset: .general)
                        o.transients.backtrack = backtrack
                        o.density = density
                        o.split = false
                        o.follower = follower
                        o.transients.sensitivity = sensitivity
                        o.transients.minimumSpacing = spacing
                        let isDefault =
                            name == "studio" && o.transients == AudioToHapticsOptions(preset: .general).transients && density == 40
                        out.append(
                            Candidate(
                                options: o,
                                label: String(
                                    format: "%@ follower, sensitivity %.1f, %.0f ms%@, %.0f points/s", name, sensitivity, spacing * 1000,
                                    backtrack ? ", backtracked" : "", density),
                                followerName: name, isDefault: isDefault))
                    }
                }
            }
        }
        return out
    }
}

/// One pattern's scores against its sound and the reference onsets.
struct SoundScore {
    let matched25: Int
    let matched50: Int
    let predicted: Int
    let referenced: Int
    let correlation: Double
    let clean: Bool

    init(pattern: AHAPPattern, sound: String, reference: [Double], diagnostics: [Diagnostic]? = nil) throws {
        let transients = pattern.events.filter { $0.eventType == .hapticTransient }.map(\.time).sorted()
        matched25 = OnsetMatching.matches(transients, reference, window: 0.025)
        matched50 = OnsetMatching.matches(transients, reference, window: 0.050)
        predicted = transients.count
        referenced = reference.count
        correlation = try PatternSync.analyze(pattern: pattern, sound: .file(path: sound, offset: 0)).correlationAtZero
        let found =
            diagnostics
            ?? AHAPValidator.validate(
                bytes: Array(AHAPFormatter.format(pattern.jsonValue).utf8), options: AHAPValidationOptions(checkWaveformFiles: false)
            ).diagnostics
        clean = !found.contains { $0.severity != .note }
    }
}

/// Scores pooled over sounds: onsets counted over all of them, correlations by median and mean.
struct Pooled {
    let f25: Double
    let f50: Double
    let medianR: Double
    let meanR: Double
    let clean: Int
    let count: Int
    /// The per-sound F at ±25 ms and ±50 ms, averaged over the sounds (each sound counts once, however many onsets).
    let soundF25: Double
    let soundF50: Double

    init(_ s: [SoundScore]) {
        soundF25 = s.map { OnsetMatching.f($0.matched25, $0.predicted, $0.referenced) }.reduce(0, +) / Double(max(1, s.count))
        soundF50 = s.map { OnsetMatching.f($0.matched50, $0.predicted, $0.referenced) }.reduce(0, +) / Double(max(1, s.count))
        let predicted = s.reduce(0) { $0 + $1.predicted }, referenced = s.reduce(0) { $0 + $1.referenced }
        f25 = OnsetMatching.f(s.reduce(0) { $0 + $1.matched25 }, predicted, referenced)
        f50 = OnsetMatching.f(s.reduce(0) { $0 + $1.matched50 }, predicted, referenced)
        let r = s.map(\.correlation).sorted()
        medianR = r.isEmpty ? 0 : r.count % 2 == 1 ? r[r.count / 2] : (r[r.count / 2 - 1] + r[r.count / 2]) / 2
        meanR = r.reduce(0, +) / Double(max(1, r.count))
        clean = s.filter(\.clean).count
        count = s.count
    }

    /// What a fold maximises: the mean of the per-sound onset F (±25 and ±50 ms) and the median correlation, so that a
    /// long sound with many onsets does not outweigh the rest (pooled counts let one 23 s ambience decide); a setting
    /// with an unclean output is never preferred.
    var objective: Double { (soundF25 + soundF50 + medianR) / 3 - (clean < count ? 1 : 0) }
}

/// SOURCES.tsv: file name → its source (`repo`).
func readSources(_ path: String) throws -> [String: String] {
    var out: [String: String] = [:]
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
    guard let header = lines.first?.split(separator: "\t").map(String.init), let name = header.firstIndex(of: "local_name"),
        let repo = header.firstIndex(of: "repo")
    else { throw BenchFailure("\(path) has no local_name and repo columns") }
    for line in lines.dropFirst() {
        let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if cells.count > max(name, repo) { out[cells[name]] = cells[repo] }
    }
    return out
}

/// A benchmark that cannot go on, and why.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
