/// Entry points for the benchmark harness (`bench/`), which compares our
/// full validation with Jansson's bare parse of the same bytes. Not part of the library's API: visible only to
/// `@_spi(Benchmarks) import AudioKitLinux`.
@_spi(Benchmarks) public enum JSONBenchmark {
    /// Jansson's strict parse alone: no conversion, no rules.
    public static func janssonParse(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Jansson.parseOnly($0) }
    }

    /// Jansson's parse plus conversion to `JSONValue`.
    public static func decode(_ bytes: [UInt8]) -> Bool {
        if case .success = bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }) { return true }
        return false
    }
}
