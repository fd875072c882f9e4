import AudioKitLinux

/// The tempo and first beat of each audition track whose BPM was not given, from the same analysis as
/// `beatmap detect --quantize` (onset strength, tempo estimate, a steady grid placed on the onsets), so the page can
/// snap the fade to A's beats or bars, enter B on its beat, and show both tracks' beats and their flams.
public enum AuditionTempo {
    /// `inputs` with each missing tempo and first beat filled in from the analysis, and a line per track analysed
    /// saying what was found (or that nothing was, when the track has no steady pulse).
    public static func filled(_ inputs: CrossfadeInputs) throws(InputError) -> (inputs: CrossfadeInputs, notes: [String]) {
        var out = inputs
        var notes: [String] = []
        func analyse(_ path: String) throws(InputError) -> TempoMap? {
            let onset = try TempoEstimator.onsetStrength(path: path, limits: inputs.limits)
            guard let draft = BeatMapDraft(onset, range: 60...200, quantize: true), let bpm = draft.map.declaredBPM,
                let first = draft.map.times.first
            else {
                notes.append("\(path): no steady tempo found; pass its --bpm to snap to its beats")
                return nil
            }
            notes.append("\(path): \(bpm) BPM, first beat at \(String(format: "%.3f", first)) s (analysis; --bpm-a/-b override it)")
            return TempoMap(offset: first, bpm: bpm)
        }
        if inputs.outgoingTempo == nil { out.outgoingTempo = try analyse(inputs.outgoing) }
        if inputs.incomingTempo == nil { out.incomingTempo = try analyse(inputs.incoming) }
        return (out, notes)
    }
}
