/// The rules about game manifests (`beatmap ci`, and the `ValidateAssets` plugin's checker).
public enum ManifestRules {
    /// A manifest that is not valid JSON or YAML.
    public static let syntax = "manifest.syntax"
    /// A manifest entry of the wrong shape.
    public static let invalid = "manifest.invalid"
    /// A file the manifest names that does not exist.
    public static let missingFile = "manifest.missing_file"
    /// A manifest path that leaves the manifest's folder.
    public static let outsideBase = "manifest.outside_base"

    /// The rules, in the order of the documentation.
    public static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: syntax, name: "Manifest syntax", summary: "The manifest is not valid JSON or YAML.",
            rationale: "Nothing in it can be checked.", defaultSeverity: .error,
            passing: [RuleExample(#"{"tracks": [], "ahap": []}"#)],
            failing: [RuleExample("{\"tracks\": [\n}", expected: ["2:1"])]),
        RuleDescription(
            id: invalid, name: "Manifest entry",
            summary: "An entry has the wrong shape (not a path, a BPM or tolerance out of range), or the manifest lists nothing to check.",
            rationale: "An entry that cannot be read would otherwise be skipped.", defaultSeverity: .error,
            passing: [RuleExample(#"{"tracks": [{"audio": "t.wav", "bpm": 120}]}"#)],
            failing: [RuleExample("{\"tracks\": [\n  {\"audio\": \"t.wav\", \"bpm\": -3}]}", expected: ["2:29"])]),
        RuleDescription(
            id: missingFile, name: "Missing file", summary: "A file the manifest names does not exist.",
            rationale: "A gate that skips missing files passes an asset set that is not there.", defaultSeverity: .error,
            passing: [RuleExample(#"{"tracks": [{"audio": "t.wav", "beatmaps": ["m.txt"]}]}"#)],
            failing: [RuleExample("{\"tracks\": [\n  {\"audio\": \"gone.wav\"}]}", expected: ["2:13"])]),
        RuleDescription(
            id: outsideBase, name: "Path outside the manifest's folder",
            summary: "A path leaves the manifest's folder (through .., an absolute path or a symlink).",
            rationale: "A manifest from a pull request must not make CI read arbitrary files; allowing outside paths permits it.",
            defaultSeverity: .error, passing: [RuleExample(#"{"ahap": []}"#)],
            failing: [RuleExample("{\"tracks\": [\n  {\"audio\": \"/etc/hostname\"}]}", expected: ["2:13"])]),
    ]
}
