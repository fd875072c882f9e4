import Foundation

/// The two files `--split` writes for an `-o NAME.ahap`: NAME_continuous.ahap and NAME_transients.ahap, as Meta and
/// Lofelt name them.
enum SplitOutputs {
    static func paths(for output: String) -> [String] {
        let base = (output as NSString).deletingPathExtension
        return [base + "_continuous.ahap", base + "_transients.ahap"]
    }
}
