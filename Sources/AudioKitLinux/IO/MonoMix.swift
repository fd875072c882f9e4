/// The library's one mono mix: each frame of interleaved audio as the mean of its channels (their sum times
/// 1 / channels). Onsets, the haptic analysis, the editor's waveforms and the track overview all hear this mix.
package enum MonoMix {
    /// Frame `frame` of `interleaved` (`channels` channels) as one sample; `scale` is 1 / `channels`.
    @inline(__always)
    package static func sample(_ interleaved: UnsafeBufferPointer<Float>, frame: Int, channels: Int, scale: Float) -> Float {
        var sum: Float = 0
        for c in 0..<channels { sum += interleaved[frame * channels + c] }
        return sum * scale
    }

    /// The first `frames` frames of `interleaved` (`channels` channels) mixed into `mono`, which holds at least `frames`.
    package static func mix(
        _ interleaved: UnsafeBufferPointer<Float>, frames: Int, channels: Int, into mono: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(mono.count >= frames && interleaved.count >= frames * channels, "MonoMix: buffers too short")
        let scale = 1 / Float(channels)
        guard let source = interleaved.baseAddress, let target = mono.baseAddress else { return }
        if channels == 2 {
            // The same sum (0 + left + right, whose sign of zero nothing downstream reads) in a loop that vectorises.
            for f in 0..<frames { target[f] = (source[2 &* f] + source[2 &* f &+ 1]) * scale }
            return
        }
        for f in 0..<frames { mono[f] = sample(interleaved, frame: f, channels: channels, scale: scale) }
    }
}
