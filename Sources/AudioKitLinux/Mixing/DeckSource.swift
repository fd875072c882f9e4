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
    /// The deck being streamed.
    public let deck: Deck
    private var position = 0

    /// A stream over `deck`, from its first frame.
    public init(_ deck: Deck) { self.deck = deck }

    /// The deck's sample rate in Hz.
    public var sampleRate: Int { deck.sampleRate }
    /// Stereo frames in the deck's track.
    public var frames: Int { deck.frames }
    /// The deck's linear gain.
    public var gain: Double { deck.gain }
    /// True when the deck loops.
    public var loops: Bool { deck.loops }
    /// The deck's beat grid, when known.
    public var clock: BeatClock? { deck.clock }
    /// The deck's name.
    public var name: String { deck.name }

    /// Moves to track frame `frame`; a looping deck wraps it as frames are read. Never throws.
    public func seek(toFrame frame: Int) { position = frame }

    /// Copies the next `count` stereo frames into `buffer`, interleaved: wrapping when the deck loops, silence past
    /// the end otherwise. Never throws.
    public func read(into buffer: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            let (l, r) = deck.frame(position + i)
            buffer[2 * i] = l
            buffer[2 * i + 1] = r
        }
        position += count
    }
}
