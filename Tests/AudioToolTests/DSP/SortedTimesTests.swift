import Testing

@testable import AudioKitLinux

/// The one binary search over ascending times, against a linear scan.
@Suite("Sorted times")
struct SortedTimesTests {
    @Test func lowerBoundNearestAndContainsAgreeWithALinearScan() {
        var g = SplitMix(seed: 3)
        for _ in 0..<200 {
            let times = (0..<Int(g.uniform() * 20)).map { _ in (g.uniform() * 10).rounded() / 2 }.sorted()
            let value = (g.uniform() * 12 - 1).rounded() / 2
            #expect(SortedTimes.lowerBound(times, value) == (times.firstIndex { $0 >= value } ?? times.count))
            let nearest = SortedTimes.nearest(times, value)
            #expect(nearest.map { abs(times[$0] - value) } == times.map { abs($0 - value) }.min())
            #expect(SortedTimes.contains(times, near: value, within: 0.5) == times.contains { abs($0 - value) <= 0.5 })
        }
        #expect(SortedTimes.nearest([], 1) == nil)
    }
}
