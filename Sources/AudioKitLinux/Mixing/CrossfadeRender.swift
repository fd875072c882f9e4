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
    /// A's tempo map (its beat 0 the anchor of its beat clock), for quantizing the fade start and listing A's beats;
    /// nil when unknown.
    public var outgoingTempo: TempoMap?
    /// B's tempo map, for phase alignment and listing B's beats; nil when unknown.
    public var incomingTempo: TempoMap?
    /// The limits applied when the tracks are opened.
    public var limits: AudioLimits

    /// The tracks `outgoing` (A) and `incoming` (B), mixed at `sampleRate`, with their tempo maps when known.
    public init(
        outgoing: String, incoming: String, sampleRate: Int, outgoingTempo: TempoMap? = nil, incomingTempo: TempoMap? = nil,
        limits: AudioLimits = .standard
    ) {
        self.outgoing = outgoing
        self.incoming = incoming
        self.sampleRate = sampleRate
        self.outgoingTempo = outgoingTempo
        self.incomingTempo = incomingTempo
        self.limits = limits
    }

    /// Opens both tracks as looping decks that decode as they play.
    public func open() throws(InputError) -> (FileDeck, FileDeck) {
        let a = try FileDeck(outgoing, sampleRate: sampleRate, tempo: outgoingTempo, limits: limits)
        let b = try FileDeck(incoming, sampleRate: sampleRate, tempo: incomingTempo, limits: limits)
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
