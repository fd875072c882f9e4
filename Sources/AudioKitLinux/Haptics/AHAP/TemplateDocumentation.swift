/// The template list, each parameter written as `parameterFlag name=default`.
public enum TemplateDocumentation {
    /// The templates with their summaries, sources and parameters.
    public static func list(_ templates: [AHAPTemplate], parameterFlag: String) -> String {
        templates.map { t in
            var s = "\(t.name)\n    \(t.summary)\n    source: \(t.source)\n"
            for p in t.parameters {
                s +=
                    "    \(parameterFlag) \(p.name)=\(RuleText.number(p.defaultValue))  (\(RuleText.number(p.range.lowerBound))…\(RuleText.number(p.range.upperBound))) \(p.help)\n"
            }
            return s
        }.joined(separator: "\n")
    }
}
