import Foundation

/// Writing a Beat Saber v3 difficulty.
extension ChartWriter {
    /// A Beat Saber v3 difficulty: beats from `songOffset` seconds (the `Info.dat`'s `_songTimeOffset`), every tempo as
    /// a `bpmEvent` (the first at beat 0, so the notes do not depend on the `Info.dat`'s BPM).
    public static func beatSaber(_ map: BeatMap, songOffset: Double = 0) -> String {
        let tempo = tempoMap(of: map)
        // The song's beat grid from its offset: the first tempo, then each later section at its time. Beat Saber counts
        // beats from the song's start, so when the map's grid does not start there, one lead-in beat reaches its first
        // line at or after 6 ms, and the editors' grid lines are the map's.
        var sections: [(beat: Double, bpm: Double, time: Double)] = [(0, tempo.sections[0].bpm, songOffset)]
        let period = 60 / tempo.sections[0].bpm
        let phase = (songOffset - tempo.offset) / period
        if abs(phase - phase.rounded()) > 1e-6 {
            var line = tempo.offset + phase.rounded(.up) * period
            if line - songOffset < 0.006 { line += period }
            let lead = 60 / (line - songOffset)
            if TempoMap.bpmRange.contains(lead), tempo.sections.count == 1 || tempo.sections[1].time > line {
                sections = [(0, lead, songOffset), (1, tempo.sections[0].bpm, line)]
            }
        }
        for s in tempo.sections.dropFirst() where s.time > sections[sections.count - 1].time {
            let last = sections[sections.count - 1]
            sections.append((last.beat + (s.time - last.time) * last.bpm / 60, s.bpm, s.time))
        }
        func jsonBeat(_ t: Double) -> Double {
            let s = sections.last { $0.time <= t } ?? sections[0]
            return s.beat + (t - s.time) * s.bpm / 60
        }
        let events = sections.map {
            JSONValue.object(JSONObject(["b": .real(($0.beat * 1e6).rounded() / 1e6), "m": .real($0.bpm)]))
        }
        var notes: [JSONValue] = []
        var bombs: [JSONValue] = []
        // The map's lanes as the four columns of the bottom row (a lane beyond folds back); hits in turn for a list.
        for n in placed(map, lanes: 4).sorted(by: { ($0.time, $0.lane) < ($1.time, $1.lane) }) {
            let b = JSONValue.real((jsonBeat(n.time) * 1e6).rounded() / 1e6)
            if n.kind == .mine {
                bombs.append(.object(JSONObject(["b": b, "x": .integer(Int64(n.lane)), "y": .integer(0)])))
                continue
            }
            notes.append(
                .object(
                    JSONObject([
                        "b": b, "x": .integer(Int64(n.lane)), "y": .integer(0), "c": .integer(Int64(n.lane < 2 ? 0 : 1)), "d": .integer(8),
                        "a": .integer(0),
                    ])))
        }
        let root = JSONObject([
            "version": .string("3.3.0"), "bpmEvents": .array(Array(events)), "colorNotes": .array(notes), "bombNotes": .array(bombs),
            "obstacles": .array([]), "sliders": .array([]), "burstSliders": .array([]), "basicBeatmapEvents": .array([]),
            "colorBoostBeatmapEvents": .array([]),
        ])
        return JSONWriter(indent: "  ").string(from: .object(root))
    }
}
