/// A setting the caller can change to get past a finding: carried as data, so that each front end can name it
/// in its own terms (the tools as a flag, `--lenient`; a library user as whatever its API calls it).
public struct Remedy: Hashable, Codable, Sendable {
    /// The settings a remedy can name.
    public enum Setting: String, Hashable, Codable, Sendable, CaseIterable {
        /// Accept trailing commas and comments in JSON (as warnings).
        case lenient
        /// Let referenced files lie outside the referring file's folder.
        case allowOutsidePaths
        /// Name the array that holds the beats in a Swift source file.
        case symbol
    }

    /// The setting to change.
    public var setting: Setting
    /// What changing it does, as the end of a sentence: "to accept it".
    public var purpose: String

    /// A remedy: change `setting` `purpose`.
    public init(_ setting: Setting, _ purpose: String) {
        self.setting = setting
        self.purpose = purpose
    }

    /// The remedy in words that name no command-line flag, for library users.
    public var neutralText: String {
        switch setting {
        case .lenient: "use the lenient reading \(purpose)"
        case .allowOutsidePaths: "allow paths outside the folder \(purpose)"
        case .symbol: "name the array \(purpose)"
        }
    }
}

extension Diagnostic {
    /// The message with its remedy in `words` (by default, words that name no flag): "…; pass --lenient to accept it".
    public func messageWithRemedy(_ words: (Remedy) -> String = { $0.neutralText }) -> String {
        guard let remedy else { return message }
        return "\(message); \(words(remedy))"
    }
}
