import AudioKitLinux
import Foundation
import ToolSupport

/// What `from-audio` was asked, apart from which sounds: a value, so that several sounds can convert at once.
struct FromAudioSettings: Sendable {
    var preset: AudioToHapticsOptions.Preset
    var sensitivity: Double?
    var density: Double?
    var minSpacingMs: Double?
    var envelope: EnvelopeWeighting?
    var noiseFloor: Double?
    var ducking: Double?
    var transientsOnly: Bool
    var continuousOnly: Bool
    var split: Bool
    var gain: Double
    var noNormalize: Bool
    var limits: InputLimits

    /// One sound and the files it becomes.
    struct Job: Sendable {
        var sound: String
        /// One file, or with `--split` the continuous half and the transients.
        var outputs: [String]
        /// The sound's path from the first output's folder, for `--with-audio`.
        var audioPath: String?
    }

    /// What converting one sound said and did. Its files are staged (`AtomicFile`), committed with the command's others.
    struct Outcome: Sendable {
        /// Notes on the sound, each a whole line.
        var notes: [String] = []
        /// One line per file written.
        var wrote: [String] = []
        var failure: ToolFailure?
    }

    /// The user's settings over a preset's.
    func adjust(_ o: inout AudioToHapticsOptions) {
        o.override(sensitivity: sensitivity, density: density, minimumSpacing: minSpacingMs.map { $0 / 1000 }, ducking: ducking)
        o.content = transientsOnly ? .transientsOnly : continuousOnly ? .continuousOnly : .both
        o.gainDecibels = gain
        if noNormalize { o.normalize = false }
        o.split = split
        if let envelope { o.weighting = envelope }
        if let noiseFloor { o.noiseFloorDecibels = noiseFloor < 0 ? noiseFloor : nil }
    }

    /// Converts `job`'s sound and stages its files (and the plot, when one is asked for); never throws, so that every
    /// sound of a batch is tried and every failure told.
    func convert(_ job: Job, plot: String?, progress: ((Double) -> Void)?) -> Outcome {
        var outcome = Outcome()
        do throws(ToolFailure) {
            let conversion: HapticConversion
            do {
                conversion = try AudioToHaptics.convert(
                    path: job.sound, preset: preset, adjust: adjust, limits: limits.audio, audioPath: job.audioPath, progress: progress)
            } catch { throw ToolFailure(error) }
            outcome.notes = notes(on: conversion, sound: job.sound)
            let written = try stage(conversion, job: job, wrote: &outcome.wrote)
            if let plot {
                let svg = AHAPPlot.svg(
                    pattern: split ? AHAPPattern(elements: written.flatMap(\.1.elements)) : written[0].1, title: job.sound,
                    options: RenderOptions(baseDirectory: SoundPlacement.folder(of: job.outputs[0])),
                    sound: SoundUnderlay(amplitude: conversion.amplitude, label: "sound: √amplitude"))
                try Terminal.emit(svg, to: plot)
            }
        } catch {
            outcome.failure = error
        }
        return outcome
    }

    /// What `--preset auto` told, and the conversion's own notes.
    func notes(on conversion: HapticConversion, sound: String) -> [String] {
        var lines: [String] = []
        if let told = conversion.kind, told.descriptors.soundingDuration == 0 {
            lines.append(
                "ahap-tool: note: \(sound): --preset auto: nothing sounds, so there is nothing to describe; took \(AudioToHapticsOptions.Preset.chosen(for: told.kind).rawValue)"
            )
        } else if let told = conversion.kind {
            let d = told.descriptors
            lines.append(
                String(
                    format:
                        "ahap-tool: note: %@: --preset auto: told %@, took %@ (sounding %.2f s, sustain %.2f, %.1f onsets/s, centroid %.0f Hz, flatness %.3f, low-energy frames %.2f, periodicity %.2f)",
                    sound, told.kind.rawValue, AudioToHapticsOptions.Preset.chosen(for: told.kind).rawValue, d.soundingDuration,
                    d.sustain, d.onsetRate, d.centroid, d.flatness, d.lowEnergyShare, d.periodicity))
        }
        return lines + conversion.notes.map { "ahap-tool: note: \(sound): \($0)" }
    }

    /// Formats the patterns, checks every one against what our own reader accepts, then stages them: all of the
    /// sound's files, or none. Returns each output with its pattern.
    func stage(_ conversion: HapticConversion, job: Job, wrote: inout [String]) throws(ToolFailure) -> [(String, AHAPPattern)] {
        let written: [(String, AHAPPattern)] =
            split
            ? [(job.outputs[0], conversion.continuous ?? AHAPPattern()), (job.outputs[1], conversion.transients ?? AHAPPattern())]
            : [(job.outputs[0], conversion.combined ?? AHAPPattern())]
        guard written.contains(where: { !$0.1.elements.isEmpty }) else {
            throw ToolFailure(
                "\(job.sound): nothing written: \(conversion.notes.first ?? "no haptics found"); check the sound, or raise --gain or --sensitivity"
            )
        }
        let texts = written.map { AHAPFormatter.format($0.1.jsonValue) }
        for ((path, pattern), text) in zip(written, texts) {
            if let excess = AHAPOutputBound.excess(pattern, text: text, limits: limits) {
                throw ToolFailure(
                    "\(path): nothing written: \(excess); lower --density, cut the sound into parts, or raise --max-events and --max-file-size (validate needs the same)"
                )
            }
        }
        for ((path, pattern), text) in zip(written, texts) {
            // A half with nothing in it is not written: an empty pattern is one Core Haptics refuses.
            guard !pattern.elements.isEmpty else {
                wrote.append("ahap-tool: note: \(path) not written: that half of the pattern is empty")
                continue
            }
            try Terminal.emit(text, to: path)
            let transients = pattern.events.filter { $0.eventType == .hapticTransient }.count
            let continuous = pattern.events.filter { $0.eventType == .hapticContinuous }.count
            wrote.append(
                String(
                    format: "ahap-tool: wrote %@: %d transient%@, %d continuous event%@, %.1f breakpoints per second", path, transients,
                    transients == 1 ? "" : "s", continuous, continuous == 1 ? "" : "s", conversion.breakpointsPerSecond(pattern)))
        }
        return written
    }
}
