import Foundation

/// Small helpers shared by rule messages.
package enum RuleText {
    /// Formats a number for a message: `0.5`, `30`, `1.027`.
    package static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The number a message gives the item at `index` (counted from 0 in code): counted from 1, so "hit 1" is a map's
    /// first hit and a beat list's "hit 3" is on its third line. JSON output keeps the 0-based `index`.
    package static func ordinal(_ index: Int) -> Int { index + 1 }

    /// The candidate that `word` probably meant: same letters in another case,
    /// or at most two edits away.
    package static func suggestion(for word: String, in candidates: [String]) -> String? {
        if let exact = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return exact }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, word.count / 4)) else {
            return nil
        }
        return best.0
    }

    package static func didYouMean(_ word: String, in candidates: [String]) -> String {
        guard let s = suggestion(for: word, in: candidates) else { return "" }
        return " Did you mean \"\(s)\"?"
    }

    /// The message of an unknown key: where it is, that what it says is not `effect` ("read", "checked"), the
    /// nearest known key, and every key the place takes.
    package static func unknownKey(_ key: String, in place: String, known: [String], effect: String) -> String {
        "unknown key \"\(key)\" in \(place), so nothing it says is \(effect).\(didYouMean(key, in: known)) Keys here: "
            + known.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
