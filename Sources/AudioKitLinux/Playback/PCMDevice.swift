#if Playback
    /// An open ALSA playback device: the only owner of its `snd_pcm_t*`, closed in
    /// `deinit`. Used from one thread (the playback loop).
    public final class PCMDevice {
        private let pcm: OpaquePointer
        /// The PCM name it was opened with.
        public let name: String
        /// What the device granted: rate, channels, sample format, period and buffer.
        public let parameters: PCMParameters

        /// Opens `name` (or, with `configuration`, that ALSA configuration text alone) for
        /// interleaved playback at `sampleRate` with `channels`.
        public init(
            name: String = "default", configuration: String? = nil, sampleRate: Int, channels: Int, bufferTime: UInt32 = 200_000,
            periodTime: UInt32 = 40_000
        ) throws(ALSAError) {
            let pcm = try ALSA.open(name, configuration: configuration)
            do {
                parameters = try ALSA.configure(
                    pcm, device: name, rate: sampleRate, channels: channels, bufferTime: bufferTime, periodTime: periodTime)
            } catch {
                ALSA.close(pcm)
                throw error
            }
            self.pcm = pcm
            self.name = name
        }

        deinit { ALSA.close(pcm) }

        /// Writes interleaved float frames (converted to 16-bit when the device needs it); returns underruns recovered.
        public func write(_ samples: UnsafeBufferPointer<Float>) throws(ALSAError) -> Int {
            let frames = samples.count / parameters.channels
            guard frames > 0, let base = samples.baseAddress else { return 0 }
            if parameters.float {
                return try ALSA.write(pcm, base, frames: frames, bytesPerFrame: 4 * parameters.channels, device: name)
            }
            let ints = samples.map { Int16(max(-1, min(1, $0)) * 32767) }
            var result: Result<Int, ALSAError> = .success(0)
            ints.withUnsafeBytes { p in
                do throws(ALSAError) {
                    result = .success(
                        try ALSA.write(pcm, p.baseAddress!, frames: frames, bytesPerFrame: 2 * parameters.channels, device: name))
                } catch {
                    result = .failure(error)
                }
            }
            return try result.get()
        }

        /// Lets the device play what it holds, then stops.
        public func drain() { ALSA.drain(pcm) }
        /// Stops at once, discarding what the device holds.
        public func drop() { ALSA.drop(pcm) }

        /// The PCM names ALSA knows, input-only ones left out, with their descriptions; empty when ALSA lists none.
        public static func list() -> [(name: String, description: String)] { ALSA.deviceHints() }
    }
#endif
