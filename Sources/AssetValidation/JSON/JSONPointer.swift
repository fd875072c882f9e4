/// JSON Pointer (RFC 6901) building.
public enum JSONPointer {
    /// Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The pointer to member `key` of the object at `base`: `base`, a `/`, and `key` escaped.
    public static func appending(_ base: String, _ key: String) -> String { base + "/" + escape(key) }
    /// The pointer to item `index` (0-based) of the array at `base`: `base`, a `/`, and the index in decimal.
    public static func appending(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}
