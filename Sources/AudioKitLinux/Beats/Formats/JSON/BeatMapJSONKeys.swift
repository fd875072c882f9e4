/// The keys of a JSON beat map object, defined once: the reader, the saver and the JSON Schema (`BeatMapJSONSchema`)
/// read them here.
public enum BeatMapJSONKeys {
    /// The names the beats array may go by; the first of them that holds an array is the beats.
    public static let beats = ["beats", "beatMap", "beat_map", "times", "beat_times"]
    /// The map's tempo, in BPM (the first section of its grid).
    public static let bpm = "bpm"
    /// The time of the grid's first beat, in seconds.
    public static let offset = "offset"
    /// Tempo sections after the first: `[{"time": seconds, "bpm": BPM}, …]`.
    public static let tempoChanges = "tempo_changes"
    /// Pauses of the grid: `[{"time": seconds, "seconds": length, "delay": true|false}, …]`.
    public static let stops = "stops"
    /// The JSON Schema the file names for editors (`schemas/beatmap.schema.json`); the reader passes over it.
    public static let schema = "$schema"
    /// Every key the object may hold; any other is reported (`BeatMapRules.unknownKey`) and not read.
    public static var all: [String] { beats + [bpm, offset, tempoChanges, stops, schema] }
    /// The keys a beat given as an object may hold its time under.
    public static let beatTime = ["time", "t"]
    /// The keys of a tempo change, both required.
    public static let tempoChangeKeys = ["time", "bpm"]
    /// The keys a stop must have; `delay` may be added.
    public static let stopKeys = ["time", "seconds"]
    /// The optional key of a stop: true for a StepMania delay (the hit after the pause).
    public static let stopDelay = "delay"
    /// The longest stop, in seconds (exclusive).
    public static let maximumStop = 86_400.0
}
