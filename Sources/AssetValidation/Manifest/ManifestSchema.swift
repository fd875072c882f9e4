/// The keys a game manifest may hold, with the type each takes: anything else is a `manifest.invalid` error
/// with a "did you mean", so a misspelt or misplaced key never leaves a job out while the gate passes.
package enum ManifestSchema {
    /// The JSON type a key's value must have.
    package enum Kind {
        case string, number, list

        var name: String {
            switch self {
            case .string: "a string"
            case .number: "a number"
            case .list: "a list"
            }
        }

        func accepts(_ value: JSONValue) -> Bool {
            switch self {
            case .string: value.string != nil
            case .number: value.number != nil
            case .list: value.array != nil
            }
        }
    }

    /// Keys of the manifest itself.
    package static let topLevel: [(key: String, kind: Kind)] = [
        ("game", .string), ("tracks", .list), ("ahap", .list), ("tolerance_ms", .number),
        // The JSON Schema the file names for editors (schemas/game-manifest.schema.json).
        ("$schema", .string),
    ]
    /// Keys of one track.
    package static let track: [(key: String, kind: Kind)] = [
        ("audio", .string), ("bpm", .number), ("beatmaps", .list), ("tolerance_ms", .number),
    ]

    /// A value strictly between two bounds.
    struct OpenRange {
        let lower: Double
        let upper: Double

        func contains(_ x: Double) -> Bool { x > lower && x < upper }
    }

    /// A track's declared tempo, in BPM.
    static let bpm = OpenRange(lower: 0, upper: 1000)
    /// `tolerance_ms`, in milliseconds.
    static let tolerance = OpenRange(lower: 0, upper: 1000)
    /// The keys of a track that must be there: its audio.
    static let trackRequired = ["audio"]
    /// A track must give at least one of these, or it gives nothing to check.
    static let trackChecks = ["bpm", "beatmaps"]

    /// Reports each unknown key of `object` (at its key) and each known key whose value has the wrong type (at the value).
    package static func check(
        _ object: JSONObject, pointer: String, keys: [(key: String, kind: Kind)],
        report: (_ pointer: String, _ message: String, _ key: Bool) -> Void
    ) {
        let names = keys.map(\.key)
        let place = pointer.isEmpty ? "the manifest" : "a track"
        for member in object.members {
            let at = JSONPointer.appending(pointer, member.key)
            guard let kind = keys.first(where: { $0.key == member.key })?.kind else {
                report(at, RuleText.unknownKey(member.key, in: place, known: names, effect: "checked"), true)
                continue
            }
            if !kind.accepts(member.value) {
                report(at, "\"\(member.key)\" must be \(kind.name)\(kind == .list ? " (write [\"…\"] even for one entry)" : "")", false)
            }
        }
    }

}
