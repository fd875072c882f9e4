import Foundation

/// The song a chart names: StepMania's `#MUSIC`, osu!'s `AudioFilename`, Quaver's `AudioFile`, Beat Saber's
/// `_songFilename` (v2 `Info.dat`) or `song.audio` … `songFilename` (v4), resolved against the chart's folder.
public enum ChartAudioReference {
    /// The path of the song `bytes` (the chart at `path`) names; nil when it names none.
    public static func song(ofChart path: String, bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        let patterns = [
            #"#MUSIC:([^;\r\n]*);"#, #"(?m)^AudioFilename:[ \t]*([^\r\n]+)"#, #"(?m)^AudioFile:[ \t]*['"]?([^'"\r\n]+)"#,
            #""_songFilename"\s*:\s*"([^"]+)""#, #""songFilename"\s*:\s*"([^"]+)""#,
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range(at: 1), in: text)
            else { continue }
            let name = text[range].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        }
        return nil
    }
}
