import AudioKitLinux
import Foundation

/// Audio-to-haptics settings chosen by leave-one-source-out cross-validation, and their held-out figures next to Meta
/// Haptics Studio's exports of the same sounds: `akl-bench haptics-cv SFX_DIR META_DIR ONSETS_DIR`.
///
/// The corpus's sounds come from several projects (SOURCES.tsv, column `repo`). For each project in turn, every
/// candidate setting is scored on the sounds of the *other* projects, the best is chosen, and it is then scored on the
/// held-out project's sounds only; the figures reported pool those held-out scores, so no sound is scored by a setting
/// chosen on it (Hastie, Tibshirani & Friedman, *The Elements of Statistical Learning*, 2nd ed., §7.10; grouped folds,
/// so that sounds of one game do not sit on both sides). The choice maximises the mean of four measures (transient
/// onset F at ±25 ms and ±50 ms, averaged over sounds, and the median envelope correlation and rank correlation), so
/// that no one measure is bought with another; a setting with any output that has a warning is never chosen. The same
/// is done within each kind of sound `SoundClassifier` tells, and `--preset auto` as shipped is scored beside.
/// With `AKL_CV_ALL` set, every candidate's scores on the whole corpus are printed first.
func hapticsCrossValidation(_ args: [String]) throws {
    var run = try HapticsCrossValidation(sfx: args[2], meta: args[3], onsets: args[4])
    for name in run.names { try run.score(name) }
    if ProcessInfo.processInfo.environment["AKL_CV_ALL"] != nil { run.printEveryCandidate() }
    run.crossValidate()
    run.printSummary()
    run.printKinds()
    run.printChosenOnAll()
}

/// The cross-validation's corpus, every sound's scores under every candidate, and what the folds chose.
struct HapticsCrossValidation {
    let sfx: String, meta: String, onsetsDir: String
    let sources: [String: String]
    let categories: [String: String]
    let names: [String]
    let candidates: [Candidate]
    /// Every sound scored under every candidate once ([sound][candidate]); folds only choose among these scores.
    var scores: [[SoundScore]] = []
    var metaScores: [SoundScore] = []
    var kinds: [SoundKind] = []
    var autoScores: [SoundScore] = []
    var ourErrors = TransientErrors(), metaErrors = TransientErrors()
    var heldOut: [SoundScore?] = []
    var heldOutByKind: [SoundScore?] = []
    var chosenCounts: [String: Int] = [:]
    var chosenByKind: [SoundKind: [String: Int]] = [:]

    /// The projects the sounds come from: one fold each.
    var folds: [String] { Array(Set(names.map { sources[$0]! })).sorted() }
    /// Today's defaults among the candidates.
    var defaults: Int { candidates.firstIndex { $0.isDefault }! }

    init(sfx: String, meta: String, onsets: String) throws {
        self.sfx = sfx
        self.meta = meta
        onsetsDir = onsets
        let sources = try readSources((sfx as NSString).appendingPathComponent("SOURCES.tsv"))
        self.sources = sources
        categories = try readColumn((sfx as NSString).appendingPathComponent("SOURCES.tsv"), "category")
        let audioExtensions: Set<String> = ["wav", "ogg", "mp3", "flac"]
        names = try FileManager.default.contentsOfDirectory(atPath: sfx)
            .filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) && sources[$0] != nil }.sorted()
        // AKL_CV_DEFAULTS_ONLY: only today's defaults (with AKL_CV_SOUNDS, a quick look at each sound next to Meta's).
        candidates =
            ProcessInfo.processInfo.environment["AKL_CV_DEFAULTS_ONLY"] != nil ? Candidate.grid.filter(\.isDefault) : Candidate.grid
        heldOut = [SoundScore?](repeating: nil, count: names.count)
        heldOutByKind = heldOut
    }

    /// Scores the sound `name` under every candidate, as `--preset auto` makes it, and as Meta's export of it.
    mutating func score(_ name: String) throws {
        let path = (sfx as NSString).appendingPathComponent(name)
        let stem = (name as NSString).deletingPathExtension
        let reference = try String(contentsOfFile: (onsetsDir as NSString).appendingPathComponent(stem + ".txt"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        var features: [String: SoundFeatures] = [:]
        var row: [SoundScore] = []
        for c in candidates {
            let key = c.analysisKey
            // Studio's analysis reads the file its own way (its clock, its flux): converted from the file.
            if c.options.studio == nil && features[key] == nil {
                features[key] = try SoundFeatures.analyze(path: path, follower: c.options.follower, weighting: c.options.weighting)
            }
            let conversion =
                c.options.studio == nil
                ? AudioToHaptics.convert(features[key]!, options: c.options) : try AudioToHaptics.convert(path: path, options: c.options)
            guard let pattern = conversion.combined else { throw BenchFailure("\(name): no pattern") }
            row.append(try SoundScore(pattern: pattern, sound: path, reference: reference))
        }
        scores.append(row)
        let classified = SoundClassifier.classify(try SoundFeatures.analyze(path: path))
        kinds.append(classified.kind)
        // What `--preset auto` makes of the sound, with the presets as shipped.
        guard let automatic = try AudioToHaptics.convert(path: path, preset: .auto).combined else {
            throw BenchFailure("\(name): no pattern")
        }
        autoScores.append(try SoundScore(pattern: automatic, sound: path, reference: reference))
        print(describe(stem + " (labelled \(categories[name] ?? "?"))", classified.kind, classified.descriptors))
        let metaFile = (meta as NSString).appendingPathComponent(stem + ".ahap")
        let metaPattern = try AHAPValidator.validate(path: metaFile, options: AHAPValidationOptions(checkWaveformFiles: false))
        guard let document = metaPattern.document else { throw BenchFailure("\(metaFile) is not readable") }
        metaScores.append(
            try SoundScore(pattern: document.pattern, sound: path, reference: reference, diagnostics: metaPattern.diagnostics))
        if let d = candidates.firstIndex(where: \.isDefault), let envelope = try? SoundFeatures.analyze(path: path).envelope {
            let ours = try AudioToHaptics.convert(path: path, options: candidates[d].options).combined!
            ourErrors.add(pattern: ours, reference: reference, envelope: envelope)
            metaErrors.add(pattern: document.pattern, reference: reference, envelope: envelope)
        }
        if ProcessInfo.processInfo.environment["AKL_CV_SOUNDS"] != nil, let d = candidates.firstIndex(where: \.isDefault) {
            let ours = row[d], theirs = metaScores[metaScores.count - 1]
            print(
                String(
                    format: "%@: r %.3f vs Meta %.3f; rank %.3f vs Meta %.3f", stem, ours.correlation, theirs.correlation,
                    ours.rankCorrelation,
                    theirs.rankCorrelation))
        }
    }

    /// Every candidate's scores on the whole corpus.
    func printEveryCandidate() {
        for (k, c) in candidates.enumerated() {
            let p = Pooled(scores.map { $0[k] })
            print(
                String(
                    format: "%@: F25 %.3f F50 %.3f r %.3f rank %.3f clean %d objective %.3f", c.label, p.soundF25, p.soundF50, p.medianR,
                    p.medianRank, p.clean,
                    p.objective))
        }
    }

    /// For each project held out, the setting that scores best on the others, overall and per kind of sound.
    mutating func crossValidate() {
        let folds = self.folds
        print("| held-out source | sounds | setting chosen on the others | held-out F25 | F50 | median r |")
        print("|---|---|---|---|---|---|")
        for fold in folds {
            let test = names.indices.filter { sources[names[$0]] == fold }
            let train = names.indices.filter { sources[names[$0]] != fold }
            let best = candidates.indices.max { a, b in
                Pooled(train.map { scores[$0][a] }).objective < Pooled(train.map { scores[$0][b] }).objective
            }!
            chosenCounts[candidates[best].label, default: 0] += 1
            for i in test { heldOut[i] = scores[i][best] }
            // Per kind: the best on the other sources' sounds of that kind, where there are enough of them.
            for kind in SoundKind.allCases {
                let trainKind = train.filter { kinds[$0] == kind }
                let choice =
                    trainKind.count >= minimumPerKind
                    ? candidates.indices.max { a, b in
                        Pooled(trainKind.map { scores[$0][a] }).objective < Pooled(trainKind.map { scores[$0][b] }).objective
                    }! : best
                let testKind = test.filter { kinds[$0] == kind }
                if !testKind.isEmpty {
                    chosenByKind[kind, default: [:]][
                        trainKind.count >= minimumPerKind ? candidates[choice].label : "the fold's one setting", default: 0] +=
                        1
                }
                for i in testKind { heldOutByKind[i] = scores[i][choice] }
            }
            let p = Pooled(test.map { scores[$0][best] })
            print(
                "| \(fold) | \(test.count) | \(candidates[best].label) | \(String(format: "%.3f | %.3f | %.3f", p.f25, p.f50, p.medianR)) |"
            )
        }

    }

    /// The held-out figures next to the defaults', `--preset auto`'s and Meta's, and where the transients differ.
    func printSummary() {
        let folds = self.folds
        let cv = Pooled(heldOut.compactMap { $0 })
        let cvByKind = Pooled(heldOutByKind.compactMap { $0 })
        let shipped = Pooled(autoScores)
        let metaPooled = Pooled(metaScores)
        let fixed = Pooled(scores.map { $0[defaults] })
        print()
        print(
            "## Leave-one-source-out cross-validation over \(names.count) sounds from \(folds.count) sources (\(candidates.count) candidate settings)"
        )
        print(
            "| measure | ours, one setting, held out | ours, a setting per kind, held out | ours, the defaults (general) | ours, --preset auto | Meta Haptics Studio's exports |"
        )
        print("|---|---|---|---|---|---|")
        for (label, a, k, b, d, c) in [
            ("transient onset F-measure, ±25 ms (pooled)", cv.f25, cvByKind.f25, fixed.f25, shipped.f25, metaPooled.f25),
            ("transient onset F-measure, ±50 ms (pooled)", cv.f50, cvByKind.f50, fixed.f50, shipped.f50, metaPooled.f50),
            (
                "transient onset F-measure, ±25 ms (mean over sounds)", cv.soundF25, cvByKind.soundF25, fixed.soundF25, shipped.soundF25,
                metaPooled.soundF25
            ),
            (
                "transient onset F-measure, ±50 ms (mean over sounds)", cv.soundF50, cvByKind.soundF50, fixed.soundF50, shipped.soundF50,
                metaPooled.soundF50
            ),
            ("envelope correlation at lag 0, median", cv.medianR, cvByKind.medianR, fixed.medianR, shipped.medianR, metaPooled.medianR),
            ("envelope correlation at lag 0, mean", cv.meanR, cvByKind.meanR, fixed.meanR, shipped.meanR, metaPooled.meanR),
            (
                "envelope rank correlation (Spearman, sound within 60 dB of its peak), median", cv.medianRank, cvByKind.medianRank,
                fixed.medianRank, shipped.medianRank, metaPooled.medianRank
            ),
        ] { print("| \(label) | \(String(format: "%.3f | %.3f | %.3f | %.3f | %.3f", a, k, b, d, c)) |") }
        print(
            "| outputs with no warning or error | \(cv.clean)/\(cv.count) | \(cvByKind.clean)/\(cvByKind.count) | \(fixed.clean)/\(fixed.count) | \(shipped.clean)/\(shipped.count) | \(metaPooled.clean)/\(metaPooled.count) |"
        )
        print()
        print(
            "Settings chosen across the folds: "
                + chosenCounts.sorted { $0.value > $1.value }.map { "\($0.key) (\($0.value))" }.joined(separator: "; "))
        print()
        print("Where the transients and the onsets differ (the defaults, and Meta's exports; pairs matched within ±50 ms):")
        print("| | ours | Meta |")
        print("|---|---|---|")
        for (label, a, b) in TransientErrors.rows(ourErrors, metaErrors) { print("| \(label) | \(a) | \(b) |") }
        print()

    }

    /// The kinds told against the corpus's labels, the settings chosen per kind, and the figures per kind.
    func printKinds() {
        print("Kinds told by SoundClassifier against the corpus's labels (SOURCES.tsv's category):")
        var confusion: [String: [SoundKind: Int]] = [:]
        for (i, name) in names.enumerated() { confusion[categories[name] ?? "?", default: [:]][kinds[i], default: 0] += 1 }
        for (category, row) in confusion.sorted(by: { $0.key < $1.key }) {
            print(
                "  \(category): "
                    + row.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
        }
        print(
            "Settings chosen per kind across the folds (a kind with under \(minimumPerKind) training sounds takes the fold's one setting):")
        for kind in SoundKind.allCases {
            guard let chosen = chosenByKind[kind] else {
                print("  \(kind.rawValue): no sound of this kind in the corpus")
                continue
            }
            print("  \(kind.rawValue): " + chosen.sorted { $0.value > $1.value }.map { "\($0.key) (\($0.value))" }.joined(separator: "; "))
        }
        print(
            "Per kind (F25 and F50 per sound, median r and rank r, their mean): one setting for all and a setting per kind, both held out; then the defaults and --preset auto:"
        )
        for kind in SoundKind.allCases {
            let members = names.indices.filter { kinds[$0] == kind }
            guard !members.isEmpty else { continue }
            let rows = [
                ("one setting, held out", Pooled(members.compactMap { heldOut[$0] })),
                ("per kind, held out", Pooled(members.compactMap { heldOutByKind[$0] })),
                ("defaults", Pooled(members.map { scores[$0][defaults] })), ("--preset auto", Pooled(members.map { autoScores[$0] })),
            ]
            print(
                "  \(kind.rawValue) (\(members.count) sounds): "
                    + rows.map {
                        String(
                            format: "%@ %.3f %.3f %.3f %.3f (%.3f)", $0.0, $0.1.soundF25, $0.1.soundF50, $0.1.medianR, $0.1.medianRank,
                            $0.1.objective)
                    }
                    .joined(separator: "; "))
        }

    }

    /// The settings chosen on every sound: what the presets hold.
    func printChosenOnAll() {
        print("Chosen on all \(names.count) sounds (what the presets hold):")
        let all = Array(names.indices)
        let overall = candidates.indices.max { a, b in
            Pooled(all.map { scores[$0][a] }).objective < Pooled(all.map { scores[$0][b] }).objective
        }!
        print("  one setting: \(candidates[overall].label)")
        for kind in SoundKind.allCases {
            let members = all.filter { kinds[$0] == kind }
            guard members.count >= minimumPerKind else {
                print("  \(kind.rawValue): \(members.count) sounds, too few to choose on")
                continue
            }
            let choice = candidates.indices.max { a, b in
                Pooled(members.map { scores[$0][a] }).objective < Pooled(members.map { scores[$0][b] }).objective
            }!
            print("  \(kind.rawValue) (\(members.count) sounds): \(candidates[choice].label)")
        }
    }
}
