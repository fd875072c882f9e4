/// How serious a finding is.
///
/// - `error`: CoreHaptics (or the game) rejects the asset.
/// - `warning`: the asset loads, but something is silently changed or ignored.
/// - `note`: lint; legal but probably not what the author meant.
public enum Severity: String, Codable, Comparable, Sendable, CaseIterable {
    /// Lint: legal, but probably not what the author meant.
    case note
    /// The asset loads, but something is silently changed or ignored.
    case warning
    /// CoreHaptics (or the game) rejects the asset.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders `note` < `warning` < `error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
