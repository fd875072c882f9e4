/// A `.haptic` v1 clip (Meta Haptics Studio, Lofelt Studio; spec: meta-haptics-sdk `resources/haptic-file-spec.md`):
/// an amplitude envelope whose breakpoints may carry an emphasis (a transient), and a frequency envelope.
public struct HapticClip: Sendable, Equatable {
    /// The schema version: major, minor, patch.
    public var version: (major: Int, minor: Int, patch: Int)
    /// The `metadata` object, as written (author, editor, source, project, tags, description).
    public var metadata: JSONObject
    /// The amplitude envelope, in file order.
    public var amplitude: [AmplitudeBreakpoint]
    /// The frequency envelope, in file order; empty means a frequency of 0.5 throughout (the spec).
    public var frequency: [FrequencyBreakpoint]

    /// One amplitude breakpoint.
    public struct AmplitudeBreakpoint: Sendable, Equatable {
        /// Time in seconds.
        public var time: Double
        /// Amplitude, 0…1.
        public var amplitude: Double
        /// A transient at this point, if any.
        public var emphasis: Emphasis?

        /// A breakpoint at `time` seconds.
        public init(time: Double, amplitude: Double, emphasis: Emphasis? = nil) {
            self.time = time
            self.amplitude = amplitude
            self.emphasis = emphasis
        }
    }

    /// A transient on an amplitude breakpoint.
    public struct Emphasis: Sendable, Equatable {
        /// Its amplitude, 0…1, at least the envelope's at that point.
        public var amplitude: Double
        /// Its frequency (sharpness), 0…1.
        public var frequency: Double

        /// An emphasis of `amplitude` and `frequency`.
        public init(amplitude: Double, frequency: Double) {
            self.amplitude = amplitude
            self.frequency = frequency
        }
    }

    /// One frequency breakpoint.
    public struct FrequencyBreakpoint: Sendable, Equatable {
        /// Time in seconds.
        public var time: Double
        /// Frequency, 0…1.
        public var frequency: Double

        /// A breakpoint at `time` seconds.
        public init(time: Double, frequency: Double) {
            self.time = time
            self.frequency = frequency
        }
    }

    /// A clip of version 1.0.0 with the given envelopes and metadata.
    public init(
        amplitude: [AmplitudeBreakpoint], frequency: [FrequencyBreakpoint] = [], metadata: JSONObject = JSONObject(),
        version: (major: Int, minor: Int, patch: Int) = (1, 0, 0)
    ) {
        self.version = version
        self.metadata = metadata
        self.amplitude = amplitude
        self.frequency = frequency
    }

    /// The clip's length: the last amplitude breakpoint's time (0 without breakpoints).
    public var duration: Double { amplitude.last?.time ?? 0 }

    /// Equal versions, metadata and envelopes.
    public static func == (a: HapticClip, b: HapticClip) -> Bool {
        a.version == b.version && a.metadata == b.metadata && a.amplitude == b.amplitude && a.frequency == b.frequency
    }
}

extension HapticClip {
    /// Reads the clip the way the upstream players do, without judging it: missing version gives 1.0.0, missing or
    /// malformed entries are skipped (`HapticFileValidator` reports them). Nil when there is no amplitude envelope.
    public init?(json: JSONValue) {
        guard let root = json.object, let envelopes = root["signals"]?["continuous"]?["envelopes"],
            let amplitude = envelopes["amplitude"]?.array
        else { return nil }
        let v = root["version"]
        // A version number that is no integer (1e300, 2^63) reads as -1, which HapticVersionRule reports.
        func part(_ key: String, _ missing: Int) -> Int {
            guard let n = v?[key]?.number else { return missing }
            return Int(exactly: n) ?? -1
        }
        version = (part("major", 1), part("minor", 0), part("patch", 0))
        metadata = root["metadata"]?.object ?? JSONObject()
        self.amplitude = amplitude.compactMap { item in
            guard let t = item["time"]?.number, let a = item["amplitude"]?.number else { return nil }
            var emphasis: Emphasis? = nil
            if let e = item["emphasis"], let ea = e["amplitude"]?.number, let ef = e["frequency"]?.number {
                emphasis = Emphasis(amplitude: ea, frequency: ef)
            }
            return AmplitudeBreakpoint(time: t, amplitude: a, emphasis: emphasis)
        }
        frequency = (envelopes["frequency"]?.array ?? []).compactMap { item in
            guard let t = item["time"]?.number, let f = item["frequency"]?.number else { return nil }
            return FrequencyBreakpoint(time: t, frequency: f)
        }
    }

    /// The clip as `.haptic` JSON (version, metadata, signals), in the spec's key order.
    public var jsonValue: JSONValue {
        let amplitudeItems: [JSONValue] = amplitude.map { b in
            var o = JSONObject([JSONObject.Member(key: "time", value: .real(b.time)), .init(key: "amplitude", value: .real(b.amplitude))])
            if let e = b.emphasis {
                o["emphasis"] = .object(
                    JSONObject([.init(key: "amplitude", value: .real(e.amplitude)), .init(key: "frequency", value: .real(e.frequency))]))
            }
            return .object(o)
        }
        let frequencyItems: [JSONValue] = frequency.map { b in
            .object(JSONObject([.init(key: "time", value: .real(b.time)), .init(key: "frequency", value: .real(b.frequency))]))
        }
        let envelopes = JSONObject([
            .init(key: "amplitude", value: .array(amplitudeItems)), .init(key: "frequency", value: .array(frequencyItems)),
        ])
        let version = JSONObject([
            .init(key: "major", value: .integer(Int64(self.version.major))),
            .init(key: "minor", value: .integer(Int64(self.version.minor))),
            .init(key: "patch", value: .integer(Int64(self.version.patch))),
        ])
        return .object(
            JSONObject([
                .init(key: "version", value: .object(version)), .init(key: "metadata", value: .object(metadata)),
                .init(
                    key: "signals",
                    value: .object(
                        JSONObject([
                            .init(key: "continuous", value: .object(JSONObject([.init(key: "envelopes", value: .object(envelopes))])))
                        ]))),
            ]))
    }
}
