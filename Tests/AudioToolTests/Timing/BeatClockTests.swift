import AudioKitLinux
import Foundation
import Testing

@Suite("Beat clock and naive timer")
struct BeatClockTests {
    @Test func beatsFallOnTheClosedFormWithNoAccumulatedError() {
        let clock = BeatClock(bpm: 174, anchor: 0.231)
        for n in [0, 1, 100, 10_000, 1_000_000] {
            #expect(abs(clock.time(ofBeat: Double(n)) - (0.231 + Double(n) * 60 / 174)) < 1e-9)
        }
        #expect(abs(clock.phase(at: 0.231 + 2.5 * 60 / 174) - 0.5) < 1e-9)
        let (bar, beat) = clock.barAndBeat(at: 0.231 + 9.1 * 60 / 174)
        #expect(bar == 2 && beat == 1)
        #expect(clock.barAndBeat(at: 0.0).bar == -1)
    }

    @Test func tempoChangeKeepsPhaseContinuous() {
        var clock = BeatClock(bpm: 88)
        let change = 10.0
        let before = clock.beatPosition(at: change)
        clock.changeTempo(to: 95, at: change)
        #expect(abs(clock.beatPosition(at: change) - before) < 1e-12)
        #expect(abs(clock.beatPosition(at: change - 1e-6) - (before - 1e-6 * 88 / 60)) < 1e-9)
        // After the change beats are 60/95 s apart.
        let next = clock.nextBeat(after: change)
        #expect(abs(clock.nextBeat(after: next + 0.001) - next - 60.0 / 95) < 1e-9)
        #expect(abs(clock.time(ofBeat: before) - change) < 1e-9)
    }

    @Test func nextBeatAndBar() {
        let clock = BeatClock(bpm: 120, anchor: 0.5)
        #expect(clock.nextBeat(after: 0.6) == 1.0)
        #expect(clock.nextBeat(after: 1.0) == 1.0)
        #expect(clock.nextBeat(after: 0.6, bar: true) == 2.5)
        #expect(clock.beats(from: 0, to: 2) == [0.5, 1.0, 1.5])
    }

    @Test("naive timer drift equals the closed form n·(⌈I·fps⌉/fps − I)", arguments: [60.0, 120.0])
    func naiveDrift(_ fps: Double) {
        for bpm in GameTempos.all {
            let interval = 60 / bpm
            let perBeat = (interval * fps).rounded(.up) / fps - interval
            let report = TimerDriftReport(bpm: bpm, framesPerSecond: fps, seconds: 180)
            for row in report.rows where row.beat % 37 == 0 {
                #expect(abs(row.drift - Double(row.beat) * perBeat) < 1e-9, "\(bpm) BPM @ \(fps): beat \(row.beat)")
            }
        }
        // 88 BPM at 120 fps: each wait rounds 0.6818 s up to 82 frames (0.6833 s): 400 ms off after 264 beats.
        #expect(abs(TimerDriftReport(bpm: 88, framesPerSecond: 120, seconds: 180).finalDrift - 264 * (82.0 / 120 - 60.0 / 88)) < 1e-9)
    }

    @Test func carryingTheOvershootOnlyJitters() {
        let report = TimerDriftReport(bpm: 172, framesPerSecond: 60, seconds: 600, carriesOver: true)
        #expect(report.rows.allSatisfy { $0.drift >= -1e-9 && $0.drift < 1.0 / 60 })
    }

    @Test func pulsesFollowTheGamesNumbers() {
        let interval = 60.0 / 88
        #expect(BeatPulse.background.value(sinceBeat: 0.02, interval: interval) == 0.08)
        #expect(abs(BeatPulse.background.value(sinceBeat: 0.05 + 0.3 * interval, interval: interval) - 0.04) < 1e-12)
        #expect(BeatPulse.background.value(sinceBeat: 0.05 + 0.61 * interval, interval: interval) == 0)
        #expect(BeatPulse.glow.value(sinceBeat: 0, interval: interval) == 6)
        #expect(abs(BeatPulse.glow.value(sinceBeat: 0.2 * interval, interval: interval) - 4.5) < 1e-12)
        #expect(BeatPulse.glow.value(sinceBeat: 0.41 * interval, interval: interval) == 3)
    }

    /// A clock at 120 BPM that goes to 150 at 4 s: each beat's background pulse decays over its own interval (0.6 of
    /// 0.5 s before the change, of 0.4 s after), so halfway down (0.04) comes 0.05 + 0.15 s after a beat at 120 and
    /// 0.05 + 0.12 s after one at 150.
    @Test func aPulseDecaysOverItsOwnBeatAfterATempoChange() {
        var clock = BeatClock(bpm: 120)
        clock.changeTempo(to: 150, at: 4)
        let samples = BeatPulse.background.samples(clock: clock, seconds: 6, rate: 1000)
        func value(at t: Double) -> Double { samples[Int((t * 1000).rounded())].value }
        #expect(abs(value(at: 3.5 + 0.20) - 0.04) < 1e-9, "\(value(at: 3.7))")
        #expect(abs(value(at: 4.4 + 0.17) - 0.04) < 1e-9, "\(value(at: 4.57))")
        #expect(value(at: 4.4 + 0.05 + 0.25) == 0)
        // A change between two beats (at 4.1 s, after the beat at 4.0 s): that beat keeps its 120 BPM decay (0.3 s)
        // past the change, so it is halfway down 0.05 + 0.15 s after it (with 150's decay it would be at 0.03).
        var late = BeatClock(bpm: 120)
        late.changeTempo(to: 150, at: 4.1)
        let after = BeatPulse.background.samples(clock: late, seconds: 6, rate: 1000)
        #expect(abs(after[Int((4.0 + 0.20) * 1000)].value - 0.04) < 1e-9, "\(after[4200].value)")
    }

    @Test func beatTapsValidateAndFallOnBeats() {
        let p = BeatTaps.pattern(bpm: 95, seconds: 10)
        // The locked clock's beats, and its bars: the taps fall on them, accented on each bar's first beat.
        let clock = BeatClock(bpm: 95)
        let beats = clock.beats(from: 0, to: 10)
        #expect(p.events.count == Int((10.0 * 95 / 60).rounded(.up)) && p.events.count == beats.count)
        for (e, t) in zip(p.events, beats) {
            #expect(abs(e.time - t) < 1e-6)
            let accented = e.parameters.first { $0.rawID == "HapticIntensity" }?.value == 1
            #expect(accented == (clock.barAndBeat(at: t + 1e-9).beat == 0))
        }
        #expect(BeatTaps.pattern(bpm: 60, seconds: 100).events.count == 30, "at most 30 s")
        let text = AHAPFormatter.format(p.jsonValue)
        #expect(AHAPValidator.validate(bytes: Array(text.utf8), file: "taps.ahap").diagnostics.isEmpty)
    }

    @Test func aClockOnAChartsTempoMapKeepsItsSections() throws {
        // 120 BPM from 0.5 s, then 150 BPM from beat 8 (4.5 s): beat 8 at 4.5 s, beat 13 at 4.5 + 5 × 0.4 = 6.5 s.
        let map = try #require(TempoMap(offset: 0.5, changes: [(0, 120), (8, 150)]))
        let clock = BeatClock(tempo: map)
        #expect(abs(clock.time(ofBeat: 8) - 4.5) < 1e-12 && abs(clock.time(ofBeat: 13) - 6.5) < 1e-12)
        #expect(abs(clock.beatPosition(at: 6.5) - 13) < 1e-12 && clock.anchor == 0.5)
        #expect(clock.segments.map(\.bpm) == [120, 150])
    }
}
