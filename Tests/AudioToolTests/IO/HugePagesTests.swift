import Foundation
import Testing

@testable import AudioKitLinux

@Suite("Huge pages for a sound held in memory")
struct HugePagesTests {
    /// The kernel's setting for transparent huge pages (the bracketed word of `enabled`), nil where it has none.
    private var setting: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
            let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"), open < close
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The kilobytes of huge pages (`AnonHugePages`) the kernel reports, in `/proc/self/smaps`, for the mappings that
    /// overlap `range` (the advice splits a mapping: the advised huge pages are a mapping of their own).
    private func hugeKilobytes(in range: Range<UInt>) throws -> Int {
        // Read to its end: /proc files have no size to read up to.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let ends = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] < ends[1] && (ends[0]..<ends[1]).overlaps(range)
            } else if inside, fields.first == "AnonHugePages:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    @Test("a long buffer advised before it is written is backed by huge pages")
    func advisedBufferIsHuge() throws {
        guard let setting, setting != "never", HugePages.size != nil else {
            print("skipped: this kernel has transparent huge pages off (\(setting ?? "none")); nothing to check")
            return
        }
        // 48 MB: at least 22 whole 2 MB pages whatever the alignment.
        var samples: [Float] = []
        samples.reserveCapacity(12 << 20)
        HugePages.advise(capacityOf: samples)
        for i in 0..<(12 << 20) { samples.append(Float(i & 1023)) }
        let address = samples.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let huge = try hugeKilobytes(in: address..<(address + UInt(samples.count * MemoryLayout<Float>.stride)))
        // Before the advice (with the kernel's setting `madvise`), a buffer written in place got none.
        #expect(huge >= 2048, "the buffer's mapping has \(huge) kB in huge pages")
        #expect(samples[12345] == Float(12345 & 1023))
    }
}
