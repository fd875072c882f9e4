import Foundation

/// What a crossfade plays past a track's end. The decks loop (a game's music does), so the mix goes on from the track's
/// start; a plain `AVAudioPlayer` (`numberOfLoops` 0), which the Swift code the audition gives uses, has stopped there
/// instead, or plays nothing from a time past its end. Said beside the figures, which are the looping mix's.
public enum CrossfadeEnds {
    /// The notes for `timeline` over tracks of `outgoing` (A) and `incoming` (B) seconds: a fade that starts or runs past
    /// A's end, a B entered at or past its end; empty when both play inside their tracks.
    public static func notes(_ timeline: CrossfadeTimeline, outgoing: Double, incoming: Double) -> [String] {
        let rate = Double(timeline.sampleRate)
        let start = Double(timeline.fadeStart) / rate, end = Double(timeline.outgoingEnd) / rate
        let from = Double(timeline.incomingOffset) / rate
        var notes: [String] = []
        let stops = "a plain AVAudioPlayer (numberOfLoops 0) stops there"
        if outgoing > 0, start >= outgoing {
            notes.append(
                String(
                    format: "the fade starts at %.3f s, past A's end (%.3f s): the mix plays A again from its start; %@", start, outgoing,
                    stops))
        } else if outgoing > 0, end > outgoing + 0.0005 {
            notes.append(String(format: "A ends at %.3f s, inside the fade: the mix plays A again from its start; %@", outgoing, stops))
        }
        if incoming > 0, from >= incoming {
            notes.append(
                String(
                    format:
                        "B enters at its own %.3f s, past its end (%.3f s): the mix plays B from its start again; AVAudioPlayer plays nothing from there",
                    from, incoming))
        }
        return notes
    }
}
