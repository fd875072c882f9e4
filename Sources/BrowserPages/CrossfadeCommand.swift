import AudioKitLinux

/// The `beatmap crossfade` command line that renders a plan's mix: what the audition page offers next to its audio,
/// which is that command's output over the looped stretch, sample for sample.
public enum CrossfadeCommand {
    /// The `beatmap crossfade` command line that writes `plan`'s mix of `inputs` to `output`, arguments quoted for a
    /// POSIX shell.
    public static func line(_ inputs: CrossfadeInputs, plan: CrossfadePlan, output: String) -> String {
        func number(_ v: Double) -> String { "\(v)".hasSuffix(".0") ? String("\(v)".dropLast(2)) : "\(v)" }
        var words = [
            "beatmap", "crossfade", inputs.outgoing, inputs.incoming, "--at", number(plan.at), "--duration", number(plan.duration),
        ]
        words += ["--curve", plan.curve.rawValue]
        if plan.quantize != .none { words += ["--quantize", plan.quantize.rawValue] }
        if let t = inputs.outgoingTempo { words += ["--bpm-a", number(t.sections[0].bpm), "--first-beat-a", number(t.offset)] }
        if let t = inputs.incomingTempo { words += ["--bpm-b", number(t.sections[0].bpm), "--first-beat-b", number(t.offset)] }
        if plan.phaseAlign { words.append("--phase-align") }
        if plan.incomingFrom != 0 { words += ["--from-b", number(plan.incomingFrom)] }
        words += ["--gap", number(plan.gap), "--tail", number(plan.tail), "--rate", "\(inputs.sampleRate)", "-o", output]
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// `word` as one POSIX shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,%@")
        if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
