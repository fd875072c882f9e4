import Testing

@testable import AudioKitLinux

/// The library's one mono mix, against the mean of each frame's channels worked by hand.
@Suite("Mono mix")
struct MonoMixTests {
    @Test("each frame is the mean of its channels, for one to six channels")
    func meanOfChannels() {
        for channels in 1...6 {
            let frames = 5
            // Channel c of frame f holds f + 10c: the mean over c is f + 10(channels − 1)/2.
            let interleaved = (0..<frames).flatMap { f in (0..<channels).map { c in Float(f + 10 * c) } }
            var mono = [Float](repeating: .nan, count: frames + 2)
            interleaved.withUnsafeBufferPointer { i in
                mono.withUnsafeMutableBufferPointer { MonoMix.mix(i, frames: frames, channels: channels, into: $0) }
            }
            for f in 0..<frames { #expect(abs(mono[f] - (Float(f) + 5 * Float(channels - 1))) < 1e-5, "\(channels) channels, frame \(f)") }
            // Only the frames asked for are written.
            #expect(mono[frames].isNaN && mono[frames + 1].isNaN)
        }
    }

    @Test("a stereo frame of opposite samples mixes to silence; one sample reads like the whole mix")
    func oppositeChannelsCancel() {
        let interleaved: [Float] = [0.5, -0.5, 1, 0.25]
        interleaved.withUnsafeBufferPointer { i in
            #expect(MonoMix.sample(i, frame: 0, channels: 2, scale: 0.5) == 0)
            #expect(MonoMix.sample(i, frame: 1, channels: 2, scale: 0.5) == 0.625)
        }
    }
}
