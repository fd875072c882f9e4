import AudioKitLinux

/// The tempo and first beat of each audition track whose BPM was not given, from the same analysis as
/// `beatmap draft` and `beatmap detect --quantize` (the song's fitted tempo map, on its beats), so the page can
/// snap the fade to A's beats or bars, enter B on its beat, and show both tracks' beats and their flams.
public enum AuditionTempo {
    /// `inputs` with each missing tempo and first beat filled in from the analysis, and a line per track analysed
    /// saying what was found (or that nothing was, when the track has no steady pulse).
    public static func filled(_ inputs: CrossfadeInputs) throws(InputError) -> (inputs: CrossfadeInputs, notes: [String]) {
        var out = inputs
        var notes: [String] = []
        func analyse(_ path: String) throws(InputError) -> TempoMap? {
            let onset = try DraftAnalysis.onset(path: path, limits: inputs.limits)
            // The first beat the page shows: the clock counts from the map's beat 0 on.
            guard let draft = BeatMapDraft.onFittedGrid(onset, range: 60...200), let tempo = draft.map.tempoMap,
                let first = draft.map.times.first(where: { $0 >= tempo.offset - 1e-9 })
            else {
                notes.append("\(path): no steady tempo found; pass its --bpm to snap to its beats")
                return nil
            }
            let bpm = String(format: "%.3f", tempo.bpm(atTime: first))
            let more = tempo.sections.count > 1 ? " (\(tempo.sections.count) tempo sections)" : ""
            notes.append("\(path): \(bpm) BPM\(more), first beat at \(String(format: "%.3f", first)) s (analysis; --bpm-a/-b override it)")
            return tempo
        }
        if inputs.outgoingTempo == nil { out.outgoingTempo = try analyse(inputs.outgoing) }
        if inputs.incomingTempo == nil { out.incomingTempo = try analyse(inputs.incoming) }
        return (out, notes)
    }
}
