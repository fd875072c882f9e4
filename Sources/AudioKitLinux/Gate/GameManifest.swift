import Foundation

/// One game's audio set: tracks with their declared BPM and beat maps, and AHAP files.
/// Paths are relative to the manifest's folder and may not leave it (unless allowed).
public struct GameManifest: Sendable {
    /// One track entry: its audio file, declared tempo and beat maps.
    public struct Track: Sendable {
        /// Path of the track's audio file, joined to the manifest's folder.
        public let audio: String
        /// The declared tempo in BPM; nil when the entry declares none (no tempo check is run).
        public let bpm: Double?
        /// Paths of the beat maps to check against this track; entries that are missing or outside the folder are left out.
        public let beatmaps: [String]
        /// JSON path of this track in the manifest, for findings.
        public let path: String
        /// How far a beat may be from its onset before it is flagged, in seconds (`tolerance_ms`, per track or for
        /// the whole manifest; default `BeatCheckTuning.defaultTolerance`).
        public let tolerance: Double
    }

    /// The manifest's path, as given.
    public let file: String
    /// The manifest's folder ("." when the path has none), against which every entry is resolved.
    public let baseDirectory: String
    /// The track entries whose audio path resolved; the others are reported as findings.
    public let tracks: [Track]
    /// Paths of the AHAP files to validate, joined to the manifest's folder.
    public let ahap: [String]
    /// The limits every job applies to the files it reads.
    public let limits: InputLimits
    let positions: ManifestPositions

    /// Every file the manifest names: tracks, beat maps and AHAP files.
    public var files: [String] { tracks.flatMap { [$0.audio] + $0.beatmaps } + ahap }

    /// Reads a manifest, JSON or (by its `.yaml`/`.yml` extension) YAML: its syntax, then every key against
    /// `ManifestSchema`, the tracks and the AHAP files (each path resolved beside it), and that it lists something.
    public static func read(_ path: String, allowOutside: Bool = false, limits: InputLimits = .standard) throws(InputError) -> (
        GameManifest?, [Diagnostic]
    ) {
        let bytes = try InputFile.read(path, maxBytes: limits.maxFileBytes)
        let (root, index): (JSONValue, ManifestPositions)
        switch ManifestReader.decode(bytes, path: path, limits: limits) {
        case .syntaxError(let syntax): return (nil, [syntax])
        case .value(let value, let positions): (root, index) = (value, positions)
        }
        var reader = ManifestReader(path: path, index: index, allowOutside: allowOutside)
        guard let object = root.object else {
            reader.invalid("", "the manifest must be an object with \"tracks\" and \"ahap\"")
            return (nil, reader.findings)
        }
        // Nothing the manifest says is skipped: an unknown key or a value of the wrong type is an error, never ignored.
        ManifestSchema.check(object, pointer: "", keys: ManifestSchema.topLevel) { reader.invalid($0, $1, key: $2) }
        let manifestTolerance = reader.tolerance(object["tolerance_ms"], "/tolerance_ms", default: BeatCheckTuning.defaultTolerance)
        let tracks = (object["tracks"]?.array ?? []).enumerated().compactMap { i, t in
            reader.track(t, "/tracks/\(i)", tolerance: manifestTolerance)
        }
        let ahap = (object["ahap"]?.array ?? []).enumerated().compactMap { reader.resolve($0.element, "/ahap/\($0.offset)") }
        if tracks.isEmpty && ahap.isEmpty && reader.findings.isEmpty {
            // A gate never passes on nothing.
            reader.invalid(
                "",
                "the manifest lists no track and no AHAP file, so there is nothing to check; list them under \"tracks\" and \"ahap\"")
        }
        return (
            GameManifest(file: path, baseDirectory: reader.base, tracks: tracks, ahap: ahap, limits: limits, positions: index),
            reader.findings
        )
    }

    /// Where a JSON pointer stands in the manifest.
    public func location(_ pointer: String) -> SourceLocation {
        let p = positions.valuePosition(pointer)
        return SourceLocation(file: file, line: p?.line, column: p?.column, jsonPath: pointer)
    }
}

/// Runs every check a manifest asks for, in parallel across cores.
public enum GameCheck {
    /// One check: a track's declared tempo, a beat map against its track, or an AHAP file.
    public struct Job: Sendable {
        /// What is checked; the tempo and beat-map jobs carry their track.
        public enum Kind: Sendable {
            /// Check the track at `asset` against this declared BPM.
            case tempo(Double, GameManifest.Track)
            /// Check the beat map at this path against the track.
            case beatmap(String, GameManifest.Track)
            /// Validate the AHAP file at `asset`.
            case ahap
        }
        /// What the job checks.
        public let kind: Kind
        /// The file the job is about (the track, the map or the AHAP file).
        public let asset: String
    }

    /// The result of one job.
    public struct Outcome: Sendable {
        /// The job that ran.
        public let job: Job
        /// The job's findings; empty when it could not run.
        public let diagnostics: [Diagnostic]
        /// Why the job could not run, when it could not.
        public let failure: InputError?
        /// One line for the summary table, such as "120.00 BPM (declared 120)" or "3 of 64 beats flagged, offset +1.2 ms".
        public let summary: String
    }

    /// The jobs a manifest asks for: for each track a tempo job when it declares a BPM and a job per beat map;
    /// then one job per AHAP file.
    public static func jobs(_ m: GameManifest) -> [Job] {
        var jobs: [Job] = []
        for t in m.tracks {
            if let bpm = t.bpm { jobs.append(Job(kind: .tempo(bpm, t), asset: t.audio)) }
            for map in t.beatmaps { jobs.append(Job(kind: .beatmap(map, t), asset: map)) }
        }
        for a in m.ahap { jobs.append(Job(kind: .ahap, asset: a)) }
        return jobs
    }

    /// Shard `index` (1-based) of `count`: every count-th job, so shards are balanced and stable.
    public static func shard(_ jobs: [Job], index: Int, count: Int) -> [Job] {
        jobs.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Runs `jobs` in parallel across cores and returns their outcomes in the same order. `tolerance` is the tempo
    /// tolerance as a fraction of the declared BPM (0.005 = 0.5 %); a job that throws is reported in its outcome's `failure`.
    public static func run(_ jobs: [Job], manifest: GameManifest, tolerance: Double = 0.005) -> [Outcome] {
        let slots = ResultSlots<Outcome>(count: jobs.count)
        let onsets = OnsetCache(limits: manifest.limits.audio)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            slots.set(i, run(jobs[i], manifest: manifest, tolerance: tolerance, onsets: onsets))
        }
        return slots.values.compactMap { $0 }
    }

    static func run(_ job: Job, manifest: GameManifest, tolerance: Double, onsets: OnsetCache) -> Outcome {
        do throws(InputError) {
            switch job.kind {
            case .tempo(let bpm, let track):
                let onset = try onsets.onset(job.asset, tempo: true)
                let (estimate, check) = TempoEstimator.check(onset, expected: bpm, tolerance: tolerance, allowOctave: false)
                let d =
                    check.verdict == .pass
                    ? []
                    : [
                        Diagnostic(
                            ruleID: BeatMapRules.bpmMismatch, severity: .error, location: manifest.location(track.path + "/bpm"),
                            message: "\(job.asset): \(check.message)")
                    ]
                return Outcome(
                    job: job, diagnostics: d, failure: nil,
                    summary: estimate.map { String(format: "%.2f BPM (declared %@)", $0.bpm, RuleText.number(bpm)) } ?? "no tempo")
            case .beatmap(let path, let track):
                let read = try BeatMapReader.read(path: path, limits: manifest.limits)
                guard let map = read.map else {
                    return Outcome(job: job, diagnostics: read.diagnostics, failure: nil, summary: "unreadable")
                }
                let report = BeatChecker.check(
                    map: map, onset: try onsets.onset(track.audio), options: BeatCheckOptions(tolerance: track.tolerance),
                    audioPath: track.audio)
                return Outcome(
                    job: job, diagnostics: read.diagnostics + report.diagnostics, failure: nil,
                    summary: "\(report.flaggedCount) of \(map.count) beats flagged"
                        + (report.offset.map { String(format: ", offset %+.1f ms", $0 * 1000) } ?? ""))
            case .ahap:
                let r = try AHAPValidator.validate(path: job.asset, options: AHAPValidationOptions(limits: manifest.limits))
                return Outcome(
                    job: job, diagnostics: r.diagnostics, failure: nil,
                    summary: "\(r.diagnostics.count(of: .error)) errors, \(r.diagnostics.count(of: .warning)) warnings")
            }
        } catch {
            return Outcome(job: job, diagnostics: [], failure: error, summary: "could not run")
        }
    }

    /// The summary table.
    public static func table(_ outcomes: [Outcome]) -> String {
        let rows = outcomes.map { o -> (String, String, String, String) in
            let kind: String
            switch o.job.kind {
            case .tempo: kind = "tempo"
            case .beatmap: kind = "beat map"
            case .ahap: kind = "AHAP"
            }
            let status = o.failure != nil ? "ERROR" : o.diagnostics.contains { $0.severity == .error } ? "FAIL" : "ok"
            return (status, kind, o.job.asset, o.summary)
        }
        let w = (rows.map(\.2.count).max() ?? 10) + 2
        return rows.map {
            "\($0.0.padding(toLength: 6, withPad: " ", startingAt: 0)) \($0.1.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.2.padding(toLength: w, withPad: " ", startingAt: 0)) \($0.3)"
        }.joined(separator: "\n") + "\n"
    }
}

/// Onset strength per track, computed once per run: a track's beat-map jobs share
/// the checker's; its tempo job uses the tempo tracker's (a 20 ms flux lag).
final class OnsetCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: OnsetStrength] = [:]
    private let limits: AudioLimits

    init(limits: AudioLimits) { self.limits = limits }

    func onset(_ path: String, tempo: Bool = false) throws(InputError) -> OnsetStrength {
        let key = "\(tempo) \(path)"
        if let cached = lock.withLock({ entries[key] }) { return cached }
        let onset =
            try tempo ? TempoEstimator.onsetStrength(path: path, limits: limits) : SpectralFlux.analyze(path: path, limits: limits)
        lock.withLock { entries[key] = onset }
        return onset
    }
}

/// Positions of values in a manifest, by JSON pointer: from the JSON text, or recorded while reading YAML.
enum ManifestPositions: Sendable {
    case json(JSONPositionIndex)
    case yaml([String: TextPosition])

    func valuePosition(_ pointer: String) -> TextPosition? {
        switch self {
        case .json(let index): index.valuePosition(pointer)
        case .yaml(let positions): positions[pointer]
        }
    }

    /// Where the key of the member at `pointer` stands (the YAML reader records it under "#" and the pointer).
    func keyPosition(_ pointer: String) -> TextPosition? {
        switch self {
        case .json(let index): index.keyPosition(pointer) ?? index.valuePosition(pointer)
        case .yaml(let positions): positions["#" + pointer] ?? positions[pointer]
        }
    }
}
