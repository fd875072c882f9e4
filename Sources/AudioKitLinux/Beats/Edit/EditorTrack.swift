import Foundation

/// The track of an editing session, analysed once when it opens: its onset strength (as `beatmap check` computes it),
/// its waveform overview and the WAV stream the page plays; and what is worked out from it on demand and kept (the
/// tempo candidates, the onset strength for drafting, a reader for deep zoom). What the page draws of the track comes
/// from here; the map being edited is the session's.
struct EditorTrack {
    /// The track, as the caller named it.
    let path: String
    /// What libsndfile reads of it.
    let info: AudioFileInfo
    /// The limits every read of it applies.
    let limits: AudioLimits
    /// Its onset strength, as the checker uses it.
    let onset: OnsetStrength
    /// Its waveform, binned for every zoom but the deepest.
    let overview: TrackOverview
    /// The track as a 16-bit WAV, served by byte range.
    let audio: WAVStream
    /// The tempo candidates, once computed.
    var tempo: [EditorTempoCandidate]? = nil
    /// The onset strength the tempo is estimated on (`TempoEstimator.onsetStrength`), once computed.
    var tempoOnset: OnsetStrength? = nil
    /// The onset strength in bands for drafting (`DraftAnalysis.onset`), once computed.
    var draftOnset: OnsetStrength? = nil
    /// A reader for deep-zoom waveforms, apart from the one the audio is served by (opened on first use).
    var zoomReader: SoundFileReader? = nil

    /// Opens and analyses the track at `path`: one decode for both the onset strength and the overview.
    init(path: String, limits: AudioLimits) throws(InputError) {
        audio = try WAVStream(path: path, limits: limits)
        info = audio.info
        var builder = TrackOverview.Builder(sampleRate: info.sampleRate)
        var onset = try SpectralFlux.analyze(path: path, limits: limits, pitchClasses: true) { block, frames, channels in
            builder.add(block, frames: frames, channels: channels)
        }
        // The track's tempo changes, found once: every edit is checked again, and the check says a change the map
        // does not make (`beatmap.track_tempo_change`).
        onset.tempoStretches = TempoChanges.stretches(onset)
        onset.tempoReading = TempoEstimator.estimate(onset)
        self.onset = onset
        overview = builder.finish()
        self.path = path
        self.limits = limits
    }

    /// The onset strength for drafting, computed on the first call and kept.
    mutating func draftingOnset() throws(InputError) -> OnsetStrength {
        if let draftOnset { return draftOnset }
        let onset = try DraftAnalysis.onset(path: path, limits: limits)
        draftOnset = onset
        return onset
    }

    /// `width` columns of `from`…`to` seconds: the waveform's lowest and highest sample, the peak of its low, mid and
    /// high bands, and the onset strength (normalised to the track's loudest onset) in each, rounded to 4 decimals.
    mutating func envelope(from: Double, to: Double, width: Int) -> EditorEnvelope {
        let columns = (try? sampleColumns(from: from, to: to, width: width)) ?? overview.columns(from: from, to: to, width: width)
        let peak = max(onset.values.max() ?? 1, 1e-9)
        var strength = [Double](repeating: 0, count: columns.count)
        if to > from {
            for x in 0..<columns.count {
                let a = Int(onset.frame(ofTime: from + (to - from) * Double(x) / Double(columns.count)).rounded(.down))
                let b = max(a, Int(onset.frame(ofTime: from + (to - from) * Double(x + 1) / Double(columns.count)).rounded(.down)))
                var m: Float = 0
                if a < onset.values.count && b >= 0 {
                    for k in max(0, a)...min(b, onset.values.count - 1) { m = max(m, onset.values[k]) }
                }
                strength[x] = Double(m / peak)
            }
        }
        func rounded(_ v: Double) -> Double { (v * 1e4).rounded() / 1e4 }
        let bands = overview.bandColumns(from: from, to: to, width: columns.count)
        return EditorEnvelope(
            from: from, to: to, min: columns.map { rounded(Double($0.min)) }, max: columns.map { rounded(Double($0.max)) },
            onset: strength.map(rounded), low: bands.map { rounded(Double($0.x)) }, mid: bands.map { rounded(Double($0.y)) },
            high: bands.map { rounded(Double($0.z)) })
    }

    /// At deep zoom (a column narrower than an overview bin), the columns drawn from the samples themselves: each
    /// column's lowest and highest value of the mono mix over its span, the values at its two edges interpolated
    /// between samples, so a column narrower than a sample still shows where the wave is. Nil when the zoom is not
    /// that deep or the track cannot seek; reads at most `width` × `TrackOverview` bin frames.
    mutating func sampleColumns(from: Double, to: Double, width: Int) throws(InputError) -> [(min: Float, max: Float)]? {
        let rate = Double(info.sampleRate)
        guard width > 0, to > from, (to - from) / Double(width) < overview.binSeconds, info.frames > 0 else { return nil }
        let first = max(0, Int((from * rate).rounded(.down)))
        let last = min(Int(info.frames), Int((to * rate).rounded(.up)) + 2)
        guard last > first else { return [(min: Float, max: Float)](repeating: (0, 0), count: width) }
        let reader: SoundFileReader
        if let open = zoomReader {
            reader = open
        } else {
            reader = try SoundFileReader(path: path, limits: limits)
            zoomReader = reader
        }
        guard reader.seek(toFrame: Int64(first)) else { return nil }
        let channels = info.channels
        var mono = [Float]()
        mono.reserveCapacity(last - first)
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4096 * channels)
        defer { block.deallocate() }
        while mono.count < last - first {
            let n = try reader.read(into: block, frames: min(4096, last - first - mono.count))
            if n == 0 { break }
            let scale = 1 / Float(channels)
            for i in 0..<n { mono.append(MonoMix.sample(UnsafeBufferPointer(block), frame: i, channels: channels, scale: scale)) }
        }
        // The mix at time t, linear between samples; 0 outside what was read.
        func value(_ t: Double) -> Float {
            let x = t * rate - Double(first)
            let i = Int(x.rounded(.down))
            guard i >= 0, i < mono.count else { return 0 }
            let next = i + 1 < mono.count ? mono[i + 1] : mono[i]
            return mono[i] + Float(x - Double(i)) * (next - mono[i])
        }
        return (0..<width).map { column in
            let t0 = from + (to - from) * Double(column) / Double(width)
            let t1 = from + (to - from) * Double(column + 1) / Double(width)
            var low = min(value(t0), value(t1)), high = max(value(t0), value(t1))
            var k = Int((t0 * rate).rounded(.up)) - first
            while Double(k + first) < t1 * rate, k < mono.count {
                if k >= 0 {
                    low = min(low, mono[k])
                    high = max(high, mono[k])
                }
                k += 1
            }
            return (low, high)
        }
    }

    /// The onset peaks of the whole track in time order (seconds, to 0.1 ms), for snapping beats: local maxima of
    /// the onset strength above a tenth of the loudest.
    func onsetPeaks() -> [Double] {
        let v = onset.values
        let peak = max(v.max() ?? 1, 1e-9)
        var times: [Double] = []
        if v.count > 2 {
            for i in 1..<(v.count - 1) where v[i] > v[i - 1] && v[i] >= v[i + 1] && v[i] >= 0.1 * peak {
                times.append((onset.time(ofFrame: Double(i)) * 1e4).rounded() / 1e4)
            }
        }
        return times
    }

    /// The track's tempo and its octave relatives, each with its strength, strongest reading first (`beatmap bpm`'s
    /// analysis, made on the first call and kept). Throws `InputError` when the track cannot be read again.
    mutating func tempoCandidates() throws(InputError) -> [EditorTempoCandidate] {
        if let tempo { return tempo }
        var out: [EditorTempoCandidate] = []
        if let e = TempoEstimator.estimate(try tempoOnsetStrength()) {
            out = [
                EditorTempoCandidate(bpm: e.bpm, strength: e.periodicity),
                EditorTempoCandidate(bpm: e.half.bpm, strength: e.half.score),
                EditorTempoCandidate(bpm: e.double.bpm, strength: e.double.score),
            ]
        }
        tempo = out
        return out
    }

    /// The tempo candidates of the track from `from` to `to` seconds alone (a tempo section of the map):
    /// `StretchTempo.estimate`'s tempo, then its half and double; empty when the stretch is shorter than
    /// `StretchTempo.shortest` or has no pulse.
    mutating func tempoCandidates(from: Double, to: Double) throws(InputError) -> [EditorTempoCandidate] {
        guard let (bpm, e) = StretchTempo.estimate(try tempoOnsetStrength(), from: from, to: to) else { return [] }
        return [
            EditorTempoCandidate(bpm: bpm, strength: e.periodicity),
            EditorTempoCandidate(bpm: bpm / 2, strength: e.half.score),
            EditorTempoCandidate(bpm: bpm * 2, strength: e.double.score),
        ]
    }

    /// The onset strength the tempo is estimated on, computed on the first call and kept.
    private mutating func tempoOnsetStrength() throws(InputError) -> OnsetStrength {
        if let tempoOnset { return tempoOnset }
        let onset = try TempoEstimator.onsetStrength(path: path, limits: limits)
        tempoOnset = onset
        return onset
    }

    /// Bytes of the track as a 16-bit PCM WAV file (the whole file is `audioByteCount` bytes).
    func audioBytes(_ range: Range<Int>) throws(InputError) -> [UInt8] { try audio.bytes(range) }

    /// The size of the track as a WAV file, in bytes.
    var audioByteCount: Int { audio.byteCount }
}
