import Foundation

extension TempoMap {
    /// Each stop as a pause at an audio time, as a JSON map's `"stops"` and the editor's grid keep them: where the pause
    /// starts, how long it lasts, and whether it is a delay (a hit on its row comes after it, as StepMania's `#DELAYS`)
    /// rather than a stop (before it). `init(timingPoints:stops:)` takes them back. A StepMania bridge pause
    /// (`isBridgePause`) is none: the section after it restarts the grid at its own time.
    public var pauses: [(time: Double, seconds: Double, delay: Bool)] {
        authoredStops.map { stop in
            // A delay's pause starts its row's time before that row is hit (not at the beat it is kept just before, a
            // fraction of a microsecond earlier).
            let delayed = TempoMap.delayedBeat(of: stop)
            return (delayed.map { time(ofBeat: $0) - stop.seconds } ?? time(ofBeat: stop.beat), stop.seconds, delayed != nil)
        }
    }
}
