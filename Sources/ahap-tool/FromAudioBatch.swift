import AudioKitLinux
import Foundation
import Synchronization
import ToolSupport

/// `from-audio --out-dir`: every sound converted, several at once across the cores, into one folder. Every sound is
/// tried and every failure told; the files are committed together, or none when any sound failed.
struct FromAudioBatch {
    let settings: FromAudioSettings
    let withAudio: Bool

    func run(_ arguments: [String], into folder: String) throws {
        guard FileKind(path: folder) == .directory else {
            throw ToolFailure("--out-dir \(folder): no such folder; create it first (mkdir -p \(folder))")
        }
        let jobs = try plan(arguments, into: folder)
        try OutputGuard.check(jobs.flatMap(\.outputs), against: jobs.map(\.sound), makesFolders: true)
        try makeFolders(for: jobs)
        let outcomes = convert(jobs)
        let failures = outcomes.compactMap(\.failure)
        for outcome in outcomes { outcome.notes.forEach(Terminal.err) }
        guard failures.isEmpty else {
            for failure in failures.dropLast() { Terminal.fail("ahap-tool", failure.message) }
            throw ToolFailure(
                "\(failures[failures.count - 1].message) (\(failures.count) of \(jobs.count) sounds could not be converted; nothing written: fix them, or leave them out)"
            )
        }
        for outcome in outcomes { outcome.wrote.forEach(Terminal.err) }
        Terminal.err("ahap-tool: converted \(jobs.count) sound\(jobs.count == 1 ? "" : "s") into \(folder)")
    }

    /// Each sound with its files, every name checked before any work.
    func plan(_ arguments: [String], into folder: String) throws -> [FromAudioSettings.Job] {
        let items: [BatchOutputs.Item]
        do {
            items = try BatchOutputs.plan(arguments, into: folder, extensions: SoundFormat.readableExtensions, newExtension: "ahap")
        } catch { throw ToolFailure(error) }
        return try items.map { item throws(ToolFailure) in
            let outputs = settings.split ? SplitOutputs.paths(for: item.output) : [item.output]
            let audioPath = withAudio ? try SoundPlacement.relativePath(of: item.input, from: outputs[0]) : nil
            return FromAudioSettings.Job(sound: item.input, outputs: outputs, audioPath: audioPath)
        }
    }

    /// The folders below `--out-dir` that sounds found in folders keep their places in.
    func makeFolders(for jobs: [FromAudioSettings.Job]) throws {
        for folder in Set(jobs.map { SoundPlacement.folder(of: $0.outputs[0]) }).sorted() {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw ToolFailure("cannot make the folder \(folder): \((error as NSError).localizedFailureReason ?? "\(error)")")
            }
        }
    }

    /// Converts every job, one more at a time than there are cores; the outcomes in the jobs' order. A sound's analysis
    /// waits now and then on its own decoding and spectrum threads, and the extra sound fills those gaps (the corpus's
    /// 52 sounds on 2 cores: 0.131 s with one sound a core, 0.121 s with three at a time).
    func convert(_ jobs: [FromAudioSettings.Job]) -> [FromAudioSettings.Outcome] {
        let slots = ResultSlots<FromAudioSettings.Outcome>(count: jobs.count)
        let progress = ProgressCount("converting", total: jobs.count)
        let settings = settings
        let taken = Atomic(0)
        let group = DispatchGroup()
        for _ in 0..<min(jobs.count, ProcessInfo.processInfo.activeProcessorCount + 1) {
            group.enter()
            Thread.detachNewThread {
                // Each takes the next job not yet taken, until none is left.
                while case let i = taken.add(1, ordering: .relaxed).oldValue, i < jobs.count {
                    slots.set(i, settings.convert(jobs[i], plot: nil, progress: nil))
                    progress.advance()
                }
                group.leave()
            }
        }
        group.wait()
        progress.finish()
        return slots.values.map { $0 ?? FromAudioSettings.Outcome(failure: ToolFailure("a conversion did not finish")) }
    }
}
