/// What a rule inspects: the decoded JSON, the model built from it, and
/// the file's name and folder (for `EventWaveformPath`).
public struct AHAPDocument: Sendable {
    /// One item of the `Pattern` array, with its JSON path.
    public struct Item: Sendable {
        /// Which element the item holds; `.other` when it is not an object or does not hold exactly one Event, Parameter or
        /// ParameterCurve object.
        public enum Kind: Sendable { case event, parameter, curve, other }
        /// Position of the item in the `Pattern` array, from 0.
        public let index: Int
        /// Which element the item holds.
        public let kind: Kind
        /// JSON pointer of the item, `/Pattern/3`.
        public let path: String
        /// The body under `Event`, `Parameter` or `ParameterCurve`; for `.other`, the item itself when it is an object.
        public let body: JSONObject
        /// JSON pointer of the body, `/Pattern/3/Event`.
        public let bodyPath: String
    }

    /// The file name used in diagnostics; nil when none was given.
    public let file: String?
    /// Folder that `EventWaveformPath` values are resolved against.
    public let baseDirectory: String?
    /// The decoded JSON text.
    public let root: JSONValue
    /// The model CoreHaptics would build from `root` (see `AHAPPattern.init(json:)`).
    public let pattern: AHAPPattern
    /// Every item of the `Pattern` array, in order; empty when there is no `Pattern` array.
    public let items: [Item]
    /// The settings the validation runs with.
    public let options: AHAPValidationOptions
    /// The items that hold an `Event` object, in order.
    public let events: [Item]
    /// The items that hold a `Parameter` object, in order.
    public let dynamicParameters: [Item]
    /// The items that hold a `ParameterCurve` object, in order.
    public let curves: [Item]
    /// Well-formed `EventParameters` entries, gathered once for the rules that read them.
    let parameterEntries: [EventParameterWalk.Entry]
    /// Objects whose keys the key rules check.
    let keyedObjects: [KeyWalk.Object]

    /// Builds the document from decoded JSON and sorts the `Pattern` items by kind; `baseDirectory` is the folder waveform paths resolve
    /// against.
    public init(root: JSONValue, file: String? = nil, baseDirectory: String? = nil, options: AHAPValidationOptions = .init()) {
        self.root = root
        self.file = file
        self.baseDirectory = baseDirectory
        self.options = options
        self.pattern = AHAPPattern(json: root)
        var items: [Item] = []
        for (index, value) in (root[AHAPKey.pattern]?.array ?? []).enumerated() {
            let path = "/Pattern/\(index)"
            guard let object = value.object else {
                items.append(Item(index: index, kind: .other, path: path, body: JSONObject(), bodyPath: path))
                continue
            }
            let kinds = AHAPKey.elementKinds.filter { object[$0] != nil }
            if kinds.count == 1, let body = object[kinds[0]]?.object {
                let kind: Item.Kind =
                    switch kinds[0] {
                    case AHAPKey.event: .event
                    case AHAPKey.parameter: .parameter
                    default: .curve
                    }
                items.append(Item(index: index, kind: kind, path: path, body: body, bodyPath: path + "/" + kinds[0]))
            } else {
                items.append(Item(index: index, kind: .other, path: path, body: object, bodyPath: path))
            }
        }
        self.items = items
        self.events = items.filter { $0.kind == .event }
        self.dynamicParameters = items.filter { $0.kind == .parameter }
        self.curves = items.filter { $0.kind == .curve }
        self.parameterEntries = EventParameterWalk.build(items)
        self.keyedObjects = KeyWalk.build(items)
    }
}

/// Where the sound a pattern is checked against comes from.
public enum SyncSound: Sendable, Hashable {
    /// A sound file that starts `offset` seconds into the pattern.
    case file(path: String, offset: Double)
    /// The pattern's own AudioCustom events, as the renderer plays them.
    case patternAudio
}

/// What the AHAP rules ask of an audio library, for `AHAPValidationOptions.audio`. Two of them equal when their names do.
public struct AHAPAudioChecks: Sendable, Hashable {
    /// Names the library, for equality and messages.
    public var name: String
    /// Why the sound file at the resolved `path` cannot be used within `limits`; nil when it decodes.
    public var problem: @Sendable (_ path: String, _ limits: AudioLimits) -> InputError?
    /// The findings of `AudioSyncLagRule`, `AudioSyncTransientRule` and `HapticsInSilenceRule` for a document.
    public var sync: @Sendable (_ document: AHAPDocument) -> [AHAPFinding]

    /// Checks named `name`, done by `problem` and `sync`.
    public init(
        name: String, problem: @escaping @Sendable (_ path: String, _ limits: AudioLimits) -> InputError?,
        sync: @escaping @Sendable (_ document: AHAPDocument) -> [AHAPFinding]
    ) {
        self.name = name
        self.problem = problem
        self.sync = sync
    }

    /// Equal when the names are.
    public static func == (a: AHAPAudioChecks, b: AHAPAudioChecks) -> Bool { a.name == b.name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Settings that change what the validator reports.
public struct AHAPValidationOptions: Sendable, Hashable {
    /// Accept trailing commas and comments with a warning instead of an error.
    public var lenient: Bool
    /// Let `EventWaveformPath` resolve outside the AHAP file's folder.
    public var allowPathsOutsideBase: Bool
    /// Open each AudioCustom file to check that it exists and decodes.
    public var checkWaveformFiles: Bool
    /// Size, depth, event, curve-point and audio limits.
    public var limits: InputLimits
    /// The sound to check the pattern's timing against (`ahap-tool sync`); nil checks patterns with AudioCustom events
    /// against those.
    public var syncSound: SyncSound?
    /// The audio library that opens waveform files and checks the pattern against its sound; nil (the
    /// `ValidateAssets` plugin's checker, built with no system library) checks that each waveform file is there, not that
    /// it decodes, and checks no timing against sound. `AudioKitLinux`'s `AHAPValidator` fills in `AHAPAudioChecks.library`.
    public var audio: AHAPAudioChecks?

    /// Options for strict parsing, waveform paths kept inside the folder, waveform files checked, and the standard limits, unless given.
    public init(
        lenient: Bool = false, allowPathsOutsideBase: Bool = false, checkWaveformFiles: Bool = true, limits: InputLimits = .standard,
        syncSound: SyncSound? = nil, audio: AHAPAudioChecks? = nil
    ) {
        self.syncSound = syncSound
        self.audio = audio
        self.lenient = lenient
        self.allowPathsOutsideBase = allowPathsOutsideBase
        self.checkWaveformFiles = checkWaveformFiles
        self.limits = limits
    }
}

/// A finding before it has a line and column. Rules produce these; the
/// validator resolves the JSON path to a position in one pass at the end.
public struct AHAPFinding: Sendable {
    /// Whether the finding points at the key of its JSON path or at its value.
    public enum Anchor: Sendable { case key, value }
    /// The id of the rule that made the finding, such as `ahap.missing_pattern`.
    public var ruleID: String
    /// How serious the finding is.
    public var severity: Severity
    /// JSON pointer of what the finding is about; nil for findings of the reader, which carry a `position`.
    public var path: String?
    /// Whether the line and column are taken from the key or from the value at `path`.
    public var anchor: Anchor
    /// What is wrong and how to fix it.
    public var message: String
    /// Set directly by the reader for syntax errors, where no path exists.
    public var position: TextPosition?
    /// A setting that would accept the input instead.
    public var remedy: Remedy?

    /// A finding of `ruleID` at the JSON pointer `path` (or at `position`).
    public init(
        ruleID: String, severity: Severity, path: String?, anchor: Anchor = .value, message: String,
        position: TextPosition? = nil, remedy: Remedy? = nil
    ) {
        self.remedy = remedy
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
        self.anchor = anchor
        self.message = message
        self.position = position
    }
}
