import Foundation

/// Reads Friday Night Funkin' chart JSON, the base game's and Psych Engine's (../shared/reference/CHART-FORMATS.md §5.2;
/// FunkinCrew/Funkin `Song.hx`, `Conductor.hx`, `PlayState.generateSong`): `{"song": {"bpm", "notes": [section…]}}`,
/// each section `{"sectionNotes": [[strumTime ms, noteData, sustain ms, type?]…], "mustHitSection", "lengthInSteps"
/// (or Psych's "sectionBeats"), "bpm", "changeBPM"}`.
///
/// Hit times are the notes' `strumTime`s, in milliseconds from the instrumental's start; a hold counts at its start. A
/// section's lanes 0–3 belong to the side `mustHitSection` names (the player when true) and 4–7 to the other side.
/// The player's notes are read by default (what the player taps); the chart named "opponent" is the other side, and
/// "both" every note. Notes outside lanes 0–7 (engine events) and Psych's "Hurt Note"s (to avoid, like a mine) are not
/// hits. The tempo map is for the grid only: sections follow one another, each `lengthInSteps` sixteenths (or
/// `sectionBeats` beats) long, and a section with `changeBPM` starts its tempo at its own start
/// (`Conductor.mapBPMChanges`). As the game's loader does, text after the JSON's last `}` is ignored.
enum FunkinChart {
    /// The sides a chart can be read as.
    static let sides = ["player", "opponent", "both"]

    /// True when `value` is a Friday Night Funkin' chart: an object whose `"song"` holds a `"notes"` array.
    static func isChart(_ value: JSONValue) -> Bool { value["song"]?["notes"]?.array != nil }

    /// The bytes up to the last `}` (the game's loader trims what follows).
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.lastIndex(of: UInt8(ascii: "}")) else { return bytes }
        return Array(bytes[...last])
    }

    /// The hits of `root` (an FNF chart, parsed from `bytes`), for `side` (nil: the player).
    static func read(_ root: JSONValue, bytes: [UInt8], file: String?, side: String?, maxBeats: Int) -> BeatMapReadResult {
        let song = root["song"]!
        let wanted = (side ?? "player").lowercased()
        guard sides.contains(wanted) else {
            return BeatMapReader.failure(
                file, 1, 1, "a Friday Night Funkin' chart is read for the player, the opponent or both, not \"\(side ?? "")\"",
                remedy: nil)
        }
        guard let bpm = song["bpm"]?.number, TempoMap.bpmRange.contains(bpm) else {
            return BeatMapReader.failure(file, 1, 1, "\"song\".\"bpm\" must be a tempo within 1…10000")
        }
        let sections = song["notes"]!.array!
        // Each note's line and column: one pass over the text for every section's notes.
        let pointers = sections.indices.map { "/song/notes/\($0)/sectionNotes" }
        let index = JSONPositionIndex(validJSON: bytes, wanted: Set(pointers))
        var notes: [ChartHits.Note] = []
        var played: [ChartNote] = []
        var points: [(time: Double, bpm: Double)] = [(0, bpm)]
        var start = 0.0  // ms
        var tempo = bpm
        for (k, section) in sections.enumerated() {
            guard case .object = section else {
                return BeatMapReader.failure(file, 1, 1, "section \(k) of \"notes\" is \(section.typeName), not an object")
            }
            if section["changeBPM"]?.bool == true, let b = section["bpm"]?.number, TempoMap.bpmRange.contains(b), b != tempo {
                tempo = b
                points.append((start / 1000, b))
            }
            let player = section["mustHitSection"]?.bool ?? false
            let positions = index.itemPositions(ofArrayAt: pointers[k], in: bytes)
            for (i, item) in (section["sectionNotes"]?.array ?? []).enumerated() {
                let p = i < positions.count ? positions[i] : nil
                guard let fields = item.array, fields.count >= 2, let time = fields[0].number, let lane = fields[1].number,
                    time.isFinite, abs(time) < 86_400_000
                else {
                    return BeatMapReader.failure(
                        file, p?.line ?? 1, p?.column ?? 1, "section \(k), note \(i) is not [time in ms, lane, length]; fix or remove it")
                }
                guard lane >= 0, lane < 8, lane == lane.rounded() else { continue }  // an engine's event, not a note
                if fields.count >= 4, fields[3].string == "Hurt Note" { continue }
                let isPlayer = (lane < 4) == player
                guard wanted == "both" || (wanted == "player") == isPlayer else { continue }
                let sustain = fields.count >= 3 ? fields[2].number ?? 0 : 0
                let shown = wanted == "both" ? (isPlayer ? Int(lane) % 4 : 4 + Int(lane) % 4) : Int(lane) % 4
                played.append(
                    ChartNote(
                        time: time / 1000, lane: shown, kind: sustain > 0 ? .hold : .tap, end: sustain > 0 ? (time + sustain) / 1000 : nil))
                notes.append(
                    ChartHits.Note(
                        time: time / 1000, beat: nil,
                        location: SourceLocation(
                            file: file, line: p?.line, column: p?.column, jsonPath: "/song/notes/\(k)/sectionNotes/\(i)")))
            }
            let steps = section["sectionBeats"]?.number.map { $0 * 4 } ?? section["lengthInSteps"]?.number ?? 16
            guard steps.isFinite, steps > 0, steps < 10_000 else {
                return BeatMapReader.failure(file, 1, 1, "section \(k) has a length of \(steps) steps; a section is 1–10000 steps")
            }
            start += steps * 60_000 / tempo / 4
        }
        let map = TempoMap(timingPoints: points)
        let who = wanted == "both" ? "every note" : "the \(wanted)'s notes"
        var result = ChartHits.map(
            notes, tempoMap: map, file: file, chart: wanted, maxBeats: maxBeats,
            empty: "the chart has none of \(who); read another side (player, opponent or both)")
        result.map?.notes = played.sorted { ($0.time, $0.lane) < ($1.time, $1.lane) }
        result.map?.lanes = wanted == "both" ? 8 : 4
        result.map?.metadata = ChartMetadata(title: song["song"]?.string?.nilIfEmpty)
        return result
    }
}
