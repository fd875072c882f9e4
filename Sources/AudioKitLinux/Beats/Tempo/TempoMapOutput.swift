import Foundation

/// A tempo map as JSON and as one line of text, for `check`, `fit` and `lint`.
public enum TempoMapOutput {
    /// `{"source", "offset", "beats_per_bar", "sections": [{"beat", "time", "bpm"}], "stops": [{"beat", "seconds",
    /// "delay"}]}`: a stop pauses after the hits on its beat, a delay (StepMania `#DELAYS`) before them.
    public static func json(_ t: TempoMap, source: String) -> JSONValue {
        func r6(_ v: Double) -> JSONValue { .real((v * 1e6).rounded() / 1e6) }
        return .object(
            JSONObject([
                "source": .string(source), "offset": r6(t.offset), "beats_per_bar": .integer(Int64(t.beatsPerBar)),
                "sections": .array(
                    t.sections.map { .object(JSONObject(["beat": r6($0.beat), "time": r6($0.time), "bpm": r6($0.bpm)])) }),
                "stops": .array(
                    t.stops.map {
                        .object(
                            JSONObject([
                                "beat": r6(TempoMap.delayedBeat(of: $0) ?? $0.beat), "seconds": r6($0.seconds), "delay": .bool($0.delay),
                            ]))
                    }),
            ]))
    }

    /// "180 BPM from 5.028 s" or "3 tempos, 120–180 BPM (mostly 180) from 5.028 s", with the stops; a StepMania
    /// bridge (`TempoMap.isBridge`) is no tempo of the map.
    public static func line(_ t: TempoMap, from start: Double, to end: Double) -> String {
        let main = t.mainBPM(from: start, to: end)
        let authored = t.authoredSections, bpms = Set(authored.map(\.bpm))
        var text: String
        if bpms.count == 1 {
            text = String(format: "%@ BPM from %.3f s", RuleText.number((main * 1000).rounded() / 1000), t.sections[0].time)
        } else {
            text = String(
                format: "%d tempos, %@–%@ BPM (mostly %@) from %.3f s", authored.count,
                RuleText.number((bpms.min()! * 1000).rounded() / 1000),
                RuleText.number((bpms.max()! * 1000).rounded() / 1000), RuleText.number((main * 1000).rounded() / 1000), t.sections[0].time)
        }
        if case let n = t.authoredStops.count, n > 0 { text += ", \(n) stop\(n == 1 ? "" : "s")" }
        return text
    }
}
