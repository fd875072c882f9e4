import AudioKitLinux
import Foundation

/// Spearman's rank correlation of two series of equal length: the Pearson correlation of their ranks, ties taking
/// the mean of their ranks (Spearman, "The proof and measurement of association between two things", 1904).
func spearman(_ x: [Float], _ y: [Float]) -> Double {
    func ranks(_ v: [Float]) -> [Double] {
        let order = v.indices.sorted { v[$0] < v[$1] }
        var r = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
            for k in i...j { r[order[k]] = Double(i + j) / 2 }
            i = j + 1
        }
        return r
    }
    let n = min(x.count, y.count)
    guard n > 2 else { return 0 }
    let a = ranks(Array(x.prefix(n))), b = ranks(Array(y.prefix(n)))
    let ma = a.reduce(0, +) / Double(n), mb = b.reduce(0, +) / Double(n)
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for i in 0..<n {
        sab += (a[i] - ma) * (b[i] - mb)
        saa += (a[i] - ma) * (a[i] - ma)
        sbb += (b[i] - mb) * (b[i] - mb)
    }
    return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
}

/// SOURCES.tsv: file name → its value in `column`.
func readColumn(_ path: String, _ column: String) throws -> [String: String] {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
    guard let header = lines.first?.split(separator: "\t").map(String.init), let name = header.firstIndex(of: "local_name"),
        let index = header.firstIndex(of: column)
    else { throw BenchFailure("\(path) has no local_name and \(column) columns") }
    var out: [String: String] = [:]
    for line in lines.dropFirst() {
        let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if cells.count > max(name, index) { out[cells[name]] = cells[index] }
    }
    return out
}

/// SOURCES.tsv: file name → its source (`repo`).
func readSources(_ path: String) throws -> [String: String] { try readColumn(path, "repo") }

/// Where a pattern's transients and the reference onsets differ: the signed offsets of matched pairs (is the ±25 ms
/// window against a systematic delay?), the level of the sound at unmatched transients (noisy tails?) and at missed
/// onsets (soft attacks?), in dB under the sound's peak.
struct TransientErrors {
    var offsets: [Double] = []
    var extraLevels: [Double] = []
    var missedLevels: [Double] = []
    var transients = 0
    var onsets = 0

    mutating func add(pattern: AHAPPattern, reference: [Double], envelope: [Float]) {
        let times = pattern.events.filter { $0.eventType == .hapticTransient }.map(\.time).sorted()
        let pairs = OnsetMatching.pairs(times, reference, window: 0.05)
        offsets += pairs.map { times[$0.detected] - reference[$0.reference] }
        let peak = Double(envelope.max() ?? 0)
        func level(_ t: Double) -> Double {
            // The loudest millisecond within 20 ms after `t`: the attack that follows an onset.
            let a = max(0, Int(t * 1000)), b = min(envelope.count, a + 20)
            guard a < b, peak > 0 else { return -120 }
            return 20 * log10(max(Double(envelope[a..<b].max() ?? 0), 1e-6) / peak)
        }
        let matchedT = Set(pairs.map(\.detected)), matchedR = Set(pairs.map(\.reference))
        extraLevels += times.indices.filter { !matchedT.contains($0) }.map { level(times[$0]) }
        missedLevels += reference.indices.filter { !matchedR.contains($0) }.map { level(reference[$0]) }
        transients += times.count
        onsets += reference.count
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let v = values.sorted()
        return v.isEmpty ? .nan : v[min(v.count - 1, Int((Double(v.count - 1) * p).rounded()))]
    }

    static func rows(_ a: TransientErrors, _ b: TransientErrors) -> [(String, String, String)] {
        func offsets(_ e: TransientErrors) -> String {
            String(
                format: "%+.1f ms (10th–90th percentile %+.1f to %+.1f)", 1000 * percentile(e.offsets, 0.5),
                1000 * percentile(e.offsets, 0.1), 1000 * percentile(e.offsets, 0.9))
        }
        func within25(_ e: TransientErrors) -> String {
            String(format: "%d of %d", e.offsets.filter { abs($0) <= 0.025 }.count, e.offsets.count)
        }
        func quiet(_ levels: [Double]) -> String {
            String(format: "%d of %d (median %.0f dB)", levels.filter { $0 < -20 }.count, levels.count, percentile(levels, 0.5))
        }
        return [
            ("transients / reference onsets", "\(a.transients) / \(a.onsets)", "\(b.transients) / \(b.onsets)"),
            ("transient − onset, median", offsets(a), offsets(b)),
            ("matched pairs within ±25 ms", within25(a), within25(b)),
            ("unmatched transients where the sound is under −20 dB of its peak (tails)", quiet(a.extraLevels), quiet(b.extraLevels)),
            ("missed onsets under −20 dB of the peak (soft attacks)", quiet(a.missedLevels), quiet(b.missedLevels)),
        ]
    }
}
