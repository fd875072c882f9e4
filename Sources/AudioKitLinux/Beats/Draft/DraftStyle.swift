import Foundation

/// How a team charts, as `ChartDrafter` drafts: which subdivisions of the beat carry hits, which bands of the sound
/// become hits, where its charts sit against the audio, how dense they are and how close hits may come. Learned
/// from the team's own charts with their songs (`DraftStyle.learn`), or the built-in `standard`. Saved as a small
/// JSON file a person can read (`beatmap draft --save-style`, `--style`), and told in words by `explanation`.
public struct DraftStyle: Sendable, Equatable, Codable {
    /// The subdivision levels a style weighs, coarsest first: the beat, eighths, triplets, sixteenths, sextuplets.
    public static let levels = [1, 2, 3, 4, 6]
    /// The band groups the flux is split into: below 250 Hz (kick, bass), 250 Hz–2.5 kHz (snare, voice, melody),
    /// above 2.5 kHz (hats, cymbals); Mixxx's EQ edges, as the editor's waveform colours them.
    public static let bandEdges = [250.0, 2500.0]
    /// The names of the band groups, low to high.
    public static let bandNames = ["low", "mid", "high"]

    /// The weight of a grid line by the coarsest level it lies on, keyed "1/1", "1/2", "1/3", "1/4", "1/6"; a level
    /// at 0 gets no hit.
    public var subdivisions: [String: Double]
    /// The weight of each band group's onsets in a line's salience, keyed "low", "mid", "high"; they sum to 1.
    public var bands: [String: Double]
    /// Where the charts sit against the audio's onsets, in ms (negative: the hits come before the sound); drafts on
    /// a tempo map fitted to the audio are moved by it.
    public var offsetMs: Double
    /// Hits per second of the charts learned from; nil for the built-in style.
    public var density: Double?
    /// The closest two hits of a draft may come, in ms.
    public var minGapMs: Double
    /// How much a bar's salience is replaced by the mean of the bars that sound like it (0…1): repeated music is
    /// charted the same way.
    public var repetition: Double
    /// The charts the style was learned from; empty for the built-in style.
    public var learnedFrom: [String]

    enum CodingKeys: String, CodingKey {
        case subdivisions, bands, repetition
        case offsetMs = "offset_ms"
        case density = "hits_per_second"
        case minGapMs = "min_gap_ms"
        case learnedFrom = "learned_from"
    }

    /// The built-in style. Its subdivision weights rank the levels as charts use them: of the 3,166 hits of the seven
    /// charts in ../shared/corpus/charts, 41 % are on beats, 33 % on eighths, 25 % on sixteenths and 1 % on
    /// triplets; the values 1, 0.8 and 0.3 were chosen on those charts (bench/draft.py), where 0.8 against 0.6 for
    /// eighths and 0.3 against 0.6 for sixteenths raised pooled F at ±50 ms from 0.806 to 0.822 on their own grids.
    /// Triplets are off until a team's charts use them. The three bands weigh the same. The minimum gap is
    /// `beatmap lint`'s own: closer hits are one tap for a player (`beatmap.too_close`).
    public static let standard = DraftStyle(
        subdivisions: ["1/1": 1, "1/2": 0.8, "1/3": 0, "1/4": 0.3, "1/6": 0],
        bands: ["low": 1.0 / 3, "mid": 1.0 / 3, "high": 1.0 / 3], offsetMs: 0, density: nil, minGapMs: 60, repetition: 0.5,
        learnedFrom: [])

    /// A style with these values.
    public init(
        subdivisions: [String: Double], bands: [String: Double], offsetMs: Double, density: Double?, minGapMs: Double,
        repetition: Double, learnedFrom: [String]
    ) {
        self.subdivisions = subdivisions
        self.bands = bands
        self.offsetMs = offsetMs
        self.density = density
        self.minGapMs = minGapMs
        self.repetition = repetition
        self.learnedFrom = learnedFrom
    }

    /// The weight of `level` (0 when the style has none).
    public func weight(ofLevel level: Int) -> Double { subdivisions[Subdivision.name(level)] ?? 0 }

    /// The weight of band group `index` (0 low, 1 mid, 2 high).
    public func weight(ofBand index: Int) -> Double { bands[Self.bandNames[index]] ?? 0 }

    /// The levels with a weight above 0, coarsest first.
    public var usedLevels: [Int] { Self.levels.filter { weight(ofLevel: $0) > 0 } }

    /// The style as the JSON file `--save-style` writes: sorted keys, two-space indents.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return (String(data: data, encoding: .utf8) ?? "{}") + "\n"
    }

    /// The style in a style file's bytes, checked: every key known, every value finite and in range. Throws
    /// `InputError` naming the file and what is wrong.
    public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> DraftStyle {
        let decoded = bytes.withUnsafeBytes { Jansson.decode($0, maxDepth: 8) }
        guard case .success(let root) = decoded, case .object(let o) = root else {
            throw InputError(.corrupt, path: file, reason: "a draft style is a JSON object, as a saved style is")
        }
        let known: Set<String> = ["subdivisions", "bands", "offset_ms", "hits_per_second", "min_gap_ms", "repetition", "learned_from"]
        if let unknown = o.keys.first(where: { !known.contains($0) }) {
            throw InputError(
                .corrupt, path: file, reason: "unknown key \"\(unknown)\"; a style holds \(known.sorted().joined(separator: ", "))")
        }
        func table(_ key: String, _ names: [String]) throws(InputError) -> [String: Double] {
            guard case .object(let t)? = o[key] else { throw InputError(.corrupt, path: file, reason: "\"\(key)\" must be an object") }
            var out: [String: Double] = [:]
            for member in t.members {
                let (k, v) = (member.key, member.value)
                guard names.contains(k), let x = v.number, x.isFinite, x >= 0, x <= 1 else {
                    throw InputError(
                        .corrupt, path: file,
                        reason: "\"\(key)\".\"\(k)\" must be one of \(names.joined(separator: ", ")) with a weight in 0…1")
                }
                out[k] = x
            }
            return out
        }
        func number(_ key: String, _ range: ClosedRange<Double>) throws(InputError) -> Double? {
            guard let v = o[key] else { return nil }
            guard let x = v.number, x.isFinite, range.contains(x) else {
                throw InputError(.corrupt, path: file, reason: "\"\(key)\" must be a number in \(range.lowerBound)…\(range.upperBound)")
            }
            return x
        }
        let subdivisions = try table("subdivisions", levels.map(Subdivision.name))
        guard subdivisions.values.contains(where: { $0 > 0 }) else {
            throw InputError(.corrupt, path: file, reason: "\"subdivisions\" gives no level a weight above 0; no line could get a hit")
        }
        let bands = try table("bands", bandNames)
        guard bands.values.contains(where: { $0 > 0 }) else {
            throw InputError(.corrupt, path: file, reason: "\"bands\" gives no band a weight above 0")
        }
        var sources: [String] = []
        if let l = o["learned_from"] {
            guard let items = l.array, items.allSatisfy({ $0.string != nil }) else {
                throw InputError(.corrupt, path: file, reason: "\"learned_from\" must be an array of strings")
            }
            sources = items.compactMap(\.string)
        }
        return DraftStyle(
            subdivisions: subdivisions, bands: bands, offsetMs: try number("offset_ms", -500...500) ?? 0,
            density: try number("hits_per_second", 0.01...50), minGapMs: try number("min_gap_ms", 0...1000) ?? 60,
            repetition: try number("repetition", 0...1) ?? 0.5, learnedFrom: sources)
    }

    /// The style in words, a line each, for `--explain`.
    public var explanation: String {
        func pct(_ x: Double) -> String { String(format: "%.0f %%", x * 100) }
        var lines: [String] = []
        lines.append(learnedFrom.isEmpty ? "style: built in" : "style: learned from \(learnedFrom.joined(separator: ", "))")
        let levelText = Self.levels.map { "\(Subdivision.name($0)) \(String(format: "%.2f", weight(ofLevel: $0)))" }
        lines.append("  grid lines weighed by level: \(levelText.joined(separator: ", ")) (0: never charted)")
        let bandText = zip(Self.bandNames, ["below 250 Hz", "250 Hz–2.5 kHz", "above 2.5 kHz"]).map {
            "\($0) (\($1)) \(pct(bands[$0] ?? 0))"
        }
        lines.append("  onsets weighed by band: \(bandText.joined(separator: ", "))")
        lines.append(String(format: "  charts sit %+.1f ms from the audio's onsets", offsetMs))
        lines.append(density.map { String(format: "  density %.2f hits per second", $0) } ?? "  density: none learned")
        lines.append(String(format: "  hits at least %.0f ms apart; repeated bars charted alike (%@)", minGapMs, pct(repetition)))
        return lines.joined(separator: "\n") + "\n"
    }
}
