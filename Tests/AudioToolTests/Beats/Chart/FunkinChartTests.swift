import AudioKitLinux
import Foundation
import Testing

/// Friday Night Funkin' chart JSON: the player's notes by default (lanes 0–3 in a `mustHitSection`, 4–7 otherwise),
/// the opponent's or both on request, holds at their start, engine events and hurt notes left out, BPM changes at their
/// section's start, and text after the JSON ignored as the game's loader does. Times computed here from the notes.
@Suite("Friday Night Funkin' charts")
struct FunkinChartTests {
    /// Two sections at 120 BPM (16 steps = 2 s each), the second the player's, then a third at 150 BPM (1.6 s).
    static let chart = """
        {"song": {"song": "Test", "bpm": 120, "needsVoices": true, "speed": 2, "notes": [
          {"lengthInSteps": 16, "mustHitSection": false, "sectionNotes": [[500, 0, 0], [750, 5, 0], [1000, 6, 250], [1200, -1, 0, "Change Character"]]},
          {"lengthInSteps": 16, "mustHitSection": true, "sectionNotes": [[2000, 1, 0], [2500, 4, 0], [2750, 2, 0, "Hurt Note"], [3000, 3, 500]]},
          {"lengthInSteps": 16, "mustHitSection": true, "changeBPM": true, "bpm": 150, "sectionNotes": [[4000, 0, 0], [4000.4, 1, 0], [4400, 7, 0]]}
        ]}}
        """

    static func read(_ text: String, chart: String? = nil) -> BeatMapReadResult {
        BeatMapReader.read(bytes: Array(text.utf8), file: "test-hard.json", format: .json, chart: chart)
    }

    @Test func thePlayersNotesByDefaultTheOpponentsOrBothOnRequest() throws {
        // Player: 750 and 1000 (lanes 5, 6 in the opponent's section), 2000 and 3000 (lanes 1, 3 in the player's; 2750
        // is a hurt note), 4000 (a chord with 4000.4).
        let player = try #require(Self.read(Self.chart).map)
        #expect(player.times == [0.75, 1.0, 2.0, 3.0, 4.0], "\(player.times)")
        let opponent = try #require(Self.read(Self.chart, chart: "opponent").map)
        #expect(opponent.times == [0.5, 2.5, 4.4], "\(opponent.times)")
        let both = try #require(Self.read(Self.chart, chart: "both").map)
        #expect(both.times == [0.5, 0.75, 1.0, 2.0, 2.5, 3.0, 4.0, 4.4], "\(both.times)")
        let refused = Self.read(Self.chart, chart: "Hard")
        #expect(refused.map == nil && refused.diagnostics.first?.message.contains("player, the opponent or both") == true)
    }

    @Test func theTempoChangesAtItsSectionsStartAndNotesKeepTheirLines() throws {
        let map = try #require(Self.read(Self.chart).map)
        let tempo = try #require(map.tempoMap)
        #expect(tempo.sections.count == 2 && tempo.sections[1].bpm == 150 && abs(tempo.sections[1].time - 4.0) < 1e-9)
        // The note at 750 ms is on line 2 of the file, after the one at 500 ms.
        #expect(map.locations[0].line == 2 && map.locations[0].jsonPath == "/song/notes/0/sectionNotes/1", "\(map.locations[0])")
    }

    @Test func textAfterTheJSONIsIgnoredAsTheGameDoes() throws {
        let map = try #require(Self.read(Self.chart + "\u{0}\u{0}garbage").map)
        #expect(map.times.count == 5)
    }
}
