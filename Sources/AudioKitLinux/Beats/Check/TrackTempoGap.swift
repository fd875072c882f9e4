import Foundation

/// A map's one tempo, or one tempo section's, a little off the track's (`BeatCheckReport.trackBPM`, measured from the
/// audio over the hits): how far the map's grid runs from the music by the last hit, the tempo to set, and whether the
/// hits keep their beats (they sit on the map's lines: a chart written on that grid, whose hits drift with it) or their
/// times (they are off its lines: notes kept in milliseconds, under a tempo map typed or edited wrong). What
/// `beatmap.drift` says of a chart, and the editor's one-click fix sets.
struct TrackTempoGap {
    /// The map's tempo over its first hit (BPM).
    let map: Double
    /// The track's tempo measured over the hits (BPM).
    let track: Double
    /// How far the map's grid is from the music by the last hit (seconds, positive when ahead).
    let accumulated: Double
    /// The tempo to set: the whole one nearest the track's when within 0.05 % of it (music is mostly made at whole
    /// tempi, and a tempo that near is one the check accepts), else the track's to 0.01 BPM.
    let fix: Double
    /// How many hits sit within 1.5 ms of a 1/12 or 1/16 line of the map's grid (as an editor's snap put them), of `hits`.
    let onLines: Int
    /// The hits judged.
    let hits: Int
    /// The first hit judged (seconds): the fix sets the tempo of the section that holds it.
    let at: Double
    /// The tempo section off the track, numbered from 1 as the editor numbers them, and where it starts (seconds); nil
    /// for a map that holds one tempo over its hits.
    let section: (number: Int, start: Double)?

    /// The least tempo difference said on the track's tempo alone (a ratio); `agreed` when the drift of the hits' own
    /// errors says the same.
    static let floor = 0.002
    /// The least tempo difference said when the hits' errors drift the same way by more than half the tolerance (a
    /// chart typed at 179.8 on a 180 BPM song: 0.11 %, 116 ms by its last hit, and its hits 73 ms off).
    static let agreed = 0.0005

    /// True when at least half the hits sit on the map's lines: they keep their beats, so they drift with the grid,
    /// and the fix moves them with it.
    var hitsKeepBeats: Bool { 2 * onLines >= hits }

    /// The gap of report `r`'s map, when by the last hit its grid is more than half of `tolerance` off the track's
    /// beats and the two tempi differ by `floor` or more (`agreed` when the hits' own drift says so too); nil otherwise.
    ///
    /// The hits' drift cannot agree once their errors wrap (on music with an onset at every 16th, a hit more than half a
    /// 16th off meets its neighbour's: Goin' Under typed at 209.7 on its 210 BPM song, 170 ms off by its last hit, read
    /// −0.16 ms a second); then the onsets under the hits agree instead when they gather `foldAgreement` times more
    /// sharply at the track's tempo than at the map's (`TrackTempoAgainstMap.gathering`: at the music's own tempo its
    /// fold is sharpest, and a tempo 0.14 % off smears it over 0.6 of a beat in two minutes).
    init?(_ r: BeatCheckReport, tolerance: Double) {
        guard let track = r.trackBPM, let grid = r.tempoMap, let first = r.beats.first?.time, let last = r.beats.last?.time
        else { return nil }
        let bpm = (grid.sections.last { $0.time <= first } ?? grid.sections[0]).bpm
        let folds = { TrackTempoAgainstMap.gathersSharper(track, than: bpm, from: first, to: last, onset: r.onset, by: Self.foldAgreement) }
        self.init(map: bpm, track: track, hits: r.beats.map(\.time), grid: grid, tolerance: tolerance, hitsDrift: r.drift, folds: folds)
    }

    /// How many times more sharply the onsets under the hits must gather at the track's tempo than at the map's to agree
    /// that the map's is off, where the hits' own drift cannot say.
    static let foldAgreement = 1.25

    /// The gap of `hits` (sorted) on `grid` at `bpm` against the track's tempo `track`, for the whole map or for
    /// `section`; `hitsDrift` is the drift of the hits' own errors (seconds a second, positive when the hits fall ever
    /// later than their sounds), nil when not measured; `folds` says whether the onsets under the hits agree instead.
    init?(
        map bpm: Double, track: Double, hits: [Double], grid: TempoMap, tolerance: Double, hitsDrift: Double?,
        section: (number: Int, start: Double)? = nil, folds: () -> Bool = { false }
    ) {
        guard let first = hits.first, let last = hits.last else { return nil }
        // The map's beats over the hits' stretch, played at the track's tempo, take (map / track) times as long.
        let accumulated = (last - first) * (bpm / track - 1)
        // A map ahead of the music has its hits ever earlier than their sounds: a drift of the other sign.
        let hitsAgree = hitsDrift.map { $0 * accumulated < 0 && abs($0 * (last - first)) > tolerance / 2 } ?? false
        let off = abs(bpm / track - 1)
        guard abs(accumulated) > tolerance / 2, off >= Self.floor || (off >= Self.agreed && (hitsAgree || folds())) else { return nil }
        let whole = track.rounded()
        (map, self.track, self.accumulated) = (bpm, track, accumulated)
        fix = abs(whole / track - 1) <= 0.0005 ? whole : (track * 100).rounded() / 100
        onLines = hits.filter { grid.subdivision(of: $0, levels: [12, 16], tolerance: 0.0015) != nil }.count
        self.hits = hits.count
        at = first
        self.section = section
    }

    /// The `beatmap.drift` finding: an error when the grid is more than `tolerance` off by the last hit; at the first
    /// hit judged.
    func finding(map file: BeatMap, tolerance: Double) -> Diagnostic {
        let severity: Severity = abs(accumulated) > tolerance ? .error : .warning
        let whole = fix == fix.rounded() ? " (the whole tempo nearest it)" : ""
        let set = String(format: whole.isEmpty ? "%.2f" : "%.0f", fix) + " BPM" + whole
        let measured =
            section.map {
                String(
                    format:
                        "tempo section %d of the map (from %.3f s) is at %.2f BPM and the track at %.2f BPM there (measured from the audio over the section's hits): ",
                    $0.number, $0.start, map, track)
            }
            ?? String(format: "the map's tempo is %.2f BPM and the track's %.2f BPM (measured from the audio over the hits): ", map, track)
        let by = String(
            format: "by the %@last hit its grid is %.0f ms %@ the music (%.1f beats)", section == nil ? "" : "section's ",
            abs(accumulated) * 1000, accumulated > 0 ? "ahead of" : "behind", abs(accumulated) * track / 60)
        let what = section.map { "Set section \($0.number)'s tempo to \(set)" }
        let fixText =
            hitsKeepBeats
            ? ". \(what ?? "Set the tempo to \(set)"), the notes keeping their beats"
            : String(format: "; its hits follow the music, not the grid (%d of %d on its lines). ", onLines, hits)
                + "\(what ?? "Set the tempo map to \(set)"), the hits keeping their times"
        let index = file.times.firstIndex { $0 >= at - 1e-9 } ?? 0
        let location = section == nil ? file.locations.first : file.locations.indices.contains(index) ? file.locations[index] : nil
        return Diagnostic(
            ruleID: BeatMapRules.drift, severity: severity, location: location ?? SourceLocation(file: file.file),
            message: measured + by + fixText)
    }
}
