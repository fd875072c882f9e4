import ArgumentParser
import AudioKitLinux
import Foundation
import ToolSupport

extension Beatmap {
    struct Draft: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "draft",
            abstract: "Draft a chart from a song: hits on its tempo map at the density you pick, in your team's style.",
            discussion: """
                The hits go on the lines of a tempo map (the song's, fitted and refined on its onsets; or --tempo-map, \
                or --bpm), chosen by how strongly the song sounds there in each band, weighed by the style: which \
                subdivisions and which bands the team charts (--like learns them from the team's charts with their \
                songs). Repeated music is charted alike. Easier --levels are subsets of harder ones and keep the main \
                beats. Writes any format by extension (.json with its tempo map, .sm with one chart per level, .osu, \
                .qua, Beat Saber .dat, .txt, .csv, .swift); several levels in another format go to one file each \
                (OUT.NAME.ext). The method and its figures: docs/draft.md.
                """)

        @Argument(help: ArgumentHelp("The song.", valueName: "track"))
        var track: String

        @Option(
            name: [.short, .long], help: ArgumentHelp("Where to write the chart (default: text on standard output).", valueName: "file"))
        var output: String?

        @Option(
            name: .long,
            help: "Output format: json, text, csv, audacity, swift, stepmania, osu, quaver, beatsaber or clonehero (default: by extension)."
        )
        var mapFormat: BeatMapFormat?

        @Flag(name: .long, help: "Replace a chart file -o names that exists (else refused: a draft written over a chart loses its edits).")
        var force = false

        @Option(name: .long, help: ArgumentHelp("Exactly this many hits.", valueName: "n"))
        var count: Int?

        @Option(name: .long, help: ArgumentHelp("Hits per second over the range (default: the style's, else 2.5).", valueName: "hits"))
        var density: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Several difficulties: hits per second each, optionally named (Easy=1.5,Medium=3,Hard=5); a bare list is named from Easy, Medium, Hard (and Beginner, Challenge).",
                valueName: "list"))
        var levels: String?

        @Option(name: .long, help: ArgumentHelp("Draft from this time on (seconds; default: the first sound).", valueName: "seconds"))
        var from: Double?

        @Option(name: .long, help: ArgumentHelp("Draft up to this time (seconds; default: the last sound).", valueName: "seconds"))
        var to: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Draft on this chart's or map's tempo map, or on the BPM a game manifest (beatmap ci's) declares for the track.",
                valueName: "map"))
        var tempoMap: String?

        @Option(name: .long, help: ArgumentHelp("In --tempo-map, the chart to take the tempo map from.", valueName: "name"))
        var chart: String?

        @Option(name: .long, help: ArgumentHelp("The song's tempo, as the truth (its phase is fitted unless --offset).", valueName: "bpm"))
        var bpm: Double?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("With --bpm: the audio time of beat 0, in seconds.", valueName: "seconds"))
        var offset: Double?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A chart of your team's, with its song (default: the song the chart names); repeat for more.", valueName: "map[=audio]"))
        var like: [String] = []

        @Option(name: .long, help: ArgumentHelp("Draft in the style saved in this file (--save-style).", valueName: "file"))
        var style: String?

        @Option(name: .long, help: ArgumentHelp("Save the style learned from --like to this file.", valueName: "file"))
        var saveStyle: String?

        @Flag(name: .long, help: "Print the style in words on standard error.")
        var explain = false

        @Option(name: .long, help: ArgumentHelp("No two hits closer than this (default: the style's, 60 ms built in).", valueName: "ms"))
        var minGap: Double?

        @Option(name: .long, help: ArgumentHelp("The song file the chart names (default: the track's file name).", valueName: "name"))
        var audio: String?

        @Option(name: .long, help: ArgumentHelp("Array name for Swift output.", valueName: "name"))
        var symbol: String = "beatMap"

        @OptionGroup(title: "Limits") var limitOptions: LimitOptions

        func validate() throws {
            _ = try MapOutput.format(mapFormat, path: output, flag: "--map-format")
            if let count, count < 1 || count > 1_000_000 { throw ValidationError("--count must be between 1 and 1000000") }
            if let density, !(density > 0 && density <= 50) {
                throw ValidationError("--density must be above 0 and at most 50 hits per second")
            }
            let sizing = [count != nil, density != nil, levels != nil].filter { $0 }.count
            guard sizing <= 1 else { throw ValidationError("give one of --count, --density and --levels") }
            if let levels { _ = try DraftLevels.parse(levels) }
            for (flag, value) in [("--from", from), ("--to", to)] {
                if let value, !(value.isFinite && value >= 0 && value <= 86_400) {
                    throw ValidationError("\(flag) must be seconds in 0…86400")
                }
            }
            if let from, let to, to <= from { throw ValidationError("--to must come after --from") }
            try OptionBounds.check(bpm, in: OptionBounds.bpm, flag: "--bpm", unit: "BPM")
            if offset != nil && bpm == nil { throw ValidationError("--offset goes with --bpm") }
            if let offset, !(offset.isFinite && abs(offset) < 86_400) { throw ValidationError("--offset must be a number of seconds") }
            if tempoMap != nil && bpm != nil { throw ValidationError("give --tempo-map or --bpm, not both") }
            if let minGap, !(minGap >= 0 && minGap <= 1000) { throw ValidationError("--min-gap must be between 0 and 1000 ms") }
            if style != nil && !like.isEmpty { throw ValidationError("give --style or --like, not both") }
            if saveStyle != nil && like.isEmpty { throw ValidationError("--save-style saves what --like learns; give --like") }
        }

        func run() throws {
            let likes = like.map(DraftLikeOption.init)
            var inputs: [String] = [track] + [tempoMap, style].compactMap { $0 }
            for l in likes { inputs += [l.map] + [l.audio].compactMap { $0 } }
            let format = try MapOutput.format(mapFormat, path: output, flag: "--map-format")
            MapOutput.sayPlainText(mapFormat, path: output, flag: "--map-format")
            let named = try DraftLevels.resolve(levels: levels, count: count, density: density)
            let outputs = DraftLevels.outputPaths(output, format: format, levels: named.map(\.name), sized: levels != nil)
            if outputs.count > 1 && output == nil { throw ValidationError("several levels in this format need -o (one file each)") }
            if format.writesOneChartAtATime && outputs.count > 1 {
                throw ValidationError(
                    "a Beat Saber draft is one difficulty with the Info.dat beside it: draft one level at a time into the song's folder, or draft several into one .sm"
                )
            }
            try OutputGuard.check(outputs + [saveStyle], against: inputs)
            try OutputGuard.refuseExisting(
                outputs, replacing: force, flag: "--force", losing: "a draft written over it would lose its edits")

            let limits = limitOptions.limits
            let steps = ProgressSteps("beatmap: drafting \((track as NSString).lastPathComponent)")
            defer { steps.finish() }
            if !likes.isEmpty { steps.step("learning the style of \(likes.count == 1 ? "1 chart" : "\(likes.count) charts")") }
            let draftStyle = try DraftInputs.style(file: style, likes: likes, chart: chart, limits: limits)
            steps.step("reading the song")
            let onset = try DraftAnalysis.onset(path: track, limits: limits.audio)
            steps.step(tempoMap == nil && bpm == nil ? "finding its tempo" : "placing the tempo map")
            let tempo = try DraftInputs.tempoMap(
                onset: onset, file: tempoMap, chart: chart, bpm: bpm, offset: offset, style: draftStyle, track: track, limits: limits)
            let span = DraftInputs.span(onset: onset, from: from, to: to)
            guard span.end > span.start else {
                throw ToolFailure("\(track): nothing sounds between \(from ?? 0) s and \(to ?? 0) s to draft on")
            }
            let seconds = span.end - span.start
            let levelsToDraft = named.map { level in
                ChartDrafter.Level(
                    name: level.name, count: level.count ?? max(1, Int((level.density ?? draftStyle.density ?? 2.5) * seconds + 0.5)))
            }
            steps.step(levelsToDraft.count == 1 ? "drafting the chart" : "drafting \(levelsToDraft.count) levels")
            let drafter = ChartDrafter(onset: onset, tempoMap: tempo, style: draftStyle)
            var drafts = try draft(drafter, levels: levelsToDraft, span: span, style: draftStyle, steps: steps)
            steps.step("checking the draft against the song")
            let settled = DraftSettling.settle(drafts, tempo: tempo, onset: onset)
            drafts = settled.drafts
            steps.finish()
            let song = audio ?? (track as NSString).lastPathComponent
            let title = ((track as NSString).lastPathComponent as NSString).deletingPathExtension
            let texts = DraftOutput.texts(drafts, tempo: tempo, format: format, title: title, audio: song, symbol: symbol, span: seconds)
            if explain { Terminal.err(draftStyle.explanation) }
            if let saveStyle { try Terminal.emit(draftStyle.json(), to: saveStyle) }
            var files = Array(zip(outputs, texts)).map { (path: $0.0, text: $0.1) }
            if format.writesOneChartAtATime, let draft = drafts.first {
                // The difficulty with its Info.dat (made, or the difficulty added to the one in the folder).
                var map = BeatMap(times: draft.times)
                map.tempoMap = tempo
                do {
                    files = try ChartFiles.make(map, format: format, path: outputs[0], title: title, audio: song, limits: limits).files
                } catch { throw ToolFailure(error) }
            }
            for file in files { try MapOutput.checkSize(file.text, path: file.path, limits: limits) }
            for (k, file) in files.enumerated() { try Terminal.emit(file.text, to: file.path, replacing: k == 0 ? nil : file.path) }
            for d in drafts {
                Terminal.err(
                    String(
                        format: "beatmap: drafted %@: %d hits from %.3f s to %.3f s (%.2f per second over the %.3f–%.3f s drafted) on %@\n",
                        d.name, d.times.count, d.times.min() ?? span.start, d.times.max() ?? span.end, Double(d.times.count) / seconds,
                        span.start, span.end, TempoMapOutput.line(tempo, from: span.start, to: span.end)))
            }
            if let line = DraftOutput.settlingLine(settled) { Terminal.err(line) }
        }

        /// The levels drafted with the style's gap between hits; when that leaves too little room, with lint's (said),
        /// unless --min-gap was given.
        private func draft(
            _ drafter: ChartDrafter, levels: [ChartDrafter.Level], span: (start: Double, end: Double), style: DraftStyle,
            steps: ProgressSteps
        ) throws -> [ChartDrafter.Draft] {
            do {
                return try drafter.draft(levels: levels, from: span.start, to: span.end, minGap: (minGap ?? style.minGapMs) / 1000)
            } catch {
                // The style's own gap gives way to the count asked for, down to lint's bar; a gap given with --min-gap never does.
                let lintGap = DraftStyle.standard.minGapMs
                guard minGap == nil, style.minGapMs > lintGap,
                    let relaxed = try? drafter.draft(levels: levels, from: span.start, to: span.end, minGap: lintGap / 1000)
                else { throw ToolFailure("\(track): \(error.description) (--min-gap, --from and --to, --count or --density)") }
                steps.finish()
                Terminal.err(
                    String(
                        format:
                            "beatmap: warning: the style's %.0f ms between hits leaves too little room (%@); drafted with %.0f ms (beatmap lint's too_close), or set --min-gap\n",
                        style.minGapMs, error.description, lintGap))
                return relaxed
            }
        }
    }
}
