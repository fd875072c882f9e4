// The library's own RealFFT (Sources/AudioKitLinux/DSP), compiled alone: microseconds per transform, magnitudes
// included, for sizes 512, 1,024 and 2,048. Run by bench/fft/run.sh next to kissfft's kiss_fftr on the same sizes.
import Foundation

let reps = 20_000
for size in [512, 1024, 2048] {
    let fft = RealFFT(size: size)
    var frame = (0..<size).map { Float(sin(Double($0) * 0.37) * 0.5) }
    var out = [Float](repeating: 0, count: size / 2 + 1)
    var start = timespec(), end = timespec()
    var sum: Float = 0
    clock_gettime(CLOCK_MONOTONIC, &start)
    frame.withUnsafeMutableBufferPointer { input in
        out.withUnsafeMutableBufferPointer { magnitudes in
            for r in 0..<reps {
                input[r % size] += 1e-3
                fft.magnitudes(input.baseAddress!, into: magnitudes.baseAddress!)
                sum += magnitudes[3]
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    print(String(format: "ours     %5d points: %.2f µs (checksum %.0f)", size, seconds * 1e6 / Double(reps), sum))
}
