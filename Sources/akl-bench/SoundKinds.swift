import AudioKitLinux
import Foundation

/// `akl-bench sound-kinds FILE...`: the kind `SoundClassifier` tells for each sound, with its descriptors, and a count
/// per kind.
func soundKinds(_ paths: [String]) throws {
    var counts: [SoundKind: Int] = [:]
    for path in paths {
        let (kind, d) = SoundClassifier.classify(try SoundFeatures.analyze(path: path))
        counts[kind, default: 0] += 1
        print(describe((path as NSString).lastPathComponent, kind, d))
    }
    print("kinds: " + SoundKind.allCases.compactMap { k in counts[k].map { "\(k.rawValue) \($0)" } }.joined(separator: ", "))
}

/// One line: a sound's kind and descriptors.
func describe(_ name: String, _ kind: SoundKind, _ d: SoundDescriptors) -> String {
    String(
        format:
            "%@: %@: sounding %.2f s, sustain %.2f, %.1f onsets/s, centroid %.0f Hz, flatness %.3f, low-energy frames %.2f, periodicity %.2f",
        name, kind.rawValue, d.soundingDuration, d.sustain, d.onsetRate, d.centroid, d.flatness, d.lowEnergyShare, d.periodicity)
}
