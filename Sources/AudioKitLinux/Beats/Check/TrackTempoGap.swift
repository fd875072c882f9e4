import Foundation

/// A map's one tempo a little off the track's (`BeatCheckReport.trackBPM`, measured from the audio over the hits): how
/// far the map's grid runs from the music by the last hit, the tempo to set, and whether the hits keep their beats (they
/// sit on the map's lines: a chart written on that grid, whose hits drift with it) or their times (they are off its
/// lines: notes kept in milliseconds, under a tempo map typed or edited wrong). What `beatmap.drift` says of a chart,
/// and the editor's one-click fix sets.
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

    /// True when at least half the hits sit on the map's lines: they keep their beats, so they drift with the grid,
    /// and the fix moves them with it.
    var hitsKeepBeats: Bool { 2 * onLines >= hits }

    /// The gap of report `r`'s map, when by the last hit its grid is more than half of `tolerance` off the track's
    /// beats and the two tempi differ by 0.2 % or more; nil otherwise.
    init?(_ r: BeatCheckReport, tolerance: Double) {
        guard let track = r.trackBPM, let grid = r.tempoMap, let first = r.beats.first?.time, let last = r.beats.last?.time else {
            return nil
        }
        let bpm = (grid.sections.last { $0.time <= first } ?? grid.sections[0]).bpm
        // The map's beats over the hits' stretch, played at the track's tempo, take (map / track) times as long.
        let accumulated = (last - first) * (bpm / track - 1)
        guard abs(accumulated) > tolerance / 2, abs(bpm / track - 1) >= 0.002 else { return nil }
        let whole = track.rounded()
        (map, self.track, self.accumulated) = (bpm, track, accumulated)
        fix = abs(whole / track - 1) <= 0.0005 ? whole : (track * 100).rounded() / 100
        onLines = r.beats.filter { grid.subdivision(of: $0.time, levels: [12, 16], tolerance: 0.0015) != nil }.count
        hits = r.beats.count
    }

    /// The `beatmap.drift` finding: an error when the grid is more than `tolerance` off by the last hit.
    func finding(map file: BeatMap, tolerance: Double) -> Diagnostic {
        let severity: Severity = abs(accumulated) > tolerance ? .error : .warning
        let whole = fix == fix.rounded() ? " (the whole tempo nearest it)" : ""
        let set = String(format: whole.isEmpty ? "%.2f" : "%.0f", fix) + " BPM" + whole
        let measured =
            String(format: "the map's tempo is %.2f BPM and the track's %.2f BPM (measured from the audio over the hits): ", map, track)
            + String(
                format: "by the last hit its grid is %.0f ms %@ the music (%.1f beats)", abs(accumulated) * 1000,
                accumulated > 0 ? "ahead of" : "behind", abs(accumulated) * track / 60)
        let fixText =
            hitsKeepBeats
            ? ". Set the tempo to \(set), the notes keeping their beats"
            : String(format: "; its hits follow the music, not the grid (%d of %d on its lines). ", onLines, hits)
                + "Set the tempo map to \(set), the hits keeping their times"
        return Diagnostic(
            ruleID: BeatMapRules.drift, severity: severity, location: file.locations.first ?? SourceLocation(file: file.file),
            message: measured + fixText)
    }
}
