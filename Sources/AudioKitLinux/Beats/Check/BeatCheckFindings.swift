import Foundation

/// Turns a check's measurements into findings.
enum BeatCheckFindings {
    /// The rule id of a map that the audio mostly does not confirm.
    static let unconfirmedID = BeatMapRules.unconfirmed
    /// The finding when fewer than four beats lie inside the track, or the track has no onset strength.
    static func tooFewInside(map: BeatMap, inside: Int, duration: Double) -> Diagnostic {
        Diagnostic(
            ruleID: unconfirmedID, severity: .error, location: map.locations.first ?? SourceLocation(file: map.file),
            message: String(
                format:
                    "%d of %d beats lie inside the %.3f s track; at least 4 are needed to check the map. Is this the right track?",
                inside, map.count, duration))
    }

    /// Where a hit the snap did not place should go: "move it to the free 1/2 grid line at … s, which has an onset at …
    /// s in the track"; nil without a suggestion.
    static func snapFix(_ b: BeatEvidence, _ r: BeatCheckReport) -> String? {
        b.suggestion.map { line in
            let level = r.tempoMap.flatMap { $0.subdivision(of: line, tolerance: 0.002)?.level }.map { Subdivision.name($0) + " " } ?? ""
            let onset = b.audioTime.map { String(format: ", which has an onset at %.3f s in the track", $0) } ?? ""
            return String(format: "move it to the free %@grid line at %.3f s%@", level, line, onset)
        }
    }

    /// The lint's findings less its `beatmap.off_grid` warnings on hits the check flags: such a hit has the check's own
    /// finding (its place to move to, or the stretch it belongs to), and one hit is listed once.
    static func withoutFlaggedOffGrid(_ lint: [Diagnostic], _ r: BeatCheckReport, map: BeatMap) -> [Diagnostic] {
        let flagged = Set(r.beats.filter(\.flagged).compactMap { map.locations.indices.contains($0.index) ? map.locations[$0.index] : nil })
        return lint.filter { $0.ruleID != OffGridRule.description.id || !flagged.contains($0.location) }
    }

    /// Every finding of a check: the stretches off the track, each flagged hit, the check's reach, the map's offset and
    /// its drift.
    static func make(_ r: BeatCheckReport, map: BeatMap, options: BeatCheckOptions) -> [Diagnostic] {
        var d: [Diagnostic] = []
        d += r.stretches.map { StretchAlignment.finding($0, map: map, tolerance: options.tolerance) }
        d += r.beats.filter { $0.flagged && $0.stretchShift == nil }.map { hitFinding($0, r, map: map, options: options) }
        d += confirmation(r, map: map, tuning: options.tuning)
        // Under a tempo its hits keep their beats at, the hits' offset is the drift's: said once the tempo is right.
        if !r.offsetIsDrift, let finding = offsetFinding(r, map: map, options: options) { d.append(finding) }
        d += r.tempoGaps.map { $0.finding(map: map, tolerance: options.tolerance) }
        // The hits' drift over a map whose tempo changes among them mixes its sections: each is measured on its own.
        let first = r.beats.first?.time ?? 0, last = r.beats.last?.time ?? 0
        let sectioned = r.tempoMap.map { TrackTempoAgainstMap.changesTempo($0, from: first, to: last) } ?? false
        if r.tempoGaps.isEmpty, !sectioned, let finding = driftFinding(r, map: map, options: options) { d.append(finding) }
        if let finding = octaveFinding(r, map: map) { d.append(finding) }
        d += r.gridPhases.map { $0.finding(map: map) }
        d += r.trackTempoChanges.map { $0.finding(map: map) }
        return d
    }

    /// The finding on a beat list, or a chart's tempo map under hits that are right, at half or double the track's
    /// pulse (`TempoOctave`), at the map's first beat.
    static func octaveFinding(_ r: BeatCheckReport, map: BeatMap) -> Diagnostic? {
        guard let o = r.octave, let verdict = o.verdict else { return nil }
        let grid = o.subject == "grid"
        let evidence: String
        let fix: String
        switch verdict {
        case _ where grid && o.onsetVerdict == nil && o.chart != nil:
            let words = o.chart?.words(verdict, onsets: o) ?? ""
            evidence =
                (verdict == .half ? "the tempo map is at half the track's tempo: " : "the tempo map is at double the track's tempo: ")
                + words
                + String(format: ", so its beat is %.2f BPM, not the map's %.2f", verdict == .half ? o.bpm * 2 : o.bpm / 2, o.bpm)
            fix =
                verdict == .half
                ? "double the tempo map, the hits staying where they are (in the editor: ×2)"
                : "halve the tempo map, the hits staying where they are (in the editor: ÷2)"
        case .half:
            evidence = String(
                format:
                    "%@ onsets between every two of %@ (in %.0f %% of %d gaps, %.2f times as strong as those on the beats), so its pulse is %.2f BPM, not the map's %.2f",
                grid ? "the tempo map is at half the track's tempo: the track has" : "the beats are every other beat of the track: it has",
                grid ? "its beats" : "them", o.midpointShare * 100, o.gaps, o.midpointRatio, o.bpm * 2, o.bpm)
            fix =
                grid
                ? "double the tempo map, the hits staying where they are (in the editor: ×2)"
                : "add a beat in the middle of each gap (in the editor: ×2, then Hits from grid)"
        case .double:
            evidence = String(
                format:
                    "%@ no onset of its own (those beats' onsets are %.2f of the others'), so the track's pulse is %.2f BPM, not the map's %.2f",
                grid ? "the tempo map is at double the track's tempo: every other beat of it has" : "every other beat has",
                o.alternationRatio, o.bpm / 2, o.bpm)
            fix =
                grid
                ? "halve the tempo map, the hits staying where they are (in the editor: ÷2)"
                : "keep every other beat (in the editor: ÷2, then Hits from grid)"
        }
        return Diagnostic(
            ruleID: BeatMapRules.tempoOctave, severity: .warning, location: map.locations.first ?? SourceLocation(file: map.file),
            message: evidence + "; " + fix)
    }

    /// The finding on a flagged hit that waits for a clearer neighbour (rule 9): a warning that names the hit to fix
    /// first, then the hit's own finding as a "maybe"; nil for a hit that does not wait.
    static func waitingFinding(_ b: BeatEvidence, _ r: BeatCheckReport, map: BeatMap, options: BeatCheckOptions) -> Diagnostic? {
        guard let first = b.waitsFor else { return nil }
        // Its own case stands once the clearer neighbour is in its place, or goes.
        var alone = b
        alone.waitsFor = nil
        let own = hitFinding(alone, r, map: map, options: options).message
        return Diagnostic(
            ruleID: BeatMapRules.misaligned, severity: .warning, location: map.locations[b.index],
            message: String(
                format:
                    "hit %d at %.3f s: fix the flagged hit at %.3f s first (within a beat of it, with a clearer case) and check again, as that hit may be what put this one in a rhythm the chart does not play; until then, maybe: %@",
                RuleText.ordinal(b.index), b.time, first, own))
    }

    /// The finding on one flagged hit: off the grid, on an unused subdivision, moved out of a figure the chart repeats, a
    /// "maybe" on the chart's own line, or off its onset, each with where to move it; a hit that waits for a clearer
    /// neighbour says so first, as a warning.
    static func hitFinding(_ b: BeatEvidence, _ r: BeatCheckReport, map: BeatMap, options: BeatCheckOptions) -> Diagnostic {
        let e = b.error ?? 0
        func misaligned(_ message: String, as severity: Severity = .error) -> Diagnostic {
            Diagnostic(ruleID: BeatMapRules.misaligned, severity: severity, location: map.locations[b.index], message: message)
        }
        if let waiting = waitingFinding(b, r, map: map, options: options) { return waiting }
        if let distance = b.offGrid {
            let place = snapFix(b, r) ?? "move it onto a grid line"
            return
                misaligned(
                    String(
                        format:
                            "hit %d at %.3f s is %.1f ms off every grid line of the tempo map (1/1 to 1/16), where the chart's other hits are snapped to it: %@",
                        RuleText.ordinal(b.index), b.time, distance * 1000, place))
        }
        if let unused = b.unusedSubdivision {
            let share = r.beats.filter { $0.level == unused }.count
            let place = snapFix(b, r) ?? "move it onto a line of the subdivisions the chart uses"
            return
                misaligned(
                    String(
                        format:
                            "hit %d at %.3f s sits on a %@ grid line, a subdivision only %d of the chart's %d hits use, between neighbours on the chart's usual grid and by steps the chart does not take, with no clear onset; it looks moved, not snapped: %@",
                        RuleText.ordinal(b.index), b.time, Subdivision.name(unused), share, r.beats.count, place))
        }
        if let other = b.sharesLineWith, let line = b.suggestion {
            // The line it left: confirmed by an onset there, or (a quiet note) only by the rhythm it gives back.
            let place =
                b.audioTime.map { String(format: "a free grid line with an onset at %.3f s in the track", $0) }
                ?? "the free grid line that gives back the rhythm the chart plays (the track shows no clear onset there to confirm it)"
            return
                misaligned(
                    String(
                        format:
                            "hit %d at %.3f s is %.1f ms from the hit at %.3f s, on the same grid line (closer than any player taps apart): it looks moved there from %.3f s, %@; move it to %.3f s",
                        RuleText.ordinal(b.index), b.time, abs(b.time - other) * 1000, other, line, place, line))
        }
        if let plays = b.figurePlays, let line = b.suggestion {
            return
                misaligned(
                    String(
                        format:
                            "hit %d at %.3f s sits on a grid line and a sound, but in a rhythm the chart plays nowhere else; at %.3f s (a free grid line with an onset at %.3f s in the track) it would be in a figure the chart plays %d times: it looks moved out of that figure; move it to %.3f s",
                        RuleText.ordinal(b.index), b.time, line, b.audioTime ?? 0, plays, line))
        }
        if let line = b.suggestion {
            let level =
                r.tempoMap.flatMap { $0.subdivision(of: line, tolerance: 0.002)?.level }.map { Subdivision.name($0) + " " } ?? ""
            if b.onSnappedGrid {
                // The author snapped the hit to this line: the chart vouches for it, only the audio disagrees.
                let own = b.level.map { Subdivision.name($0) + " " } ?? ""
                return
                    misaligned(
                        String(
                            format:
                                "hit %d at %.3f s sits on the chart's %@grid line but has no onset within %.0f ms, once the whole map's offset is allowed for; the free %@grid line at %.3f s has one (at %.3f s in the track): if the hit is meant for that sound, move it to %.3f s",
                            RuleText.ordinal(b.index), b.time, own, options.tolerance * 1000, level, line, b.audioTime ?? 0, line),
                        as: .warning)
            }
            return
                misaligned(
                    String(
                        format:
                            "hit %d at %.3f s has no onset within %.0f ms, once the whole map's offset is allowed for; the free %@grid line at %.3f s has one (at %.3f s in the track): move it to %.3f s",
                        RuleText.ordinal(b.index), b.time, options.tolerance * 1000, level, line, b.audioTime ?? 0, line))
        }
        return
            misaligned(
                String(
                    format:
                        "hit %d at %.3f s is %.0f ms %@ %@ at %.3f s, once the whole map's offset is allowed for (tolerance ±%.0f ms); move it to %.3f s",
                    RuleText.ordinal(b.index), b.time, abs(e) * 1000, e > 0 ? "late against" : "early against",
                    b.fromGrid ? "where its neighbours put it (no clear onset there)" : "the onset", b.audioTime ?? 0,
                    options.tolerance * 1000, b.fix ?? b.time - e))

    }

    /// The check's reach: an error when too few beats are confirmed by an onset, else a note listing the beats no onset
    /// was near.
    /// Below `minimumConfirmedShare` of beats confirmed by an onset, the check is an error, not a pass: the audio is
    /// silent, the wrong track, or the map belongs to another song. Human maps of real music sit far above it
    /// (bench/RESULTS.md: at most a few per cent of beats unconfirmed).
    static func confirmation(_ r: BeatCheckReport, map: BeatMap, tuning: BeatCheckTuning) -> [Diagnostic] {
        let minimumConfirmedShare = tuning.minimumConfirmedShare
        let file = map.file
        var d: [Diagnostic] = []
        let unchecked = r.beats.filter { $0.audioTime == nil }
        let confirmed = r.beats.filter { $0.audioTime != nil && !$0.fromGrid }.count
        if Double(confirmed) < minimumConfirmedShare * Double(r.beats.count) {
            d.append(
                Diagnostic(
                    ruleID: unconfirmedID, severity: .error, location: map.locations.first ?? SourceLocation(file: file),
                    message: String(
                        format:
                            "only %d of %d beats are confirmed by an onset in the audio (at least %.0f %% must be); is this the right track, and is it silent? Check the path of the track",
                        confirmed, r.beats.count, minimumConfirmedShare * 100)))
        } else if !unchecked.isEmpty {
            let list = unchecked.prefix(8).map { String(format: "%d (%.3f s)", RuleText.ordinal($0.index), $0.time) }.joined(
                separator: ", ")
            d.append(
                Diagnostic(
                    ruleID: BeatMapRules.noOnset, severity: .note, location: SourceLocation(file: file),
                    message:
                        "\(unchecked.count) of \(r.beats.count) beats have no clear onset near them and were not checked: \(list)\(unchecked.count > 8 ? ", …" : "")"
                ))
        }
        return d
    }

    /// The whole map's offset against the track, when it is more than 10 ms.
    static func offsetFinding(_ r: BeatCheckReport, map: BeatMap, options: BeatCheckOptions) -> Diagnostic? {
        guard let offset = r.offset, abs(offset) > 0.010 else { return nil }
        let severity: Severity = abs(offset) > options.tolerance / 2 ? .error : .warning
        return Diagnostic(
            ruleID: BeatMapRules.offset, severity: severity, location: map.locations.first ?? SourceLocation(file: map.file),
            message: String(
                format: "the whole map is %.0f ms %@ the track; %@ %.3f s %@ every beat", abs(offset) * 1000,
                offset > 0 ? "later than" : "earlier than", offset > 0 ? "subtract" : "add", abs(offset), offset > 0 ? "from" : "to"))
    }

    /// The map's drift against the track, when it adds up to more than half the tolerance by the last beat.
    static func driftFinding(_ r: BeatCheckReport, map: BeatMap, options: BeatCheckOptions) -> Diagnostic? {
        guard let drift = r.drift, let first = r.beats.first?.time, let last = r.beats.last?.time else { return nil }
        let accumulated = drift * (last - first)
        guard abs(accumulated) > options.tolerance / 2 else { return nil }
        let severity: Severity = abs(accumulated) > options.tolerance ? .error : .warning
        let tempos =
            r.mapBPM.flatMap { m in
                r.audioBPM.map { String(format: "the map's beats run at %.2f BPM, the track's at %.2f BPM", m, $0) }
            } ?? String(format: "%.2f %% tempo difference", drift * 100)
        return Diagnostic(
            ruleID: BeatMapRules.drift, severity: severity, location: map.locations.last ?? SourceLocation(file: map.file),
            message: String(
                format: "the map drifts against the track: %@; by the last beat it is %.0f ms off. Re-time the map at the track's tempo",
                tempos, abs(accumulated) * 1000))
    }
}
