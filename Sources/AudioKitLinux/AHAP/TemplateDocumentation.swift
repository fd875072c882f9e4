/// The template list printed by `ahap-tool new --list`.
public enum TemplateDocumentation {
    public static func list(_ templates: [AHAPTemplate]) -> String {
        templates.map { t in
            var s = "\(t.name)\n    \(t.summary)\n    source: \(t.source)\n"
            for p in t.parameters {
                s +=
                    "    --param \(p.name)=\(RuleText.number(p.defaultValue))  (\(RuleText.number(p.range.lowerBound))…\(RuleText.number(p.range.upperBound))) \(p.help)\n"
            }
            return s
        }.joined(separator: "\n")
    }
}
