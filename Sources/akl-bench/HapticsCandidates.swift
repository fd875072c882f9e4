import AudioKitLinux
import Foundation

/// The fewest training sounds of a kind that the cross-validation chooses a setting for that kind on.
let minimumPerKind = 4

/// One candidate setting of the conversion.
struct Candidate {
    var options: AudioToHapticsOptions
    let label: String
    /// The analysis the candidate needs (follower and weighting): candidates that share one share the features.
    let analysisKey: String
    let isDefault: Bool

    /// Our own analysis: transient sensitivity 0.7–1, spacing 30, 50 (also backtracked) or 100 ms, Studio's envelope
    /// follower or a slower one, on the amplitude or the K-weighted signal, with no noise floor or one at −40 or −30 dB,
    /// the continuous ducked under a transient to nothing or by a half; 80 intensity points per second (40 lost to it in
    /// every earlier run). And the defaults (Studio's envelope and emphasis, and our onsets), read from the file.
    static var grid: [Candidate] {
        var out: [Candidate] = []
        let followers: [(String, EnvelopeFollower.Settings)] = [
            ("studio", .studio), ("slow", EnvelopeFollower.Settings(rmsWindow: 0.01, attack: 0.002, hold: 0.01, release: 0.15)),
        ]
        let defaults = AudioToHapticsOptions(preset: .general)
        // The grid is our own analysis (the defaults before Studio's envelope and emphasis became theirs); the defaults
        // are a candidate of their own.
        var ours = defaults
        ours.studio = nil
        ours.ownOnsets = false
        ours.density = 80
        for (name, follower) in followers {
            for weighting in EnvelopeWeighting.allCases {
                for floor in [nil, -40.0, -30.0] {
                    for ducking in [1.0, 0.5] {
                        for relativeRise in [0.5, 0.3] {
                            for sensitivity in [0.7, 0.8, 0.9, 1.0] {
                                for (spacing, backtrack) in [(0.03, false), (0.05, false), (0.05, true), (0.1, false)] {
                                    var o = ours
                                    o.follower = follower
                                    o.weighting = weighting
                                    o.noiseFloorDecibels = floor
                                    o.transientDucking = ducking
                                    o.transients.relativeRise = relativeRise
                                    o.transients.sensitivity = sensitivity
                                    o.transients.minimumSpacing = spacing
                                    o.transients.backtrack = backtrack
                                    out.append(candidate(o, follower: name, defaults: defaults))
                                }
                            }
                        }
                    }
                }
            }
        }
        if !out.contains(where: \.isDefault) {
            out.append(
                Candidate(
                    options: defaults, label: "today's defaults", analysisKey: "studio" + defaults.weighting.rawValue, isDefault: true))
        }
        return out
    }

    /// The candidate of options `o` (the `general` preset changed along the grid's axes), its follower named `follower`.
    static func candidate(_ o: AudioToHapticsOptions, follower: String, defaults: AudioToHapticsOptions) -> Candidate {
        let t = o.transients
        let label = String(
            format: "%@ follower%@, sensitivity %.1f%@, %.0f ms%@, %.0f points/s%@, ducking %.1f", follower,
            o.weighting == .loudness ? " on loudness" : "", t.sensitivity,
            t.relativeRise != 0.5 ? String(format: ", a rise of %.1f", t.relativeRise) : "", t.minimumSpacing * 1000,
            t.backtrack ? ", backtracked" : "", o.density, o.noiseFloorDecibels.map { String(format: ", floor %.0f dB", $0) } ?? "",
            o.transientDucking)
        return Candidate(options: o, label: label, analysisKey: follower + o.weighting.rawValue, isDefault: o == defaults)
    }
}

/// One pattern's scores against its sound and the reference onsets.
struct SoundScore {
    let matched25: Int
    let matched50: Int
    let predicted: Int
    let referenced: Int
    let correlation: Double
    /// Spearman's rank correlation of the same two envelopes where the sound is within 60 dB of its peak: how well the
    /// pattern orders loud and quiet moments as the sound does, whatever curve maps one to the other.
    let rankCorrelation: Double
    let clean: Bool

    init(pattern: AHAPPattern, sound: String, reference: [Double], diagnostics: [Diagnostic]? = nil) throws {
        let transients = pattern.events.filter { $0.eventType == .hapticTransient }.map(\.time).sorted()
        matched25 = OnsetMatching.matches(transients, reference, window: 0.025)
        matched50 = OnsetMatching.matches(transients, reference, window: 0.050)
        predicted = transients.count
        referenced = reference.count
        let (haptic, audio) = try PatternSync.envelopes(pattern: pattern, sound: .file(path: sound, offset: 0))
        correlation = PatternSync.report(pattern: pattern, haptic: haptic, sound: audio).correlationAtZero
        // Ranks over the milliseconds where the sound is within 60 dB of its peak: below that the order of two levels
        // is neither heard nor felt (√ of −60 dB is intensity 0.03), and a digital-silence tail would rank on noise.
        let audible = (audio.max() ?? 0) * 0.001
        let kept = audio.indices.filter { audio[$0] >= audible && audible > 0 }
        rankCorrelation = spearman(kept.map { haptic[$0] }, kept.map { audio[$0] })
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
    let medianRank: Double
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
        let r = s.map(\.correlation)
        medianR = r.isEmpty ? 0 : Median.of(r)
        meanR = r.reduce(0, +) / Double(max(1, r.count))
        let ranks = s.map(\.rankCorrelation)
        medianRank = ranks.isEmpty ? 0 : Median.of(ranks)
        clean = s.filter(\.clean).count
        count = s.count
    }

    /// What a fold maximises: the mean of the per-sound onset F (±25 and ±50 ms), the median correlation and the median
    /// rank correlation, so that a long sound with many onsets does not outweigh the rest (pooled counts let one 23 s
    /// ambience decide), and a floor cannot buy a higher linear correlation by flattening the order of quiet moments; a
    /// setting with an unclean output is never preferred.
    var objective: Double { (soundF25 + soundF50 + medianR + medianRank) / 4 - (clean < count ? 1 : 0) }
}

/// A benchmark that cannot go on, and why.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
