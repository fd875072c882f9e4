import CEBUR128

/// Every call into libebur128 (MIT) goes through here; each status is checked.
enum EBUR128 {
    /// A meter for momentary and short-term loudness (`ebur128_init` with modes M and S); nil when it cannot be made.
    static func meter(channels: Int, sampleRate: Int) -> OpaquePointer? {
        ebur128_init(UInt32(channels), UInt(sampleRate), Int32(EBUR128_MODE_M.rawValue | EBUR128_MODE_S.rawValue)).map {
            OpaquePointer($0)
        }
    }

    static func destroy(_ meter: OpaquePointer) {
        var handle: UnsafeMutablePointer<ebur128_state>? = UnsafeMutablePointer(meter)
        ebur128_destroy(&handle)
    }

    /// Adds interleaved frames; false on a libebur128 error.
    static func add(_ meter: OpaquePointer, _ frames: UnsafePointer<Float>, count: Int) -> Bool {
        ebur128_add_frames_float(UnsafeMutablePointer(meter), frames, count) == EBUR128_SUCCESS.rawValue
    }

    /// Momentary loudness (400 ms) in LUFS; nil on an error.
    static func momentary(_ meter: OpaquePointer) -> Double? {
        var value = -Double.infinity
        return ebur128_loudness_momentary(UnsafeMutablePointer(meter), &value) == EBUR128_SUCCESS.rawValue ? value : nil
    }

    /// Short-term loudness (3 s) in LUFS; nil on an error.
    static func shortTerm(_ meter: OpaquePointer) -> Double? {
        var value = -Double.infinity
        return ebur128_loudness_shortterm(UnsafeMutablePointer(meter), &value) == EBUR128_SUCCESS.rawValue ? value : nil
    }
}
