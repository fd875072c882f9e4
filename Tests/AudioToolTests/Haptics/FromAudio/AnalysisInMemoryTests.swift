import Foundation
import Testing

@testable import AudioKitLinux

@Suite("The analysis of a sound held in memory, and the pieces that make it fast")
struct AnalysisInMemoryTests {
    /// A stereo sound of noise bursts over a tone, `offset` above zero.
    static func sound(offset: Float, seconds: Double = 1.5) -> [Float] {
        var random = SplitMix(seed: 5)
        return (0..<Int(seconds * 44_100)).flatMap { i -> [Float] in
            let burst = (i / 6_000) % 3 == 0 ? Float(random.uniform() * 2 - 1) * 0.4 : 0
            let tone = 0.2 * Float(sin(2 * Double.pi * 330 * Double(i) / 44_100))
            return [offset + tone + burst, offset - tone + 0.5 * burst]
        }
    }

    @Test("a sound read into memory has the features a streamed one has, with a DC offset and without", arguments: [Float(0.03), 0])
    func memoryMatchesTheStream(offset: Float) throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.wav").path
        try AudioFile.write(Self.sound(offset: offset), to: path, sampleRate: 44_100, channels: 2)
        func analyze(memoryLimit: Int) throws -> SoundFeatures {
            try SoundFeatures.analyze(
                path: path, limits: .standard, follower: .studio, weighting: .amplitude, studioClock: true, studioSpectrum: false,
                passes: 1, keeping: true, memoryLimit: memoryLimit, progress: nil)
        }
        let held = try analyze(memoryLimit: SoundFeatures.keptSamples)
        let streamed = try analyze(memoryLimit: 0)
        #expect(held.monoSamples?.count == 66_150 && streamed.monoSamples == nil)
        // The offset measured is the one written (the tone and the bursts average near zero over the sound).
        #expect(abs(held.dcOffset - offset) < 0.003, "\(held.dcOffset)")
        #expect(held.dcOffset == streamed.dcOffset && held.samplePeak == streamed.samplePeak)
        #expect(held.envelope == streamed.envelope && held.instants == streamed.instants)
        #expect(held.instantTimes == streamed.instantTimes && !held.instants.isEmpty)
        #expect(held.flux == streamed.flux && !held.flux.isEmpty)
        // NaN where a frame is below the gate: compared bit for bit.
        #expect(held.centroid.map(\.bitPattern) == streamed.centroid.map(\.bitPattern))
        #expect(held.flatness.map(\.bitPattern) == streamed.flatness.map(\.bitPattern))
        // Each channel is the mean of the two, as written.
        let mono = try #require(held.monoSamples)
        let written = Self.sound(offset: offset)
        for i in stride(from: 0, to: mono.count, by: 997) {
            #expect(mono[i] == (written[2 * i] + written[2 * i + 1]) / 2, "sample \(i)")
        }
    }

    @Test("Studio's flux of chosen frames of a sound in memory is the flux the whole spectrum gives those frames")
    func probeInMemory() throws {
        let samples = Self.sound(offset: 0.05).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let whole = StudioSpectrum(sampleRate: 44_100)
        let mean = Float(samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count))
        samples.map { $0 - mean }.withUnsafeBufferPointer { whole.push($0) }
        whole.finish()
        let count = whole.flux.count
        #expect(count == StudioSpectrum.frameCount(samples: samples.count))
        let frames: Set<Int> = [0, 1, 2, 57, 58, 100, 131, 200, count - 1, count + 5]
        let probed = StudioFluxProbe.flux(mono: samples, offset: mean, frames: frames)
        #expect(Set(probed.keys) == frames.filter { $0 < count })
        for (n, flux) in probed {
            #expect(abs(flux - whole.flux[n]) <= 1e-5 * max(1, whole.flux[n]), "frame \(n): \(flux) vs \(whole.flux[n])")
        }
        #expect(probed.values.contains { $0 > 1 }, "the bursts rise")
    }

    @Test("the follower run over a block gives, sample by sample, what it gives one sample at a time")
    func followerBlock() {
        var random = SplitMix(seed: 3)
        let input = (0..<20_000).map { i in Float(random.uniform() * 2 - 1) * (i % 5_000 < 300 ? 1 : 0.05) }
        var one = EnvelopeFollower(settings: .studio, sampleRate: 44_100)
        var levels: [Float] = []
        for x in input { levels.append(one.process(x)) }
        var block = EnvelopeFollower(settings: .studio, sampleRate: 44_100)
        var at = 0
        for size in [1, 7, 4_096, 333, 15_563] {
            let (last, largest) = input.withUnsafeBufferPointer {
                block.process(UnsafeBufferPointer(rebasing: $0[at..<(at + size)]), floor: 0)
            }
            #expect(last == levels[at + size - 1] && largest == levels[at..<(at + size)].max(), "block at \(at)")
            at += size
        }
        #expect(at == input.count)
    }

    @Test("of two equal areas, the earlier point goes first (worked by hand)")
    func equalAreas() {
        // A zigzag: points 1, 2 and 3 each make a triangle of area 1 with their neighbours.
        let times: [Double] = [0, 1, 2, 3, 4], values: [Double] = [0, 1, 0, 1, 0]
        #expect(BreakpointReduction.reduce(times: times, values: values, budget: 4, monotone: false) == [0, 2, 3, 4])
        #expect(BreakpointReduction.reduce(times: times, values: values, budget: 4) == [0, 2, 3, 4])
    }

    @Test("the reduction removes the points a search of every point at every step removes")
    func reductionMatchesASearch() {
        var random = SplitMix(seed: 17)
        for trial in 0..<40 {
            let n = 5 + trial * 7
            let times = (0..<n).map { Double($0) + (trial % 2 == 0 ? 0 : random.uniform() * 0.5) }
            // Quantised values make ties, where the order between equal areas decides.
            let values = (0..<n).map { _ in (random.uniform() * 8).rounded() / 8 }
            for monotone in [false, true] {
                let budget = 2 + trial % 9, minimumArea = trial % 3 == 0 ? 0.01 : 0
                let expected = Self.search(times, values, budget: budget, minimumArea: minimumArea, monotone: monotone)
                let kept = BreakpointReduction.reduce(
                    times: times, values: values, budget: budget, minimumArea: minimumArea, monotone: monotone)
                #expect(kept == expected, "trial \(trial), monotone \(monotone)")
            }
        }
    }

    /// Visvalingam–Whyatt by the letter: at each step, the live inner point of least area (the earlier of equal ones),
    /// areas computed afresh from the live neighbours.
    static func search(_ t: [Double], _ v: [Double], budget: Int, minimumArea: Double, monotone: Bool) -> [Int] {
        var live = Array(t.indices)
        var effective = [Double](repeating: 0, count: t.count)
        var floor = 0.0
        func area(_ k: Int) -> Double {
            let (a, i, c) = (live[k - 1], live[k], live[k + 1])
            return abs((t[i] - t[a]) * (v[c] - v[a]) - (t[c] - t[a]) * (v[i] - v[a])) / 2
        }
        for k in 1..<(live.count - 1) { effective[live[k]] = area(k) }
        while live.count > 2 {
            let k = (1..<(live.count - 1)).min { effective[live[$0]] < effective[live[$1]] }!
            let a = effective[live[k]]
            guard live.count > max(2, budget) || a < minimumArea else { break }
            if monotone { floor = max(floor, a) }
            live.remove(at: k)
            for j in [k - 1, k] where j > 0 && j < live.count - 1 { effective[live[j]] = max(area(j), floor) }
        }
        return live
    }
}
