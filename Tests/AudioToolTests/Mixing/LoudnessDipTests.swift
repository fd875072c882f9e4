import AudioKitLinux
import Foundation
import Testing

/// A loudness dip is a level a listener can hear: silence counts as the absolute gate (−70 LUFS), and a dip from
/// silence is no dip (n/a), never −1000 dB or +900 dB.
@Suite("loudness dips")
struct LoudnessDipTests {
    static let rate = 48_000

    /// A stereo 1 kHz tone at `dbfs` for `seconds`, then silence for `silence` seconds.
    static func toneThenSilence(dbfs: Double, seconds: Double, silence: Double) -> [Float] {
        let a = pow(10, dbfs / 20)
        let n = Int(seconds * Double(rate)), m = Int(silence * Double(rate))
        var x = [Float](repeating: 0, count: 2 * (n + m))
        for i in 0..<n {
            let v = Float(a * sin(2 * Double.pi * 1000 * Double(i) / Double(rate)))
            x[2 * i] = v
            x[2 * i + 1] = v
        }
        return x
    }

    @Test("a tone cut to silence dips to the gate: −70 LUFS against the tone's own loudness")
    func toneIntoSilence() throws {
        let x = Self.toneThenSilence(dbfs: -20, seconds: 4, silence: 4)
        let points = LoudnessMeter.series(x, sampleRate: Self.rate, channels: 2)
        // A −20 dBFS sine in both channels: −20 − 3.01 (sine RMS) + 3.01 (two channels) − 0.691 + K-weighting at 1 kHz
        // (about +0.7 dB) ≈ −20 LUFS, well above the gate.
        let dip = try #require(LoudnessMeter.dip(points, from: 4, to: 6, shortTerm: false))
        #expect(dip.isFinite)
        #expect(abs(dip - (LoudnessMeter.absoluteGate - -20)) < 1.5)
    }

    @Test("a tone under the gate into silence has no dip (n/a)")
    func quietToneIntoSilence() {
        let x = Self.toneThenSilence(dbfs: -80, seconds: 4, silence: 4)
        let points = LoudnessMeter.series(x, sampleRate: Self.rate, channels: 2)
        #expect(LoudnessMeter.dip(points, from: 4, to: 6, shortTerm: false) == nil)
    }
}
