import Testing

@testable import AudioKitLinux

/// The one median and its quantiles, against values counted by hand.
@Suite("Median")
struct MedianTests {
    @Test func theMedianIsTheMiddleOrTheMeanOfTheTwoMiddles() {
        #expect(Median.of([3, 1, 2]) == 2)
        #expect(Median.of([4, 1, 3, 2]) == 2.5)
        #expect(Median.of([7]) == 7)
        #expect(Median.of([]).isNaN)
    }

    @Test func theUpperQuantileIsTheValueAtTheFractionsIndexCountedInWholeNumbers() {
        // 10 values: ⌊10 · 3/4⌋ = 7, ⌊10 / 10⌋ = 1; 3 values: ⌊3 · 3/4⌋ = 2; the whole fraction stays on the last.
        let ten = Array(0..<10)
        #expect(Median.upperQuantile(ten, 3, 4) == 7)
        #expect(Median.upperQuantile(ten, 1, 10) == 1)
        #expect(Median.upperQuantile([10, 20, 30], 3, 4) == 30)
        #expect(Median.upperQuantile([10, 20, 30], 1, 1) == 30)
        #expect(Median.upperQuantile([5, 6, 7, 8], 1, 2) == Median.upper([5, 6, 7, 8]))
        #expect(Median.upperQuantile([Int](), 1, 2) == nil)
    }

    @Test func theUpperMedianIsAlwaysOneOfTheValues() {
        #expect(Median.upper([4, 1, 3, 2]) == 3)
        #expect(Median.upper([5, 1, 3]) == 3)
        #expect(Median.upper([Int]()) == nil)
    }

    @Test func aQuantileIsTheLowerNearestRank() {
        let tenths = (0...10).map { Double($0) / 10 }  // 0, 0.1, …, 1: index ⌊q·10⌋
        #expect(Median.quantile(tenths, 0.9) == 0.9)
        #expect(Median.quantile(tenths, 0.95) == 0.9)
        #expect(Median.quantile(tenths, 0) == 0 && Median.quantile(tenths, 1) == 1)
        #expect(Median.quantile([1.0, 2, 3, 4], 0.5) == 2, "the lower median of an even count")
        #expect(Median.quantile([1.0, 2, 3], 2) == 3, "q is clamped")
        #expect(Median.quantile([Double](), 0.5) == nil)
    }
}
