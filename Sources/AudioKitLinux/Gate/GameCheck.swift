import Foundation

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
                    map: map, onset: try onsets.onset(track.audio),
                    options: BeatCheckOptions(tolerance: track.tolerance ?? BeatCheckTuning.defaultTolerance),
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
            try tempo
            ? TempoEstimator.onsetStrength(path: path, limits: limits)
            : SpectralFlux.analyze(path: path, limits: limits, pitchClasses: true)
        lock.withLock { entries[key] = onset }
        return onset
    }
}

extension GameManifest {
    /// Reads a manifest, JSON or (by its `.yaml`/`.yml` extension) YAML with libyaml, as `beatmap ci` does: its syntax,
    /// then every key against `ManifestSchema`, the tracks and the AHAP files (each path resolved beside it), and that it
    /// lists something.
    public static func read(_ path: String, allowOutside: Bool = false, limits: InputLimits = .standard) throws(InputError) -> (
        GameManifest?, [Diagnostic]
    ) {
        try read(path, allowOutside: allowOutside, limits: limits, yaml: { LibYAML.decode($0, maxDepth: $1) })
    }
}
