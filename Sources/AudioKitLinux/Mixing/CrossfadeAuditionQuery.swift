/// A transition as the audition page asks for it, in a URL's query: `at`, `duration`, `curve`, `quantize`, `gap`,
/// `from` (B's own start) and `phase` (1: enter on B's beat). Every value is checked against the same bounds the
/// page offers; a key the page does not send is refused, not ignored.
public enum CrossfadeAuditionQuery {
    /// Why a query was refused, said so that the page can show it.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong and what is accepted.
        public let description: String
    }

    /// The keys a plan is read from.
    public static let keys: Set<String> = ["at", "duration", "curve", "quantize", "gap", "from", "phase"]

    /// The plan `parameters` ask for on `audition`'s tracks; keys in `other` (the token, a width) are the caller's.
    /// Throws `Refusal` for an unknown key, a repeated one, a value out of bounds, or a beat setting without a tempo.
    public static func plan(
        _ parameters: [(String, String)], for audition: CrossfadeAudition, other: Set<String> = []
    ) throws(Refusal) -> CrossfadePlan {
        var seen: [String: String] = [:]
        for (key, value) in parameters {
            if other.contains(key) { continue }
            guard keys.contains(key) else {
                throw Refusal(description: "unknown parameter \(key); the plan's are \(keys.sorted().joined(separator: ", "))")
            }
            guard seen[key] == nil else { throw Refusal(description: "\(key) is given twice") }
            seen[key] = value
        }
        func seconds(_ key: String, default value: Double, in range: ClosedRange<Double>) throws(Refusal) -> Double {
            guard let text = seen[key] else { return value }
            guard let v = Double(text), v.isFinite, range.contains(v) else {
                throw Refusal(description: "\(key) must be seconds from \(range.lowerBound) to \(range.upperBound), not \(text)")
            }
            return v
        }
        let inputs = audition.inputs
        let max = CrossfadeAudition.maxSeconds
        var plan = CrossfadePlan(
            at: try seconds("at", default: 10, in: 0...36_000), duration: try seconds("duration", default: 2, in: 0...max),
            curve: .linear, gap: try seconds("gap", default: 0, in: 0...max), incomingFrom: try seconds("from", default: 0, in: 0...36_000))
        if let name = seen["curve"] {
            guard let curve = CrossfadeCurve(rawValue: name) else {
                throw Refusal(
                    description: "curve must be one of \(CrossfadeCurve.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)")
            }
            plan.curve = curve
        }
        if let name = seen["quantize"] {
            guard let q = CrossfadePlan.Quantize(rawValue: name) else {
                throw Refusal(description: "quantize must be none, beat or bar, not \(name)")
            }
            guard q == .none || inputs.outgoingTempo != nil else {
                throw Refusal(description: "quantize=\(name) needs A's tempo, which the audition was not given")
            }
            plan.quantize = q
        }
        if let flag = seen["phase"] {
            guard flag == "0" || flag == "1" else { throw Refusal(description: "phase must be 0 or 1, not \(flag)") }
            guard flag == "0" || inputs.incomingTempo != nil else {
                throw Refusal(description: "phase=1 needs B's tempo, which the audition was not given")
            }
            plan.phaseAlign = flag == "1"
        }
        return plan
    }
}
