import Foundation

/// Turns Jansson's terse error texts into messages that say how to fix the problem.
package enum JSONSyntaxHints {
    package static func message(for error: JSONSyntaxError) -> String {
        let text = error.message
        switch error.kind {
        case .duplicateKey: return "\(text); remove one of the two"
        case .numberOutOfRange: return "\(text); the number does not fit in a double or a 64-bit integer"
        case .tooDeep: return text
        case .invalidUTF8: return "\(text); re-save the file as UTF-8"
        case .wrongEncoding: return text
        case .syntax:
            if text.contains("NaN") || text.contains("Infinity") || text.contains("invalid token") {
                return "\(text); JSON has no NaN, Infinity or unquoted words: write a number"
            }
            if text.contains("end of file expected") { return "\(text); there is text after the closing brace" }
            if text.contains("premature end of input") || text.contains("unexpected newline") {
                return "\(text); the file is truncated or a bracket is unclosed"
            }
            return "\(text); fix the JSON syntax"
        }
    }
}
