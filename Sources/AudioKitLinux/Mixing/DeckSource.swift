/// One deck's audio as a stream of stereo frames at the mix's rate, read in order from
/// any position: a track in memory (`MemoryDeck`) or a file decoded as it plays (`FileDeck`).
public protocol DeckSource: AnyObject {
    /// The mix's rate, which the deck delivers.
    var sampleRate: Int { get }
    /// One pass of the track at `sampleRate`: the loop length.
    var frames: Int { get }
    /// Linear gain applied by the mixer.
    var gain: Double { get }
    /// True when the track starts again at its end; otherwise it is followed by silence.
    var loops: Bool { get }
    /// The track's own beat grid, when known.
    var clock: BeatClock? { get }
    /// Where the deck's audio came from, for messages.
    var name: String { get }
    /// Moves to track frame `frame` (wrapped into the track when it loops).
    func seek(toFrame frame: Int) throws(InputError)
    /// Fills `buffer` with the next `count` stereo frames, interleaved (silence past the end of a deck that does not loop).
    func read(into buffer: UnsafeMutablePointer<Float>, count: Int) throws(InputError)
}

extension DeckSource {
    /// Seconds in one pass of the track.
    public var duration: Double { Double(frames) / Double(sampleRate) }
}

/// A deck whose stereo samples are in memory (`Deck`), as a stream.
public final class MemoryDeck: DeckSource {
    public let deck: Deck
    private var position = 0

    /// A stream over `deck`, from its first frame.
    public init(_ deck: Deck) { self.deck = deck }

    public var sampleRate: Int { deck.sampleRate }
    public var frames: Int { deck.frames }
    public var gain: Double { deck.gain }
    public var loops: Bool { deck.loops }
    public var clock: BeatClock? { deck.clock }
    public var name: String { deck.name }

    public func seek(toFrame frame: Int) { position = frame }

    public func read(into buffer: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            let (l, r) = deck.frame(position + i)
            buffer[2 * i] = l
            buffer[2 * i + 1] = r
        }
        position += count
    }
}
