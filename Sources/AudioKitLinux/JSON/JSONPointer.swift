/// JSON Pointer (RFC 6901) building.
public enum JSONPointer {
    /// Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    public static func appending(_ base: String, _ key: String) -> String { base + "/" + escape(key) }
    public static func appending(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}
