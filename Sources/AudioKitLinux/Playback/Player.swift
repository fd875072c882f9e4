#if Playback
    import Foundation

    /// Streams a source to an ALSA device: periods of about 40 ms, underruns
    /// recovered and counted, a stop request noticed within one period (the device is
    /// then dropped, not drained), and a status callback about ten times a second.
    /// It installs no signal handler: the caller decides what stops it (Ctrl-C, in the tools).
    public enum Player {
        /// What a call to `play` did.
        public struct Summary: Sendable {
            /// Frames handed to the device.
            public let framesPlayed: Int
            /// Underruns recovered.
            public let underruns: Int
            /// True when `shouldStop` ended playback (the device was then dropped, not drained).
            public let interrupted: Bool
            /// Seconds from the call to the first frame handed to ALSA.
            public let firstFrameLatency: Double
            /// `DispatchTime` uptime (ns) when the first frame was handed to ALSA.
            public let firstFrameUptime: UInt64?
        }

        /// Progress, reported about ten times a second.
        public struct Status: Sendable {
            /// Seconds of audio handed to the device so far.
            public let position: Double
            /// The source's length in seconds; nil when it is not known.
            public let duration: Double?
            /// Underruns recovered so far.
            public let underruns: Int
        }

        /// Plays `source` on `device` until it ends or `shouldStop` returns true (asked between periods).
        public static func play(
            _ source: AudioSource, device: PCMDevice, shouldStop: () -> Bool = { false }, status: ((Status) -> Void)? = nil
        ) throws(ALSAError) -> Summary {
            let start = DispatchTime.now().uptimeNanoseconds
            var block: [Float] = []
            var frames = 0
            var underruns = 0
            var firstFrame: Double? = nil
            var firstUptime: UInt64? = nil
            var lastStatus = 0.0
            let rate = Double(source.sampleRate)
            let duration = source.frameCount.map { Double($0) / rate }
            while !shouldStop() {
                let n = source.nextBlock(into: &block)
                if n == 0 { break }
                // Hand the block over in period-sized pieces so an interrupt is seen within one period.
                let period = device.parameters.periodFrames
                var offset = 0
                while offset < n && !shouldStop() {
                    let count = min(period, n - offset)
                    underruns += try block.withUnsafeBufferPointer { p throws(ALSAError) -> Int in
                        try device.write(
                            UnsafeBufferPointer(rebasing: p[(offset * source.channels)..<((offset + count) * source.channels)]))
                    }
                    if firstFrame == nil {
                        firstUptime = DispatchTime.now().uptimeNanoseconds
                        firstFrame = Double(firstUptime! - start) / 1e9
                    }
                    offset += count
                    frames += count
                }
                let position = Double(frames) / rate
                if position - lastStatus >= 0.1 {
                    lastStatus = position
                    status?(Status(position: position, duration: duration, underruns: underruns))
                }
            }
            let interrupted = shouldStop()
            if interrupted { device.drop() } else { device.drain() }
            return Summary(
                framesPlayed: frames, underruns: underruns, interrupted: interrupted, firstFrameLatency: firstFrame ?? 0,
                firstFrameUptime: firstUptime)
        }
    }
#endif
