import Foundation

/// The two tracks of a crossfade and how to open them as decks, so that a mix and its report can each read
/// the files with decks of their own (on two threads).
public struct CrossfadeInputs: Sendable {
    /// Path of the outgoing track (deck A).
    public var outgoing: String
    /// Path of the incoming track (deck B).
    public var incoming: String
    /// The mix's sample rate.
    public var sampleRate: Int
    /// A's tempo in BPM, for quantizing the fade start and listing A's beats; nil when unknown.
    public var outgoingBPM: Double?
    /// B's tempo in BPM, for phase alignment and listing B's beats; nil when unknown.
    public var incomingBPM: Double?
    /// Time of A's first beat in seconds, the anchor of its beat clock.
    public var outgoingFirstBeat: Double
    /// Time of B's first beat in seconds, the anchor of its beat clock.
    public var incomingFirstBeat: Double
    /// The limits applied when the tracks are opened.
    public var limits: AudioLimits

    /// The tracks `outgoing` (A) and `incoming` (B), mixed at `sampleRate`, with their tempi and first beats when known.
    public init(
        outgoing: String, incoming: String, sampleRate: Int, outgoingBPM: Double? = nil, incomingBPM: Double? = nil,
        outgoingFirstBeat: Double = 0, incomingFirstBeat: Double = 0, limits: AudioLimits = .standard
    ) {
        self.outgoing = outgoing
        self.incoming = incoming
        self.sampleRate = sampleRate
        self.outgoingBPM = outgoingBPM
        self.incomingBPM = incomingBPM
        self.outgoingFirstBeat = outgoingFirstBeat
        self.incomingFirstBeat = incomingFirstBeat
        self.limits = limits
    }

    /// Opens both tracks as looping decks that decode as they play.
    public func open() throws(InputError) -> (FileDeck, FileDeck) {
        let a = try FileDeck(outgoing, sampleRate: sampleRate, bpm: outgoingBPM, firstBeat: outgoingFirstBeat, limits: limits)
        let b = try FileDeck(incoming, sampleRate: sampleRate, bpm: incomingBPM, firstBeat: incomingFirstBeat, limits: limits)
        return (a, b)
    }
}

/// A crossfade written to a file, with its loudness report measured at the same time on a second pair of decks.
public enum CrossfadeRender {
    /// Measures the report and, when `output` is given, writes the mix there (atomically); the two run on two threads.
    /// The report is returned only once the mix is written: a failed write throws and no report is made.
    public static func run(
        _ inputs: CrossfadeInputs, plan: CrossfadePlan, output: String?, progress: ((Double) -> Void)? = nil
    ) throws(InputError) -> CrossfadeReport {
        guard let output else {
            let (a, b) = try inputs.open()
            return try CrossfadeReport(a: a, b: b, plan: plan)
        }
        let measured = ReportSlot()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do throws(InputError) {
                let (a, b) = try inputs.open()
                measured.set(.success(try CrossfadeReport(a: a, b: b, plan: plan)))
            } catch {
                measured.set(.failure(error))
            }
        }
        let mixed: Result<Int, InputError>
        do throws(InputError) {
            let (a, b) = try inputs.open()
            mixed = .success(try SourceWriter.write(CrossfadeSource(a, b, plan: plan), to: output, progress: progress))
        } catch {
            mixed = .failure(error)
        }
        group.wait()
        if case .failure(let error) = mixed { throw error }
        return try measured.get()
    }

    private final class ReportSlot: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<CrossfadeReport, InputError> = .failure(
            InputError(.corrupt, path: "<crossfade>", reason: "the report was not measured"))
        func set(_ v: Result<CrossfadeReport, InputError>) { lock.withLock { value = v } }
        func get() throws(InputError) -> CrossfadeReport { try lock.withLock { value }.get() }
    }
}
