#if Playback
    import CAlsa
    import Foundation

    /// A failure of ALSA, with the call, the device and `snd_strerror`'s text.
    public struct ALSAError: Error, Sendable, CustomStringConvertible {
        /// The error number, positive (ALSA returns it negated).
        public let errno: Int32
        /// The alsa-lib function that failed.
        public let call: String
        /// The PCM name, such as `default` or `hw:0,0`.
        public let device: String

        /// True when the device does not exist. `snd_pcm_open` says EINVAL for a card number that no card has
        /// (`hw:99,0`), and ENOENT, ENODEV or ENXIO for the other ways a device can be missing.
        public var isNoDevice: Bool {
            errno == ENOENT || errno == ENODEV || errno == ENXIO || (call == "snd_pcm_open" && errno == EINVAL)
        }

        /// True when another program holds the device.
        public var isBusy: Bool { errno == EBUSY }

        /// What went wrong, in one line (how to choose another device is the caller's to say).
        public var description: String {
            let text = String(cString: snd_strerror(-errno))
            if isNoDevice { return "no sound device: ALSA cannot open \"\(device)\" (\(text))" }
            if isBusy { return "sound device \"\(device)\" is busy (another program is using it)" }
            return "ALSA \(call) failed on \"\(device)\": \(text)"
        }
    }

    /// Every call into alsa-lib goes through here.
    enum ALSA {
        static func check(_ rc: Int32, _ call: String, _ device: String) throws(ALSAError) {
            if rc < 0 { throw ALSAError(errno: -rc, call: call, device: device) }
        }

        /// Opens a playback PCM by name, or, with `configuration`, from that ALSA configuration
        /// text alone (no user or system file is read: the tests' `type file` PCM).
        static func open(_ name: String, configuration: String?) throws(ALSAError) -> OpaquePointer {
            akl_alsa_silence_errors()
            var pcm: OpaquePointer?
            if let configuration {
                var top: OpaquePointer?
                try check(snd_config_top(&top), "snd_config_top", name)
                defer { snd_config_delete(top) }
                var input: OpaquePointer?
                try check(configuration.withCString { snd_input_buffer_open(&input, $0, strlen($0)) }, "snd_input_buffer_open", name)
                defer { snd_input_close(input) }
                try check(snd_config_load(top, input), "snd_config_load", name)
                try check(snd_pcm_open_lconf(&pcm, name, SND_PCM_STREAM_PLAYBACK, 0, top), "snd_pcm_open", name)
            } else {
                try check(snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, 0), "snd_pcm_open", name)
            }
            return pcm!
        }

        /// Negotiates interleaved float (or 16-bit when the device refuses float), the channel count,
        /// the nearest rate and the buffer and period times. Returns what was granted.
        static func configure(_ pcm: OpaquePointer, device: String, rate: Int, channels: Int, bufferTime: UInt32, periodTime: UInt32)
            throws(ALSAError) -> PCMParameters
        {
            var hw: OpaquePointer?
            try check(snd_pcm_hw_params_malloc(&hw), "snd_pcm_hw_params_malloc", device)
            defer { snd_pcm_hw_params_free(hw) }
            try check(snd_pcm_hw_params_any(pcm, hw), "snd_pcm_hw_params_any", device)
            try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "snd_pcm_hw_params_set_access", device)
            var float = true
            if snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_FLOAT_LE) < 0 {
                float = false
                try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "snd_pcm_hw_params_set_format", device)
            }
            let rcChannels = snd_pcm_hw_params_set_channels(pcm, hw, UInt32(channels))
            if rcChannels < 0 {
                throw ALSAError(errno: -rcChannels, call: "snd_pcm_hw_params_set_channels(\(channels))", device: device)
            }
            var granted = UInt32(rate)
            var dir: Int32 = 0
            try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &granted, &dir), "snd_pcm_hw_params_set_rate_near(\(rate))", device)
            var buffer = bufferTime
            try check(snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &buffer, &dir), "snd_pcm_hw_params_set_buffer_time_near", device)
            var period = periodTime
            try check(snd_pcm_hw_params_set_period_time_near(pcm, hw, &period, &dir), "snd_pcm_hw_params_set_period_time_near", device)
            try check(snd_pcm_hw_params(pcm, hw), "snd_pcm_hw_params", device)
            var periodFrames: snd_pcm_uframes_t = 0
            snd_pcm_hw_params_get_period_size(hw, &periodFrames, &dir)
            return PCMParameters(
                sampleRate: Int(granted), channels: channels, float: float, periodFrames: max(64, Int(periodFrames)), bufferTime: buffer)
        }

        /// Writes interleaved frames; recovers from underruns (-EPIPE) and suspends, retries on
        /// EAGAIN and EINTR. Returns the number of underruns recovered.
        static func write(_ pcm: OpaquePointer, _ data: UnsafeRawPointer, frames: Int, bytesPerFrame: Int, device: String) throws(ALSAError)
            -> Int
        {
            var done = 0
            var underruns = 0
            while done < frames {
                let n = snd_pcm_writei(pcm, data + done * bytesPerFrame, snd_pcm_uframes_t(frames - done))
                if n >= 0 {
                    done += Int(n)
                    continue
                }
                let err = Int32(n)
                switch -err {
                case EAGAIN:
                    snd_pcm_wait(pcm, 100)
                case EPIPE, ESTRPIPE, EINTR:
                    if -err == EPIPE { underruns += 1 }
                    try check(snd_pcm_recover(pcm, err, 1), "snd_pcm_recover", device)
                default:
                    throw ALSAError(errno: -err, call: "snd_pcm_writei", device: device)
                }
            }
            return underruns
        }

        static func drain(_ pcm: OpaquePointer) { snd_pcm_drain(pcm) }
        static func drop(_ pcm: OpaquePointer) { snd_pcm_drop(pcm) }
        static func close(_ pcm: OpaquePointer) { snd_pcm_close(pcm) }

        /// The PCM names ALSA knows, with their descriptions.
        static func deviceHints() -> [(name: String, description: String)] {
            akl_alsa_silence_errors()
            var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
            guard snd_device_name_hint(-1, "pcm", &hints) == 0, let list = hints else { return [] }
            defer { snd_device_name_free_hint(list) }
            var result: [(String, String)] = []
            var i = 0
            while let hint = list[i] {
                let name = snd_device_name_get_hint(hint, "NAME")
                let desc = snd_device_name_get_hint(hint, "DESC")
                let ioid = snd_device_name_get_hint(hint, "IOID")
                let isInputOnly = ioid.map { String(cString: $0) == "Input" } ?? false
                if let name, !isInputOnly {
                    result.append(
                        (String(cString: name), desc.map { String(cString: $0).replacingOccurrences(of: "\n", with: " — ") } ?? ""))
                }
                free(name)
                free(desc)
                free(ioid)
                i += 1
            }
            return result
        }
    }

    /// What the device granted.
    public struct PCMParameters: Sendable {
        /// The granted rate in Hz, the nearest the device has to the one asked for.
        public let sampleRate: Int
        /// The channel count, as asked for.
        public let channels: Int
        /// True when the device takes 32-bit float; otherwise 16-bit integers are sent.
        public let float: Bool
        /// Frames per period, at least 64.
        public let periodFrames: Int
        /// The granted buffer length in microseconds.
        public let bufferTime: UInt32
    }
#endif
