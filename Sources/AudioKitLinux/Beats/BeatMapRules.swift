/// Every rule `beatmap` reports, in one registry: reading a map, lint, checking it against its track, the
/// declared tempo, and CI manifests. `beatmap rules`, docs/rules.md and the SARIF rule table are made from it,
/// and each rule's examples run as tests.
///
/// Examples are written in the map's text format (one time per line). A check example starts with a line
/// `# clicks: t1 t2 …` (or `# clicks: none`): the test renders those clicks as the track. A manifest example
/// is a JSON manifest in a folder that holds `t.wav` and `m.txt`. Expected positions are `line:col`.
public enum BeatMapRules {
    // Reading.
    /// A value that cannot be read as a time, or a file that is not a beat map.
    public static let parseError = "beatmap.parse_error"
    /// A map with no beat at all.
    public static let noBeats = "beatmap.no_beats"
    /// A trailing comma or comment in a JSON map.
    public static let jsonLeniency = "beatmap.json_leniency"
    /// A key a JSON beat map does not have.
    public static let unknownKey = "beatmap.unknown_key"
    /// A chart value the game changes when it loads it.
    public static let clampedValue = "beatmap.clamped_value"
    /// A JSON map's `"bpm"` or `"offset"` that declares no usable grid.
    public static let declaredTempo = "beatmap.declared_tempo"
    // Checking against the track.
    /// A beat off its onset and off its neighbours.
    public static let misaligned = "beatmap.misaligned"
    /// The whole map early or late.
    public static let offset = "beatmap.offset"
    /// The map's tempo against the track's.
    public static let drift = "beatmap.drift"
    /// A run of a chart's hits off the track by an offset of its own.
    public static let stretchOffset = "beatmap.stretch_offset"
    /// Beats with no clear onset near them.
    public static let noOnset = "beatmap.no_onset"
    /// A beat list at half or double the track's pulse.
    public static let tempoOctave = "beatmap.tempo_octave"
    /// A tempo map, or a section of it, half a beat off the track.
    public static let gridPhase = "beatmap.grid_phase"
    /// A tempo change of the track that the map's tempo map does not make.
    public static let trackTempoChange = "beatmap.track_tempo_change"
    /// A map the audio does not confirm.
    public static let unconfirmed = "beatmap.unconfirmed"
    /// An MP3 without a gapless tag.
    public static let mp3DecoderDelay = "beatmap.mp3_decoder_delay"
    /// An AAC file without gapless information.
    public static let aacDecoderDelay = "beatmap.aac_decoder_delay"
    // Tempo.
    /// A track whose tempo is not the declared one.
    public static let bpmMismatch = "beatmap.bpm_mismatch"
    // Manifests (`ManifestRules`, beside the manifest reader).
    /// A manifest that is not valid JSON or YAML.
    public static let manifestSyntax = ManifestRules.syntax
    /// A manifest entry of the wrong shape.
    public static let manifestInvalid = ManifestRules.invalid
    /// A file the manifest names that does not exist.
    public static let manifestMissingFile = ManifestRules.missingFile
    /// A manifest path that leaves the manifest's folder.
    public static let manifestOutsideBase = ManifestRules.outsideBase

    /// The rules about reading a map.
    public static let reading: [RuleDescription] = [
        RuleDescription(
            id: parseError, name: "Unreadable beat map", summary: "A value cannot be read as a time, or the file is not a beat map.",
            rationale:
                "Every beat must be a number of seconds, written with a decimal point; a value that cannot be read is never skipped, since a map that silently loses beats passes every later check.",
            defaultSeverity: .error, passing: [RuleExample("0.5\n1.0\n")],
            failing: [RuleExample("0.5\nabc\n1.5\n", expected: ["2:1"]), RuleExample("0,5\n1,5\n", expected: ["1:2"])]),
        RuleDescription(
            id: noBeats, name: "Empty beat map", summary: "The file holds no beat at all.",
            rationale: "A gate must never pass on nothing: an empty map, or one whose lines are all comments, is an error.",
            defaultSeverity: .error, passing: [RuleExample("0.5\n")], failing: [RuleExample("# only a comment\n", expected: ["1:1"])]),
        RuleDescription(
            id: jsonLeniency, name: "Lenient JSON", summary: "A trailing comma or a comment in a JSON beat map.",
            rationale: "Strict JSON decoders (the game's JSONDecoder) reject it, so the map would not load on the device.",
            defaultSeverity: .warning, passing: [RuleExample("[0.5, 1.0]")], failing: [RuleExample("[0.5,\n 1.0,\n]", expected: ["2:5"])]),
        RuleDescription(
            id: unknownKey, name: "Unknown key", summary: "A JSON beat map object holds a key the reader does not know.",
            rationale:
                "Nothing it says is read: a misspelt \"ofset\" leaves the map without its offset while every check passes. The keys are bpm, offset, beats (or beatMap, beat_map, times, beat_times), tempo_changes and stops.",
            defaultSeverity: .warning, passing: [RuleExample(#"{"bpm": 120, "offset": 0.5, "beats": [0.5, 1.0]}"#)],
            failing: [RuleExample("{\"bpm\": 120,\n \"ofset\": 0.5, \"beats\": [0.5, 1.0]}", expected: ["2:2"])]),
        RuleDescription(
            id: clampedValue, name: "Value the game clamps",
            summary: "A chart holds a value the game changes when it loads it: an osu! beat length outside 6–60000 ms.",
            rationale:
                "osu! plays the chart, so it is read as osu! reads it (lazer's TimingControlPoint clamps a beat length to 6–60000 ms, 10000–1 BPM); the hits keep their times, but the grid is not the one written, and other editors may read the value as written.",
            defaultSeverity: .warning,
            passing: [RuleExample("osu file format v14\n[TimingPoints]\n0,500,4,1,0,100,1,0\n[HitObjects]\n64,192,500,1,0\n")],
            failing: [
                RuleExample("osu file format v14\n[TimingPoints]\n0,-500,4,1,0,100,1,0\n[HitObjects]\n64,192,500,1,0\n", expected: ["3:3"])
            ]),
        RuleDescription(
            id: declaredTempo, name: "Declared tempo not usable",
            summary:
                "A JSON map's \"bpm\" is not a tempo of 1–10000 or its \"offset\" not a time, or one is given without the other.",
            rationale:
                "A grid is a tempo and the time of its first beat. A map that declares half of one, or a value that is none, declares no grid: its hits are not checked on one, so every check would pass while the author believes the grid is in force. A warning, as an unknown key is: the beats themselves are read.",
            defaultSeverity: .warning, passing: [RuleExample(#"{"bpm": 120, "offset": 0.5, "beats": [0.5, 1.0]}"#)],
            failing: [
                RuleExample("{\"bpm\": 0,\n \"offset\": 0.5, \"beats\": [0.5, 1.0]}", expected: ["1:2"]),
                RuleExample("{\"beats\": [0.5, 1.0],\n \"bpm\": 120}", expected: ["2:2"]),
            ]),
    ]

    /// The rules about a map against its track (`beatmap check`, `beatmap ci`).
    public static let checking: [RuleDescription] = [
        RuleDescription(
            id: misaligned, name: "Beat off its onset",
            summary:
                "A beat is further than the tolerance (default 50 ms) from the onset the audio puts it at, and also off its neighbours' spacing in the map (or off the audio by twice the tolerance). In a chart (hits on a tempo map), a hit with no onset near it, when a free grid line within the hit window has a clear one; or, in a snapped chart, a lone hit off every grid line or moved onto a subdivision the chart does not use.",
            rationale:
                "Players feel 40 ms; the game's hit window is ±150 ms. A beat that keeps its neighbours' spacing while the music pushes or drags is left alone. A chart's hit that the author snapped to a grid line of a subdivision the chart uses is a warning, not an error: the chart vouches for it and only the audio disagrees. A hit flagged only for its rhythm while a neighbour within a beat has a clearer case is a warning too: it waits for that fix (docs/charts.md).",
            defaultSeverity: .error,
            passing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.5, 0.5, 16))],
            failing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.5, 0.5, 16, moving: 8, by: 0.09), expected: ["10:1"])]),
        RuleDescription(
            id: offset, name: "Whole map offset", summary: "Every beat is early or late by the same amount.",
            rationale: "A constant offset usually comes from a decoder delay or a trimmed intro; shift the map.", defaultSeverity: .error,
            passing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.5, 0.5, 16))],
            failing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.54, 0.5, 16), expected: ["2:1"])]),
        RuleDescription(
            id: drift, name: "Tempo drift", summary: "The map's tempo differs from the track's, so errors grow along the track.",
            rationale: "A map authored at 172 BPM on a 174 BPM track is off by a beat after a minute.", defaultSeverity: .error,
            passing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 24))\n" + grid(0.5, 0.5, 24))],
            failing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 24))\n" + grid(0.5, 0.504, 24), expected: ["25:1"])]),
        RuleDescription(
            id: stretchOffset, name: "Stretch of hits off the track",
            summary:
                "In a chart, a run of at least six hits sits early or late against the track by an offset of its own, while the rest of the map is on it: moved by that offset, most of them meet an onset they miss as written.",
            rationale:
                "A stop, a delay or a tempo change the song does not have moves every later hit at once, and so does an edit of the track; hit by hit, those hits only miss their onsets and may go unchecked. The finding names the stops and tempo changes just before the run (docs/charts.md). An error beyond the tolerance, a warning within it. (StretchOffsetTests checks it on StepMania charts with stops.)",
            defaultSeverity: .error,
            passing: [RuleExample("# clicks: \(stretch(0))\n" + stretch(0, lines: true))],
            failing: [RuleExample("# clicks: \(stretch(0))\n" + stretch(0.1, lines: true), expected: ["14:1"])]),
        RuleDescription(
            id: tempoOctave, name: "Beat list or tempo map at half or double the track's pulse",
            summary:
                "A beat list's beats, or the beats of a chart's own or declared tempo map, are every other beat of the track (it has onsets as strong between every two of them), or the track's beats and as many between them (every other beat has no onset of its own). For a chart's grid of one tempo, also when the track's own tempo reading is twice or half the grid's and the chart's hits agree: at half, its 1/2 and 1/4 lines hold as many hits per line as its beats; at double, its 1/2 lines almost none.",
            rationale:
                "The map's tempo and the track's agree at either octave, since the track's is measured through the map, so the check compares the onsets on the beats with those between them. A game that shows a beat on every other one of the music's, or on every off-beat, feels wrong at once; a chart whose hits are right on a tempo map at half the track's (each hit on a 1/2 line) gives a game that counts beats half of them. The editor fixes a beat list with ×2 or ÷2 then Hits from grid, a tempo map with ×2 or ÷2 alone (docs/charts.md).",
            defaultSeverity: .warning,
            passing: [RuleExample("# clicks: \(clicks(0.5, 0.3, 24))\n" + grid(0.5, 0.3, 24))],
            failing: [
                RuleExample("# clicks: \(clicks(0.5, 0.3, 24))\n" + grid(0.5, 0.6, 12), expected: ["2:1"]),
                RuleExample("# clicks: \(clicks(0.5, 0.6, 12))\n" + grid(0.5, 0.3, 24), expected: ["2:1"]),
            ]),
        RuleDescription(
            id: gridPhase, name: "Tempo map half a beat off the track",
            summary:
                "The beats of a chart's own or declared tempo map, or of one of its tempo sections, fall on the track's off-beats: the onsets between them are stronger than those on them, or the harmony changes between them rather than on them, and the track's tempo there is the section's.",
            rationale:
                "The game plays the hits by their times, so they may all be right; but every grid line, bar number and snap the author edits on is half a beat out, and a hit snapped to the grid lands on an off-beat. A wrong offset does it, and so does a tempo change placed on an off-beat. The editor moves the section half a beat in one click, the hits staying where they are. Its examples need a chart's tempo map, so GridPhaseTests checks it.",
            defaultSeverity: .warning),
        RuleDescription(
            id: trackTempoChange, name: "Track's tempo change not in the map",
            summary:
                "The track changes tempo (two songs joined, a bridge at another tempo: TempoChanges finds the stretches of one tempo from the onsets alone), and after the change the chart's own or declared tempo map keeps a tempo that is no octave of the track's new one.",
            rationale:
                "The game plays the hits by their times, so a chart whose notes kept their times passes every other check; but after the change every grid line, bar and snap the author edits on runs at the old tempo, so a note placed on them lands off the music, and StepMania counts its rows wrong. A tempo section at the change, at the track's tempo there, fixes it: the editor's + Section near the change, then the section's tempo candidate. Its examples need a track that changes tempo, so TrackTempoChangeTests checks it.",
            defaultSeverity: .warning),
        RuleDescription(
            id: noOnset, name: "Unchecked beats", summary: "Some beats have no clear onset near them.",
            rationale: "Quiet or sustained passages give no evidence; those beats are neither confirmed nor flagged.",
            defaultSeverity: .note, passing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.5, 0.5, 16))],
            failing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 12))\n" + grid(0.5, 0.5, 16), expected: ["0:0"])]),
        RuleDescription(
            id: unconfirmed, name: "Map not confirmed by the audio",
            summary: "Fewer than half of the beats are confirmed by an onset, or fewer than four beats lie inside the track.",
            rationale:
                "A check that finds nothing to compare must not pass: a silent file, the wrong track or a map of another song would otherwise go through a CI gate unseen.",
            defaultSeverity: .error, passing: [RuleExample("# clicks: \(clicks(0.5, 0.5, 16))\n" + grid(0.5, 0.5, 16))],
            failing: [RuleExample("# clicks: none\n" + grid(0.5, 0.5, 16), expected: ["2:1"])]),
        RuleDescription(
            id: mp3DecoderDelay, name: "MP3 without gapless tag",
            summary: "The MP3 has no LAME/Xing tag, so decoders start it about 25 ms late.",
            rationale:
                "reference/MP3-DECODER-OFFSETS.md: 1105 samples late in libsndfile, ffmpeg, mpg123 and librosa. (Its example is an encoded file: see BeatCheckTests.)",
            defaultSeverity: .warning),
        RuleDescription(
            id: aacDecoderDelay, name: "AAC without gapless information",
            summary:
                "The AAC file has neither an iTunSMPB tag nor an edit list, so its decoded audio starts with the encoder's priming (2112 samples, 1024 for FFmpeg's encoder).",
            rationale:
                "reference/AAC-DECODING.md: Apple's players remove the priming using that information; without it the reader drops the usual priming, and a decoder delay given to the check overrides the assumption. (Its examples are encoded files: see AACInputTests.)",
            defaultSeverity: .warning),
    ]

    /// The declared-tempo rule (`beatmap ci`; `beatmap bpm --expect` reports the same verdict).
    public static let tempo: [RuleDescription] = [
        RuleDescription(
            id: bpmMismatch, name: "Wrong declared tempo",
            summary: "The track's tempo is not the declared BPM within the tolerance (or is half or double it).",
            rationale:
                "The game's beat clock runs at the declared BPM; a wrong declaration puts every beat-synced event off the music. (Its examples are the sample loops: see GameCheckTests.)",
            defaultSeverity: .error)
    ]

    /// The rules about CI manifests.
    public static var manifest: [RuleDescription] { ManifestRules.descriptions }

    /// Every rule, in the order of the documentation.
    public static var all: [RuleDescription] { reading + BeatRuleRegistry.descriptions + checking + tempo + manifest }

    /// The rule with this id (or a former id).
    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id || $0.formerIDs.contains(id) }
    }

    /// `count` clicks from `first`, `interval` apart, as the example line lists them.
    static func clicks(_ first: Double, _ interval: Double, _ count: Int) -> String {
        (0..<count).map { RuleText.number(first + Double($0) * interval) }.joined(separator: " ")
    }

    /// A chart's rhythm at 120 BPM from 0.2 s (20 hits: beats, off-beats, 8 of them after beat 9.5), the hits after beat
    /// 9.5 later by `shift` seconds: as clicks on one line, or as a map of one time per line (`lines`).
    static func stretch(_ shift: Double, lines: Bool = false) -> String {
        let beats: [Double] = [0, 1, 2, 2.5, 3, 4, 5, 6, 6.5, 7, 8, 9, 10, 10.5, 11, 12, 13, 14, 14.5, 15]
        let times = beats.map { RuleText.number(0.2 + $0 * 0.5 + ($0 > 9.5 ? shift : 0)) }
        return lines ? times.map { $0 + "\n" }.joined() : times.joined(separator: " ")
    }

    /// A map of `count` beats from `first`, `interval` apart; beat `moving` shifted `by` seconds.
    static func grid(_ first: Double, _ interval: Double, _ count: Int, moving: Int? = nil, by shift: Double = 0) -> String {
        (0..<count).map { k in RuleText.number(first + Double(k) * interval + (k == moving ? shift : 0)) + "\n" }.joined()
    }
}
