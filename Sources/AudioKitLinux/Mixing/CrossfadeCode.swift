import Foundation

/// A crossfade plan written out as the game's own Swift (two `AVAudioPlayer`s, the way the seeds' games play their
/// music). The `beatmap crossfade` command line for a plan is the tools' (`CrossfadeCommand` in BrowserPages).
public enum CrossfadeCode {
    /// The Swift expression of `curve`'s fade-in gain at `x` (0…1), the same formula `CrossfadeCurve.gain` computes;
    /// nil for a hard cut, which has none.
    public static func gainExpression(_ curve: CrossfadeCurve) -> String? {
        switch curve {
        case .linear, .tri: return "x"
        case .equalPower, .qsin: return "sin(x * .pi / 2)"
        case .sCurve, .hsin: return "(1 - cos(x * .pi)) / 2"
        case .hardCut: return nil
        case .esin: return "1 - cos(.pi / 4 * (pow(2 * x - 1, 3) + 1))"
        case .qua: return "x * x"
        case .cub: return "x * x * x"
        case .squ: return "x.squareRoot()"
        case .cbr: return "cbrt(x)"
        case .par: return "1 - (1 - x).squareRoot()"
        case .ipar: return "1 - (1 - x) * (1 - x)"
        case .exp: return "exp(-11.512925464970227 * (1 - x))"
        }
    }

    /// The plan as a Swift function for the game: it starts `b` where the mix does and fades both players' volumes
    /// along the curve (a timer at 120 Hz), from where the fade starts in `timeline` (after quantizing).
    public static func swift(_ plan: CrossfadePlan, timeline: CrossfadeTimeline) -> String {
        let rate = Double(timeline.sampleRate)
        let start = String(format: "%.3f", Double(timeline.fadeStart) / rate)
        let from = String(format: "%.3f", Double(timeline.incomingOffset) / rate)
        let gap = String(format: "%.3f", Double(timeline.incomingStart - timeline.fadeStart) / rate)
        let fade = String(format: "%.3f", max(0, plan.duration))
        guard let expression = gainExpression(plan.curve) else {
            return """
                import AVFoundation

                /// The transition `beatmap audition` played: a hard cut \(start) s into `a`; `b` starts at its \(from) s, \
                \(gap) s after the cut.
                func crossfade(from a: AVAudioPlayer, to b: AVAudioPlayer) {
                    let delay = max(0, \(start) - a.currentTime)
                    b.currentTime = \(from)
                    b.volume = 1
                    _ = b.play(atTime: a.deviceCurrentTime + delay + \(gap))
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { a.stop() }
                }

                """
        }
        let note =
            plan.curve == .linear
            ? "\n/// (A linear fade is what `setVolume(_:fadeDuration:)` does; in theory it dips 3.0 dB at the middle for two equally loud, uncorrelated tracks; `beatmap crossfade` measures a real pair's dip against both tracks traded at constant power, so their own level changes cancel.)"
            : ""
        return """
            import AVFoundation

            /// The \(plan.curve.rawValue) curve's fade-in gain at `x` from 0 to 1; the fade-out runs it backwards.
            func crossfadeGain(_ x: Double) -> Double { \(expression) }

            /// The transition `beatmap audition` played: \(plan.curve.rawValue) over \(fade) s, \(start) s into `a`; `b` \
            starts at its \(from) s, \(gap) s after the fade starts.\(note)
            func crossfade(from a: AVAudioPlayer, to b: AVAudioPlayer) {
                let fade: TimeInterval = \(fade), gap: TimeInterval = \(gap)
                let delay = max(0, \(start) - a.currentTime)
                b.currentTime = \(from)
                b.volume = 0
                _ = b.play(atTime: a.deviceCurrentTime + delay + gap)
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                    let began = Date()
                    Timer.scheduledTimer(withTimeInterval: 1.0 / 120, repeats: true) { timer in
                        let t = Date().timeIntervalSince(began)
                        let out = fade > 0 ? min(1, t / fade) : 1
                        let into = fade > 0 ? min(1, max(0, (t - gap) / fade)) : (t >= gap ? 1 : 0)
                        a.volume = Float(crossfadeGain(1 - out))
                        b.volume = Float(crossfadeGain(into))
                        if out >= 1 && into >= 1 {
                            timer.invalidate()
                            a.stop()
                        }
                    }
                }
            }

            """
    }
}
