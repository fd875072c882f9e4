/// Checks a beat map against its track's onset strength.
///
/// 1. Global alignment: the shift a and tempo scale s that maximise the
///    smoothed onset strength summed at c + a + s·(t − c) over the beats (c = median beat).
/// 2. Per beat, the strongest onset near its aligned position (Gaussian-weighted,
///    σ = 40 ms). A beat whose onset is further than the tolerance is looked up
///    again around where its neighbours put it (a local grid, Theil–Sen over ±4
///    beats), so a beat shifted by up to 200 ms is matched to the onset it missed.
///    A beat is flagged by `isMisplaced`: off the audio and off its neighbours.
/// 3. Offset: median of map − audio over well-matched beats; drift: Theil–Sen
///    slope of map − audio against time, reported as the two tempos.
public enum BeatChecker {
    /// Checks `map` against `onset` and returns the evidence and findings, lint findings included. When `audioPath`
    /// is an MP3 without a gapless tag, audio times are corrected by 1105 samples, and for AAC without gapless
    /// information by its assumed priming, unless `options.decoderDelay` is set.
    public static func check(map: BeatMap, onset: OnsetStrength, options: BeatCheckOptions = BeatCheckOptions(), audioPath: String? = nil)
        -> BeatCheckReport
    {
        var lint = options.lint
        lint.audioDuration = onset.audio.duration
        let (delay, removed, delayFindings) = decoderDelay(onset: onset, audioPath: audioPath, given: options.decoderDelay)
        let valid = map.times.indices.filter { map.times[$0].isFinite && map.times[$0] >= 0 && map.times[$0] < onset.audio.duration }
        guard valid.count >= options.tuning.minimumBeats, !onset.values.isEmpty else {
            let diagnostics =
                BeatRuleRegistry.lint(map, options: lint) + delayFindings
                + [BeatCheckFindings.tooFewInside(map: map, inside: valid.count, duration: onset.audio.duration)]
            return BeatCheckReport(
                beats: [], offset: nil, drift: nil, mapBPM: nil, audioBPM: nil, decoderDelay: delay, diagnostics: diagnostics.sorted(),
                onset: onset)
        }
        let odf = OnsetCurve(onset, delay: delay - removed, tuning: options.tuning)
        let times = valid.map { map.times[$0] }
        let judgedOn = tempoMap(for: map, times: times, onset: onset, tuning: options.tuning)
        // The lint judges the hits on the tempo map the check uses: a fitted one is the check's (its octave chosen by the
        // audio), so an off-grid finding names the tempo the check and the editor's grid show.
        var linted = map
        if let (tempo, source) = judgedOn, source == "fitted" { linted.tempoMap = tempo }
        let diagnostics = BeatRuleRegistry.lint(linted, options: lint) + delayFindings
        if let (tempo, source) = judgedOn {
            return checkHits(
                map: map, valid: valid, times: times, odf: odf, onset: onset, tempo: tempo, source: source, options: options,
                delay: delay, diagnostics: diagnostics)
        }
        return checkPulse(
            map: map, valid: valid, times: times, odf: odf, onset: onset, options: options, delay: delay, diagnostics: diagnostics)
    }

    /// The decoder delay to remove from the audio's times (the given one, else 1105 samples for an untagged MP3, else
    /// an AAC's assumed priming), the priming the reader already dropped, and the warnings that say what was assumed.
    static func decoderDelay(onset: OnsetStrength, audioPath: String?, given: Double?) -> (
        delay: Double, removed: Double, findings: [Diagnostic]
    ) {
        var findings: [Diagnostic] = []
        var delay = given ?? 0
        if onset.audio.isMPEG, let path = audioPath, MP3GaplessTag.hasGaplessTag(path: path) == false {
            let auto = Double(MP3GaplessTag.untaggedDelaySamples) / Double(onset.audio.sampleRate)
            if given == nil { delay = auto }
            findings.append(
                decoderDelayFinding(
                    BeatMapRules.mp3DecoderDelay, path: path,
                    String(format: "MP3 without a LAME/Xing gapless tag: decoders start it %.1f ms (1105 samples) late", auto * 1000),
                    assumed: "audio times were corrected by that amount", given: given,
                    remedy: "Re-encode with a gapless tag (ffmpeg -i in.wav -c:a libmp3lame out.mp3) to remove the doubt"))
        }
        // AAC without gapless information: the reader has dropped the assumed priming already, so only a given delay
        // that differs from it moves the onsets.
        var removed = 0.0
        if let frames = onset.audio.assumedDecoderDelay {
            removed = Double(frames) / Double(max(1, onset.audio.sampleRate))
            if given == nil { delay = removed }
            findings.append(
                decoderDelayFinding(
                    BeatMapRules.aacDecoderDelay, path: audioPath ?? onset.audio.path,
                    String(
                        format:
                            "AAC without gapless information (no iTunSMPB tag, no edit list): its first %d samples (%.1f ms) were dropped as the encoder's assumed priming",
                        frames, removed * 1000),
                    assumed: "give the decoder delay if the encoder primed otherwise", given: given,
                    remedy: "Re-encode it with an edit list (ffmpeg -i in.wav -c:a aac out.m4a) to remove the doubt"))
        }
        return (delay, removed, findings)
    }

    /// The beat-by-beat check of a steady pulse (a beat list as people tap it): steps 1 to 3 of the type's description.
    static func checkPulse(
        map: BeatMap, valid: [Int], times: [Double], odf: OnsetCurve, onset: OnsetStrength, options: BeatCheckOptions, delay: Double,
        diagnostics: [Diagnostic]
    ) -> BeatCheckReport {
        let centre = times[times.count / 2]
        let (shift, scale) = GlobalAlignment.align(times, centre: centre, odf: odf)
        // Each beat where the global alignment puts it in the audio.
        let aligned = times.map { centre + shift + scale * ($0 - centre) }
        let localBeat = RobustLine.localIntervals(times)
        func window(_ k: Int) -> Double { min(options.tuning.maxSearchWindow, options.tuning.searchWindowShare * localBeat[k]) }
        let nearest = aligned.indices.map { odf.strongest(near: aligned[$0], window: window($0)) }
        var matches: [OnsetMatch?] = []
        for k in valid.indices {
            let own = nearest[k]
            let ownFits = own.map { abs($0.time - aligned[k]) <= options.tolerance } ?? false
            var match = own
            if let predicted = RobustLine.gridPrediction(k, matches: nearest, q: aligned, tuning: options.tuning)
                ?? RobustLine.mapGrid(k, q: aligned, tuning: options.tuning)
            {
                if abs(predicted - aligned[k]) > options.tolerance {
                    // The beat sits off its neighbours' grid. Believe the grid when the audio has an
                    // onset there at least a quarter as strong as any at the beat; keep the beat only
                    // when a far stronger onset supports it (a deliberate syncopation).
                    if let g = odf.strongest(near: predicted, window: window(k)), abs(g.time - predicted) <= options.tolerance,
                        g.strength >= options.tuning.gridBelief * (ownFits ? own!.strength : 0)
                    {
                        match = g
                    } else if !ownFits {
                        match = OnsetMatch(time: predicted, strength: 0, fromGrid: true)
                    }
                } else if !ownFits, let g = odf.strongest(near: predicted, window: window(k)), abs(g.time - predicted) <= options.tolerance
                {
                    match = g
                }
            }
            matches.append(match)
        }
        let errors = matches.enumerated().map { k, m in m.map { aligned[k] - $0.time } }
        var beats: [BeatEvidence] = []
        for (k, i) in valid.enumerated() {
            let match = matches[k]
            let flagged =
                errors[k].map {
                    isMisplaced(error: $0, beat: k, q: aligned, errors: errors, tolerance: options.tolerance, tuning: options.tuning)
                } ?? false
            beats.append(
                BeatEvidence(
                    index: i, time: map.times[i], audioTime: match?.time, error: errors[k], strength: match?.strength ?? 0,
                    flagged: flagged, fromGrid: match?.fromGrid ?? false))
        }
        let good = beats.filter { $0.audioTime != nil && !$0.flagged && !$0.fromGrid }
        let raw = good.map { $0.time - $0.audioTime! }
        let offset = raw.isEmpty ? nil : Median.of(raw)
        let drift = options.tuning.measuresDrift(good.map(\.time)) ? RobustLine.theilSen(good.map(\.time), raw) : nil
        // The same fit as `beatmap fit` (least squares onto a grid, missing beats allowed), so both report one BPM.
        let mapBPM = GridFit(times: times)?.bpm
        let audioBPM = mapBPM.flatMap { m in drift.map { m * (1 + $0) } }
        var report = BeatCheckReport(
            beats: beats, offset: offset, drift: drift, mapBPM: mapBPM, audioBPM: audioBPM, decoderDelay: delay, diagnostics: [],
            onset: onset)
        report.octave = TempoOctave.measure(aligned, odf: odf)
        var all = diagnostics
        all += BeatCheckFindings.make(report, map: map, options: options)
        report.diagnostics = all.sorted()
        return report
    }

    /// The tempo map to judge a map's hits on, and where it came from: the chart's own; a declared BPM and offset;
    /// else, unless the map is one steady pulse of beats at most 300 BPM (a beat list as people tap it, checked beat by
    /// beat against its neighbours), fitted to the
    /// hits with the audio's tempo choosing the octave (each tempo section's own, from its stretch of the audio, when the
    /// hits hold tempo changes). Nil for a steady pulse.
    static func tempoMap(for map: BeatMap, times: [Double], onset: OnsetStrength, tuning: BeatCheckTuning) -> (TempoMap, String)? {
        if let t = map.writtenTempoMap { return (t, "chart") }
        if isPulse(times)
            && Median.of((1..<max(2, times.count)).map { k in abs(times[k] - times[k - 1]) })
                >= tuning.shortestBeatPeriod
        {
            guard let declared = map.tempoMap, isChart(times, on: declared, tuning: tuning) else { return nil }
            return (declared, "declared")
        }
        if let declared = map.tempoMap { return (declared, "declared") }
        let audio = TempoEstimator.estimate(onset)?.bpm
        // A fit outside the tempi a chart can hold (hits microseconds apart fit "60,000,000 BPM") is no tempo map.
        let stretch = { (from: Double, to: Double) in StretchTempo.estimate(onset, from: from, to: to)?.bpm }
        return TempoMapFit.fit(times, audioBPM: audio, stretchBPM: stretch).flatMap { fit in
            fit.sections.allSatisfy { TempoMap.bpmRange.contains($0.bpm) } ? (fit, "fitted") : nil
        }
    }

    /// True when `times`, a steady pulse, are hits written on a tempo map they declare rather than its beats: snapped to
    /// its lines (`BeatCheckTuning.snappedShare` of them within `snappedWithin`, as an editor's snap or a draft puts
    /// them) at a step other than its beat (the median step more than 5 % from one beat): a chart of steady 8ths on a
    /// 78 BPM grid, which a beat list at 156 BPM declaring 78 could not be. A beat list declares the tempo of its beats.
    static func isChart(_ times: [Double], on declared: TempoMap, tuning: BeatCheckTuning) -> Bool {
        guard times.count >= tuning.snappedMinimumHits else { return false }
        let snapped = times.filter { HitChecker.gridDistance($0, tempo: declared) <= tuning.snappedWithin }.count
        guard Double(snapped) >= tuning.snappedShare * Double(times.count) else { return false }
        let beats = times.sorted().map { declared.beat(atTime: $0) }
        let step = Median.of((1..<beats.count).map { beats[$0] - beats[$0 - 1] })
        return abs(step - 1) > 0.05
    }

    /// A steady pulse: `share` (80 %) of the intervals within −20 %…+25 % of the median interval (a beat list, as
    /// people tap along; a chart's 1/2 to 1/4 subdivisions, gaps and bursts are not). A beat displaced between two
    /// beats on the pulse still belongs to it: the two intervals around it, neither on the pulse, each within 55–145 %
    /// of it and together within 10 % of two, count as on the pulse (a slip of the hand, which `check` should flag
    /// beat by beat rather than read as a chart's rhythm; a chart's syncopation splits a beat 1:3 or 1:1, not so).
    public static func isPulse(_ times: [Double], share: Double = 0.8) -> Bool {
        let t = times.sorted()
        guard t.count >= 3 else { return true }
        let gaps = (1..<t.count).map { t[$0] - t[$0 - 1] }
        let m = Median.of(gaps)
        guard m > 0 else { return false }
        let onPulse = { (gap: Double) in gap >= 0.8 * m && gap <= 1.25 * m }
        let nearPulse = { (gap: Double) in gap >= 0.55 * m && gap <= 1.45 * m }
        var counted = gaps.map(onPulse)
        for k in 0..<(gaps.count - 1) where !onPulse(gaps[k]) && !onPulse(gaps[k + 1]) {
            let (a, b) = (gaps[k], gaps[k + 1])
            if nearPulse(a) && nearPulse(b) && abs(a + b - 2 * m) <= 0.2 * m {
                counted[k] = true
                counted[k + 1] = true
            }
        }
        return Double(counted.filter { $0 }.count) >= share * Double(gaps.count)
    }

    /// The check of a chart's hits (`HitChecker`) on `tempo`.
    static func checkHits(
        map: BeatMap, valid: [Int], times: [Double], odf: OnsetCurve, onset: OnsetStrength, tempo: TempoMap, source: String,
        options: BeatCheckOptions, delay: Double, diagnostics: [Diagnostic]
    ) -> BeatCheckReport {
        let peaks = HitChecker.Peaks(odf, floor: options.tuning.supportFloor)
        // The map's offset as the track has it: the hits after a stop the track does not have are taken back first.
        let refuted = StretchAlignment.refutedStops(times, peaks: peaks, tempo: tempo)
        let offset = HitChecker.offset(StretchAlignment.withoutStops(times, refuted), peaks: peaks)
        let judged = HitChecker.judge(
            times, odf: odf, peaks: peaks, tempo: tempo, offset: offset, tolerance: options.tolerance, hitWindow: options.lint.hitWindow)
        var beats: [BeatEvidence] = []
        for (k, i) in valid.enumerated() {
            let j = judged[k]
            let error = j.match.map { times[k] - offset - $0.time }
            var b = BeatEvidence(
                index: i, time: map.times[i], audioTime: j.match?.time, error: error, strength: j.match?.strength ?? 0, flagged: j.flagged,
                fromGrid: false)
            b.suggestion = j.suggestion
            b.level = j.level
            b.offGrid = j.offGrid
            b.onSnappedGrid = j.flagged && j.onSnappedGrid
            b.unusedSubdivision = j.unusedLevel
            b.figurePlays = j.figurePlays
            b.sharesLineWith = j.sharesLineWith
            b.waitsFor = j.waitsFor
            beats.append(b)
        }
        var stretches = StretchAlignment.find(times, peaks: peaks, offset: offset, tempo: tempo, tolerance: options.tolerance)
        // A refuted stop's hits are one stretch, shifted by the stop's length: `find`, searching ±350 ms, may have seen
        // them as a shorter shift (a 0.5 s stop at 132 BPM looks 46 ms late, a beat off), or not at all (too few hits).
        for r in refuted {
            stretches.removeAll { $0.start <= r.stretch.end && r.stretch.start <= $0.end }
            stretches.append(r.stretch)
        }
        stretches.sort { $0.start < $1.start }
        for s in stretches {
            for k in beats.indices where beats[k].time >= s.start && beats[k].time <= s.end {
                let onset = StretchAlignment.nearestClear(times[k] - offset - s.shift, peaks: peaks)
                beats[k] = BeatEvidence(
                    index: beats[k].index, time: beats[k].time, audioTime: onset, error: onset.map { times[k] - offset - $0 },
                    strength: beats[k].strength, flagged: true, fromGrid: false)
                beats[k].suggestion = times[k] - s.shift
                beats[k].level = judged[k].level
                beats[k].stretchShift = s.shift
            }
        }
        let good = beats.filter { b in !b.flagged && b.audioTime != nil && abs(b.error ?? 1) <= options.tolerance }
        let raw = good.map { $0.time - $0.audioTime! }
        let drift = options.tuning.measuresDrift(good.map(\.time)) ? RobustLine.theilSen(good.map(\.time), raw) : nil
        let mapBPM = tempo.mainBPM(from: times.min() ?? 0, to: times.max() ?? 0)
        var report = BeatCheckReport(
            beats: beats, offset: raw.isEmpty ? offset : Median.of(raw), drift: drift, mapBPM: mapBPM,
            audioBPM: drift.map { mapBPM * (1 + $0) }, decoderDelay: delay, diagnostics: [], onset: onset)
        report.tempoMap = tempo
        report.tempoSource = source
        report.stretches = stretches
        // A beat list on a declared tempo (a game's beat map) may still be at the wrong octave; so may a chart's own or
        // declared tempo map under hits that are right (a fitted one took its octave from the track).
        // A grid half a beat off has the track's beats between its own, as a grid at half the tempo has: said as what it is.
        // Said by the chord changes alone, not by the onsets between its beats, a section half a beat off gives way to a
        // grid the onsets measure at another octave of the track's pulse: a map at half the tempo on a song's 2 and 4
        // has its chords change between its beats too, and its fix is ×2, not half a beat.
        // The track's own tempo reading, for a grid of one tempo whose octave the onsets cannot tell (`ChartOctaveEvidence`).
        let reading = source == "fitted" || tempo.sections.count != 1 ? nil : onset.tempoReading ?? TempoEstimator.estimate(onset)
        let gridOctave =
            source == "fitted" ? nil : TempoOctave.measure(grid: tempo, offset: offset, over: times, odf: odf, reading: reading)
        report.gridPhases = (source == "fitted" ? [] : GridPhase.measure(grid: tempo, offset: offset, over: times, odf: odf, onset: onset))
            .filter { $0.byOnsets || gridOctave?.verdict == nil }
        if source != "fitted" { measureTempo(&report, tempo: tempo, times: times, onset: onset, tolerance: options.tolerance) }
        // A grid whose tempo is off the track's slides across its beats: its phase is said once the tempo is right.
        let sliding = Set(report.sectionTempoGaps.compactMap { $0.section.map { $0.number - 1 } })
        report.gridPhases.removeAll { report.trackTempoGap != nil || sliding.contains($0.section) }
        report.octave = TempoOctave.chosen(
            hits: isPulse(times) ? TempoOctave.measure(StretchAlignment.withoutStops(times, refuted).map { $0 - offset }, odf: odf) : nil,
            grid: source == "fitted" || !report.gridPhases.isEmpty ? nil : gridOctave)
        var all = BeatCheckFindings.withoutFlaggedOffGrid(diagnostics, report, map: map)
        all += BeatCheckFindings.make(report, map: map, options: options)
        report.diagnostics = all.sorted()
        return report
    }

    /// The warning about an assumed decoder delay: what was assumed, then what was done (`assumed`, or the `given`
    /// delay used instead), then how to remove the doubt.
    static func decoderDelayFinding(
        _ rule: String, path: String, _ what: String, assumed: String, given: Double?, remedy: String
    ) -> Diagnostic {
        let done = given.map { String(format: "using the given decoder delay of %.1f ms instead", $0 * 1000) } ?? assumed
        return Diagnostic(
            ruleID: rule, severity: .warning, location: SourceLocation(file: path), message: "\(what); \(done). \(remedy)")
    }

    /// A beat is misplaced when it is off the audio by more than the tolerance and also off
    /// the grid of its own neighbours in the map by more than the tolerance, or off the audio
    /// by more than twice the tolerance. A beat that keeps its neighbours' spacing while the
    /// audio's onset is 50–100 ms away is where the music pushes or drags (live playing,
    /// rubato), not an authoring slip: on the human annotations of the beat-eval clips this
    /// rule cut false flags from 2.6 % to 1.1 % of beats and kept 95 % of the beats shifted by
    /// 60–200 ms (bench/RESULTS.md). The neighbours' grid is drawn through the neighbours that
    /// agree with the audio (when at least three do), so a misplaced neighbour does not bend it.
    static func isMisplaced(
        error: Double, beat k: Int, q: [Double], errors: [Double?], tolerance: Double, tuning: BeatCheckTuning
    ) -> Bool {
        guard abs(error) > tolerance else { return false }
        guard abs(error) <= 2 * tolerance else { return true }
        let agreeing = RobustLine.neighbours(of: k, count: q.count, tuning: tuning).filter {
            errors[$0].map { abs($0) <= tolerance } ?? false
        }
        guard
            let grid = agreeing.count >= tuning.minimumNeighbours
                ? RobustLine.grid(k, through: agreeing, q: q, tuning: tuning) : RobustLine.mapGrid(k, q: q, tuning: tuning)
        else { return true }
        return abs(q[k] - grid) > tolerance
    }

}
