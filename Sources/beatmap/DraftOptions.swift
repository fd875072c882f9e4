import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

/// `--like MAP[=AUDIO]`: a chart and, when given, its song.
struct DraftLikeOption {
    let map: String
    let audio: String?

    init(_ text: String) {
        if let eq = text.lastIndex(of: "="), eq != text.startIndex {
            map = String(text[..<eq])
            audio = String(text[text.index(after: eq)...])
        } else {
            map = text
            audio = nil
        }
    }
}

/// The levels `--levels`, `--count` or `--density` ask for.
enum DraftLevels {
    struct Named {
        let name: String
        let count: Int?
        let density: Double?
    }

    /// "Easy=1.5,Hard=4" or "1.5,4": names and densities (hits per second), in the order given.
    static func parse(_ text: String) throws -> [(name: String?, density: Double)] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty, items.count <= ChartWriter.stepManiaDifficulties.count - 1 || items.allSatisfy({ $0.contains("=") }) else {
            throw ValidationError("--levels takes at most 5 bare densities (Beginner…Challenge); name more as NAME=DENSITY")
        }
        guard items.count <= 20 else { throw ValidationError("--levels takes at most 20 levels") }
        var out: [(String?, Double)] = []
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : nil
            guard let d = Double(parts.last ?? ""), d > 0, d <= 50,
                name.map({ !$0.isEmpty && !$0.contains(":") && !$0.contains(";") }) ?? true
            else {
                throw ValidationError("--levels: \"\(item)\" is not NAME=HITS_PER_SECOND or HITS_PER_SECOND (above 0, at most 50)")
            }
            out.append((name, d))
        }
        let names = out.compactMap(\.0)
        guard Set(names).count == names.count else { throw ValidationError("--levels names a level twice") }
        return out
    }

    /// The levels to draft: the named `--levels` (bare ones named by density, the easiest "Beginner" side), or one
    /// "Hard" level of `count` or `density`.
    static func resolve(levels: String?, count: Int?, density: Double?) throws -> [Named] {
        guard let levels else { return [Named(name: "Hard", count: count, density: density)] }
        let parsed = try parse(levels)
        // Bare levels, easiest first: one is Hard; two Easy and Hard; three Easy, Medium and Hard; four add Challenge;
        // five start at Beginner.
        let names = [
            ["Hard"], ["Easy", "Hard"], ["Easy", "Medium", "Hard"], ["Easy", "Medium", "Hard", "Challenge"],
            ["Beginner", "Easy", "Medium", "Hard", "Challenge"],
        ][min(parsed.count, 5) - 1]
        let ranks = parsed.enumerated().sorted { $0.element.density < $1.element.density }.map(\.offset)
        return parsed.enumerated().map { i, level in
            let rank = ranks.firstIndex(of: i)!
            return Named(name: level.name ?? names[min(rank, names.count - 1)], count: nil, density: level.density)
        }
    }

    /// One path for a format that holds several charts (.sm) or for one level; else OUT with each level's name before
    /// its extension (song.Easy.osu).
    static func outputPaths(_ output: String?, format: BeatMapFormat, levels: [String], sized: Bool) -> [String?] {
        guard levels.count > 1, !format.holdsSeveralCharts else { return [output] }
        guard let output else { return levels.map { _ in nil } }
        return levels.map { ChartCatalog.path(output, chart: $0) }
    }
}

/// Reads what a draft rests on: the style, the tempo map, the range.
enum DraftInputs {
    static func style(file: String?, likes: [DraftLikeOption], chart: String?, limits: InputLimits) throws -> DraftStyle {
        if let file {
            let bytes = try InputFile.read(file, maxBytes: 1 << 20)
            return try DraftStyle.read(bytes, file: file)
        }
        guard !likes.isEmpty else { return .standard }
        var examples: [DraftStyle.Example] = []
        for like in likes {
            let result = try BeatMapReader.read(path: like.map, format: nil, symbol: nil, chart: nil, limits: limits)
            guard let map = result.map else { try FindingsOutput.stop(tool: "beatmap", file: like.map, diagnostics: result.diagnostics) }
            let song: String
            if let audio = like.audio {
                song = audio
            } else {
                let bytes = try InputFile.read(like.map, maxBytes: limits.maxFileBytes)
                guard let named = ChartAudioReference.song(ofChart: like.map, bytes: bytes) else {
                    throw ToolFailure("\(like.map): names no song; give it as --like \(like.map)=SONG")
                }
                song = named
            }
            let onset = try DraftAnalysis.onset(path: song, limits: limits.audio)
            examples.append(DraftStyle.Example(map: map, onset: onset, name: (like.map as NSString).lastPathComponent))
        }
        do { return try DraftStyle.learn(from: examples) } catch { throw ToolFailure(error.description) }
    }

    static func tempoMap(
        onset: OnsetStrength, file: String?, chart: String?, bpm: Double?, offset: Double?, style: DraftStyle, track: String,
        limits: InputLimits
    ) throws -> TempoMap {
        if let file, let manifestBPM = try manifestTempo(file, track: track, limits: limits) {
            guard let fitted = DraftAnalysis.fittedTempoMap(onset, bpm: manifestBPM, style: style) else {
                throw ToolFailure("\(track): too short or silent to place the manifest's \(manifestBPM) BPM; give --offset with --bpm")
            }
            return fitted.shifted(by: style.offsetMs / 1000)
        }
        if let file {
            let result = try BeatMapReader.read(path: file, format: nil, symbol: nil, chart: chart, limits: limits)
            guard let map = result.map else { try FindingsOutput.stop(tool: "beatmap", file: file, diagnostics: result.diagnostics) }
            if let tempo = map.tempoMap { return tempo }
            throw ToolFailure("\(file): holds no tempo map; give a chart, or a JSON map with \"bpm\" and \"offset\"")
        }
        if let bpm, let offset { return TempoMap(offset: offset, bpm: bpm) }
        guard let fitted = DraftAnalysis.fittedTempoMap(onset, bpm: bpm, style: style) else {
            throw ToolFailure("\(track): too short or silent to find a beat; give --bpm and --offset, or --tempo-map")
        }
        // A fitted map is in the audio's time: the team's charts sit `offsetMs` from it.
        return fitted.shifted(by: style.offsetMs / 1000)
    }

    /// The BPM a game manifest (`beatmap ci`'s, JSON with "tracks" or YAML) declares for `track`; nil when `file` is
    /// not a manifest. Throws when it is one that lists no such track or gives it no BPM.
    static func manifestTempo(_ file: String, track: String, limits: InputLimits) throws -> Double? {
        let ext = (file as NSString).pathExtension.lowercased()
        if ext == "json" {
            let bytes = try InputFile.read(file, maxBytes: limits.maxFileBytes)
            guard let root = JSONValue.parse(bytes, maxDepth: limits.maxNestingDepth), root["tracks"] != nil else { return nil }
        } else if ext != "yaml" && ext != "yml" {
            return nil
        }
        let (read, findings) = try GameManifest.read(file, limits: limits)
        guard let manifest = read else { try FindingsOutput.stop(tool: "beatmap", file: file, diagnostics: findings) }
        guard let entry = manifest.tracks.first(where: { AtomicFile.isSameFile($0.audio, track) }) else {
            throw ToolFailure("\(file): lists no track that is \(track); name the manifest's own audio file")
        }
        guard let bpm = entry.bpm else { throw ToolFailure("\(file): gives \(track) no \"bpm\"; add one, or draft on a fitted tempo map") }
        return bpm
    }

    static func span(onset: OnsetStrength, from: Double?, to: Double?) -> (start: Double, end: Double) {
        let sounding = DraftAnalysis.soundingSpan(onset)
        return (from ?? sounding.start, min(to ?? sounding.end, onset.audio.duration))
    }
}
