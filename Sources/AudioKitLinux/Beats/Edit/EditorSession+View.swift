import Foundation

/// What the page draws of a session's track (`EditorTrack`): the waveform and onset columns of a range, the onset
/// peaks, the tempo candidates, the track's own tempo changes and the track's bytes.
extension EditorSession {
    /// `width` columns of `from`…`to` seconds: the waveform's lowest and highest sample, the peak of its low, mid and
    /// high bands, and the onset strength (normalised to the track's loudest onset) in each, rounded to 4 decimals.
    public func envelope(from: Double, to: Double, width: Int) -> EditorEnvelope { track.envelope(from: from, to: to, width: width) }

    /// The onset peaks of the whole track in time order (seconds, to 0.1 ms), for snapping beats: local maxima of
    /// the onset strength above a tenth of the loudest.
    public func onsetPeaks() -> [Double] { track.onsetPeaks() }

    /// The track's stretches of one tempo, in order (`TempoChanges`, found once when the track opened, as
    /// `beatmap draft` finds them and `beatmap.track_tempo_change` judges the map by them): one for a steady track,
    /// none for a track with no pulse. The page's summary says them: a track's whole reading is no tempo of either of
    /// two songs joined (91.3 BPM for songs at 180 and 125).
    public func trackTempi() -> [EditorTrackTempo] {
        (track.onset.tempoStretches ?? []).map { EditorTrackTempo(time: $0.time, bpm: $0.bpm) }
    }

    /// The track's tempo and its octave relatives, each with its strength, strongest reading first (`beatmap bpm`'s
    /// analysis, made on the first call and kept). Throws `InputError` when the track cannot be read again.
    public func tempoCandidates() throws(InputError) -> [EditorTempoCandidate] { try track.tempoCandidates() }

    /// The tempo candidates of the track from `from` to `to` seconds alone (one tempo section of the map): its tempo
    /// (`StretchTempo`), half and double, each with its strength; empty when the stretch is under 5 s or has no pulse.
    public func tempoCandidates(from: Double, to: Double) throws(InputError) -> [EditorTempoCandidate] {
        try track.tempoCandidates(from: from, to: to)
    }

    /// Bytes of the track as a 16-bit PCM WAV file (the whole file is `audioByteCount` bytes).
    public func audioBytes(_ range: Range<Int>) throws(InputError) -> [UInt8] { try track.audioBytes(range) }

    /// The size of the track as a WAV file, in bytes.
    public var audioByteCount: Int { track.audioByteCount }
}

/// A stretch of the track at one tempo (`GET /api/track-tempi`).
public struct EditorTrackTempo: Encodable, Sendable, Equatable {
    /// Where the stretch starts (seconds; 0 for the first).
    public var time: Double
    /// Its tempo (BPM).
    public var bpm: Double
}
