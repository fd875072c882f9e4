import Foundation

/// Asks the kernel to back a large buffer with transparent huge pages (`madvise(2)`, `MADV_HUGEPAGE`) before it is
/// filled. A sound held in memory is tens of megabytes written once from start to end: in 4 KB pages that is thousands
/// of page faults, each zeroing a page, and as many pages to free at exit; in 2 MB pages, a few dozen. The joined
/// corpus of `bench/run.sh haptics` (126 s of sound held as 22 MB) took 12,400 page faults and 0.165 s with 4 KB pages,
/// 7,500 and 0.146 s with glibc's own switch for huge pages (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`), which this does
/// for the buffers that matter only.
///
/// It is a hint: where the kernel's setting is `never`, or no huge page is free, the pages stay 4 KB and nothing else
/// changes. Only the whole huge pages inside the buffer are advised, so no memory outside it is touched.
public enum HugePages {
    /// The size of a huge page here (`hpage_pmd_size`; 2 MB on x86-64), or nil when the kernel has no transparent huge
    /// pages.
    static let size: Int? = {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", encoding: .utf8),
            let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes > 0, bytes & (bytes - 1) == 0
        else { return nil }
        return bytes
    }()

    /// Advises the whole huge pages within `bytes` bytes from `base`; a buffer shorter than two huge pages is left alone
    /// (it could hold at most one, and a small buffer's faults cost little).
    public static func advise(_ base: UnsafeRawPointer?, bytes: Int) {
        guard let base, let page = size, bytes >= 2 * page else { return }
        let mask = UInt(page - 1)
        let start = (UInt(bitPattern: base) + mask) & ~mask
        let end = (UInt(bitPattern: base) + UInt(bytes)) & ~mask
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, Int(end - start), MADV_HUGEPAGE)
    }

    /// Advises the storage `array` has reserved (its capacity, not only its count): call it after `reserveCapacity`,
    /// before the elements are written.
    public static func advise<Element>(capacityOf array: [Element]) {
        array.withUnsafeBufferPointer { buffer in
            advise(UnsafeRawPointer(buffer.baseAddress), bytes: array.capacity * MemoryLayout<Element>.stride)
        }
    }
}
