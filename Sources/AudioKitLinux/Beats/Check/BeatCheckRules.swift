import Foundation

/// Descriptions of the findings `beatmap check` makes (for SARIF, JUnit and docs).
public enum BeatCheckRules {
    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: "beatmap.misaligned", name: "Beat off its onset",
            summary:
                "A beat is further than the tolerance (default 50 ms) from the onset the audio puts it at, and also off its neighbours' spacing in the map (or off the audio by twice the tolerance).",
            rationale:
                "Players feel 40 ms; the game's hit window is ±150 ms. A beat that keeps its neighbours' spacing while the music pushes or drags is left alone.",
            defaultSeverity: .error),
        RuleDescription(
            id: "beatmap.offset", name: "Whole map offset", summary: "Every beat is early or late by the same amount.",
            rationale: "A constant offset usually comes from a decoder delay or a trimmed intro; shift the map.", defaultSeverity: .error),
        RuleDescription(
            id: "beatmap.drift", name: "Tempo drift", summary: "The map's tempo differs from the track's, so errors grow along the track.",
            rationale: "A map authored at 172 BPM on a 174 BPM track is off by a beat after a minute.", defaultSeverity: .error),
        RuleDescription(
            id: "beatmap.no_onset", name: "Unchecked beats", summary: "Some beats have no clear onset near them.",
            rationale: "Quiet or sustained passages give no evidence; those beats are neither confirmed nor flagged.",
            defaultSeverity: .note),
        RuleDescription(
            id: BeatCheckFindings.unconfirmedID, name: "Map not confirmed by the audio",
            summary:
                "Fewer than half of the beats are confirmed by an onset, or fewer than four beats lie inside the track.",
            rationale:
                "A check that finds nothing to compare must not pass: a silent file, the wrong track or a map of another song would otherwise go through a CI gate unseen.",
            defaultSeverity: .error),
        RuleDescription(
            id: "beatmap.mp3_decoder_delay", name: "MP3 without gapless tag",
            summary: "The MP3 has no LAME/Xing tag, so decoders start it about 25 ms late.",
            rationale: "reference/MP3-DECODER-OFFSETS.md: 1105 samples late in libsndfile, ffmpeg, mpg123 and librosa.",
            defaultSeverity: .warning),
        RuleDescription(
            id: "beatmap.json_leniency", name: "Lenient JSON", summary: "A trailing comma or comment in a JSON beat map.",
            rationale: "Strict JSON decoders (JSONDecoder) reject it.", defaultSeverity: .warning),
    ]
}

/// The one-line summary `beatmap check` prints on standard error.
public enum BeatCheckSummary {
    public static func line(_ r: BeatCheckReport) -> String {
        var parts = ["beatmap: \(r.checkedCount) of \(r.beats.count) beats matched to onsets, \(r.flaggedCount) flagged"]
        if let o = r.offset { parts.append(String(format: "offset %+.1f ms", o * 1000)) }
        if let m = r.mapBPM, let a = r.audioBPM { parts.append(String(format: "map %.2f BPM vs track %.2f BPM", m, a)) }
        return parts.joined(separator: ", ")
    }
}
