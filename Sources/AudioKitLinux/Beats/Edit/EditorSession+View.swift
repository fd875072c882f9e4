import Foundation

/// What the page draws of a session's track (`EditorTrack`): the waveform and onset columns of a range, the onset
/// peaks, the tempo candidates and the track's bytes.
extension EditorSession {
    /// `width` columns of `from`…`to` seconds: the waveform's lowest and highest sample, the peak of its low, mid and
    /// high bands, and the onset strength (normalised to the track's loudest onset) in each, rounded to 4 decimals.
    public func envelope(from: Double, to: Double, width: Int) -> EditorEnvelope { track.envelope(from: from, to: to, width: width) }

    /// The onset peaks of the whole track in time order (seconds, to 0.1 ms), for snapping beats: local maxima of
    /// the onset strength above a tenth of the loudest.
    public func onsetPeaks() -> [Double] { track.onsetPeaks() }

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
