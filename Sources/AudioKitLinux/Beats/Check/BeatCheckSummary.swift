import Foundation

/// The one-line summary `beatmap check` prints on standard error.
public enum BeatCheckSummary {
    /// Beats matched and flagged, the offset in ms (said to be the drift's average under a tempo the hits drift at),
    /// and the map's and the track's BPM when both are known.
    public static func line(_ r: BeatCheckReport) -> String {
        var parts = ["beatmap: \(r.checkedCount) of \(r.beats.count) beats matched to onsets, \(r.flaggedCount) flagged"]
        if let o = r.offset {
            let drifting = r.offsetIsDrift ? " (the drift's average until the tempo is right)" : ""
            parts.append(String(format: "offset %+.1f ms", o * 1000) + drifting)
        }
        if let m = r.mapBPM, let a = r.audioBPM {
            let tempos = Set(r.tempoMap?.authoredSections.map(\.bpm) ?? [])
            if tempos.count > 1, let low = tempos.min(), let high = tempos.max() {
                // Through its hits a map agrees with the track whatever its sections' tempi: each off one said as such.
                let off = r.sectionTempoGaps.compactMap { g in
                    g.section.map { String(format: "tempo section %d at %.2f BPM where the track is at %.2f", $0.number, g.map, g.track) }
                }
                parts.append(
                    off.isEmpty
                        ? String(format: "map %.2f–%.2f BPM (mostly %.2f) vs track %.2f BPM", low, high, m, a)
                        : String(format: "map %.2f–%.2f BPM (mostly %.2f), ", low, high, m) + off.joined(separator: ", ")
                            + " (from the audio)")
            } else if let t = r.trackBPM, r.trackTempoGap != nil || abs(m / t - 1) >= 0.002 {
                // Through its hits a map agrees with a tempo 1 % off (each hit finds an onset near it): the audio's own.
                parts.append(String(format: "map %.2f BPM vs track %.2f BPM (from the audio over the hits)", m, t))
            } else {
                parts.append(String(format: "map %.2f BPM vs track %.2f BPM", m, a))
            }
            let what = r.octave?.subject == "grid" ? "the tempo map" : "the map"
            switch r.octave?.verdict {
            case .half?: parts.append(String(format: "%@ is at half the track's pulse (%.2f BPM)", what, a * 2))
            case .double?: parts.append(String(format: "%@ is at double the track's pulse (%.2f BPM)", what, a / 2))
            case nil: break
            }
            if !r.gridPhases.isEmpty {
                let sections = r.gridPhases.map { String($0.section + 1) }.joined(separator: ", ")
                parts.append(
                    r.gridPhases.allSatisfy(\.wholeMap)
                        ? "the tempo map is half a beat off the track"
                        : "tempo section\(r.gridPhases.count > 1 ? "s" : "") \(sections) half a beat off the track")
            }
        }
        return parts.joined(separator: ", ")
    }
}
