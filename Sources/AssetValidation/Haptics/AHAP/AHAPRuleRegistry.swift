/// Every AHAP rule, in the order `ahap-tool rules` lists them.
public enum AHAPRuleRegistry {
    /// Rules the reader enforces while parsing: syntax, duplicate keys, trailing commas, comments, byte order mark and encoding.
    public static let readerRules: [any AHAPRule.Type] = [
        JSONSyntaxRule.self, DuplicateKeyRule.self, TrailingCommaRule.self, CommentRule.self,
        ByteOrderMarkRule.self, TextEncodingRule.self,
    ]

    /// Rules on timing against the sound: run by the validator on patterns with AudioCustom events, and by `ahap-tool sync`.
    /// The first runs the check; the others describe the findings it also reports.
    public static let syncRules: [any AHAPRule.Type] = [AudioSyncLagRule.self, AudioSyncTransientRule.self, HapticsInSilenceRule.self]

    /// Rules run on the parsed document, in listing order; the validator's default set.
    public static let documentRules: [any AHAPRule.Type] = [
        MissingPatternRule.self, EmptyPatternRule.self, VersionMissingRule.self, VersionUnsupportedRule.self,
        UnknownTopLevelKeyRule.self, UnknownElementRule.self,
        EventTypeMissingRule.self, UnknownEventTypeRule.self, EventTimeRule.self,
        NegativeDurationRule.self, ContinuousWithoutDurationRule.self, ContinuousTooLongRule.self, TransientDurationRule.self,
        WaveformPathMissingRule.self, WaveformUnreadableRule.self, WaveformOutsideBaseRule.self, WaveformFlagRule.self,
        InvalidParameterEntryRule.self, UnknownParameterIDRule.self, ParameterNotForEventRule.self,
        DuplicateParameterRule.self, ParameterOutOfRangeRule.self, SustainedNotBooleanRule.self, DecayWithoutEffectRule.self,
        InvalidDynamicParameterRule.self, UnknownDynamicParameterIDRule.self, DynamicValueOutOfRangeRule.self,
        InvalidCurveRule.self, InvalidControlPointRule.self, CurveTooFewPointsRule.self, CurveTooManyPointsRule.self,
        CurvePointsOutOfOrderRule.self, CurveAbsoluteTimesRule.self, CurveAffectsTransientsRule.self,
        MisspelledKeyRule.self, UnknownKeyRule.self, NumberAsStringRule.self, TimePrecisionRule.self,
        AudioSyncLagRule.self,
    ]

    /// The reader rules, the document rules, then the sync findings' descriptions.
    public static var all: [any AHAPRule.Type] {
        readerRules + documentRules + [AudioSyncTransientRule.self, HapticsInSilenceRule.self, LostInConversionRule.self]
    }

    /// The description of every rule, in `all` order.
    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// Looks a rule up by its id or a former id.
    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id || $0.formerIDs.contains(id) }
    }
}
