import Foundation

/// A haptic pattern heard and seen against its sound (`ahap-tool audition`): the timeline the page draws, the audio it
/// plays (the sound, the haptic drive rendered in its audible band, or both), and a timing fix written back. A fix is
/// an `Edit`: the whole pattern moved, and single events moved, against the sound; every answer is computed from the
/// file as it is on disk with the edit applied, and a save writes exactly that, through the formatter, only while the
/// file is as it was when the audition opened it.
public struct PatternAudition: Sendable {
    /// A timing fix: seconds added to the time of every haptic element, and to single events' (by their index in
    /// `Pattern`). The sound stays where it is: a whole-pattern shift leaves AudioCustom events and the audio dynamic
    /// parameters and curves (`Audio…` IDs) in place; a single AudioCustom event can be moved by itself.
    public struct Edit: Sendable, Equatable {
        /// Seconds added to the time of every haptic event, dynamic parameter and curve.
        public var shift: Double
        /// Seconds added to single events, by their index in the `Pattern` array (after `shift`).
        public var moves: [Int: Double]

        /// A fix of `shift` seconds for the whole pattern and `moves` for single events.
        public init(shift: Double = 0, moves: [Int: Double] = [:]) {
            self.shift = shift
            self.moves = moves
        }
    }

    /// Why a request or a save was refused, said for the page.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// What is wrong and what to do.
        public let description: String
        /// A refusal that says `description`.
        public init(description: String) { self.description = description }
    }

    /// The largest move, whole or single, in seconds.
    public static let maxShift = 10.0
    /// The most single events one edit moves.
    public static let maxMoves = 10_000
    /// The longest audio the page is sent, in seconds (the pattern or its sound): 10 minutes of stereo float at
    /// 48 kHz is 230 MB, held once in the server and once in the browser. Longer patterns are heard with
    /// `ahap-tool play` or `render`.
    public static let maxAudioSeconds = 600.0

    /// The pattern file.
    public let path: String
    /// The sound: a file at an offset in the pattern, or the pattern's own AudioCustom events.
    public let sound: SyncSound
    /// How the pattern is read and validated (limits, paths outside its folder).
    public let options: AHAPValidationOptions
    /// The file's bytes when the audition opened it: a save is refused once they change.
    public let opened: [UInt8]

    /// Names the file as the audition opened it: its length and the 64-bit FNV-1a hash of its bytes, in hex. A page
    /// sends it with a save, so that a second tab, or the same save sent twice, cannot apply its edit again to a file
    /// saved since.
    public var revision: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in opened {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(opened.count, radix: 16) + "-" + String(hash, radix: 16)
    }

    /// Opens `path` with `sound`; throws `InputError` when the file cannot be read, is not a pattern the readers can
    /// parse, has no haptic event, or (with the pattern's own sound) no AudioCustom event.
    public init(path: String, sound: SyncSound, options: AHAPValidationOptions = .init()) throws(InputError) {
        self.path = path
        self.sound = sound
        self.options = options
        opened = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
        let pattern: AHAPPattern?
        if isClip {
            pattern = try HapticInput.read(path: path, options: options).document?.pattern
        } else {
            pattern = AHAPReader.read(bytes: opened, options: options).root.map { AHAPPattern(json: $0) }
        }
        guard let pattern else {
            throw InputError(.corrupt, path: path, reason: "is not a pattern the readers can parse", fix: "run ahap-tool validate \(path)")
        }
        // A timeline with nothing to keep in time, or nothing to keep it in time with, is said, not shown as clean.
        guard pattern.events.contains(where: { $0.eventType == .hapticTransient || $0.eventType == .hapticContinuous }) else {
            throw InputError(
                .corrupt, path: path, reason: "has no haptic event (HapticTransient or HapticContinuous); there is nothing to keep in time",
                fix: "add an event, or open another pattern")
        }
        if sound == .patternAudio && !pattern.events.contains(where: { $0.eventType == .audioCustom }) {
            throw InputError(
                .corrupt, path: path, reason: "has no AudioCustom event to hear it against", fix: "open it with the sound it plays with")
        }
    }

    /// The edit a page's query asks for: `shift` (seconds) and `move` (`INDEX:SECONDS`, comma-separated). Keys in
    /// `other` are the caller's; any other key is refused.
    public static func edit(_ parameters: [(String, String)], other: Set<String> = []) throws(Refusal) -> Edit {
        var edit = Edit()
        var seen: Set<String> = []
        for (key, value) in parameters where !other.contains(key) {
            guard key == "shift" || key == "move" else { throw Refusal(description: "unknown parameter \(key); an edit is shift and move") }
            guard seen.insert(key).inserted else { throw Refusal(description: "\(key) is given twice") }
            if key == "shift" {
                guard let v = Double(value), v.isFinite, abs(v) <= maxShift else {
                    throw Refusal(description: "shift must be seconds from -\(maxShift) to \(maxShift), not \(value)")
                }
                edit.shift = v
                continue
            }
            let items = value.split(separator: ",", omittingEmptySubsequences: true)
            guard items.count <= maxMoves else { throw Refusal(description: "move names more than \(maxMoves) events") }
            for item in items {
                let parts = item.split(separator: ":")
                guard parts.count == 2, let index = Int(parts[0]), index >= 0, let v = Double(parts[1]), v.isFinite, abs(v) <= maxShift,
                    edit.moves[index] == nil
                else {
                    throw Refusal(description: "move must be INDEX:SECONDS pairs (each index once, at most \(maxShift) s), not \(item)")
                }
                edit.moves[index] = v
            }
        }
        return edit
    }

    /// True for a Meta Haptics Studio / Lofelt `.haptic` clip: heard and checked as the pattern `ahap-tool convert`
    /// makes of it, but not saved (a timing fix is saved in AHAP: convert the clip first).
    public var isClip: Bool { HapticFileFormat(path: path) == .haptic }

    /// The pattern as it is on disk now (a clip as converted), with `edit` applied to its JSON (every other member kept
    /// as it is). Throws `Refusal` when a moved index is not an event, or a time would fall before 0.
    public func edited(_ edit: Edit) throws(Refusal) -> (root: JSONValue, bytes: [UInt8]) {
        let bytes: [UInt8]
        let read: JSONValue?
        do {
            bytes = try InputFile.read(path, maxBytes: options.limits.maxFileBytes)
            read =
                isClip
                ? try HapticInput.read(path: path, options: options).document?.root : AHAPReader.read(bytes: bytes, options: options).root
        } catch { throw Refusal(description: error.description) }
        guard let root = read, case .object(var top) = root,
            case .array(var items)? = top[AHAPKey.pattern]
        else { throw Refusal(description: "\(path) no longer holds an AHAP pattern") }
        for index in edit.moves.keys where index >= items.count || items[index][AHAPKey.event] == nil {
            throw Refusal(description: "Pattern[\(index)] is not an event")
        }
        for (index, item) in items.enumerated() {
            guard case .object(var element) = item, let kind = AHAPKey.elementKinds.first(where: { element[$0] != nil }),
                case .object(var body)? = element[kind], let time = body[AHAPKey.time]?.number
            else { continue }
            let audio =
                body[AHAPKey.eventType]?.string == AHAPEventType.audioCustom.rawValue
                || (body[AHAPKey.parameterID]?.string ?? "").hasPrefix("Audio")
            let moved = time + (audio ? 0 : edit.shift) + (edit.moves[index] ?? 0)
            guard moved >= -1e-9 else {
                throw Refusal(
                    description: String(
                        format: "the edit moves Pattern[%d] (%@ at %.3f s) to %.3f s; AHAP times start at 0", index, kind, time, moved))
            }
            body[AHAPKey.time] = .real((max(0, moved) * 1e6).rounded() / 1e6)
            element[kind] = .object(body)
            items[index] = .object(element)
        }
        top[AHAPKey.pattern] = .array(items)
        return (.object(top), bytes)
    }

    /// What the page draws: each event, the drive's and the sound's envelopes (`width` points), the sync check on the
    /// edited pattern, and the validator's findings on it with their line and column in the file on disk.
    public func view(_ edit: Edit, width: Int) throws(Refusal) -> PatternAuditionView {
        let (root, bytes) = try edited(edit)
        let base = (path as NSString).deletingLastPathComponent
        // The findings of the pattern with the edit, and of the file's text as it is (a trailing comma, a comment), at
        // their lines and columns in the file on disk, where `ahap-tool validate` and the author's editor find them: an
        // edit changes times, never the file's lines. For a clip, the clip's own.
        let findings: [Diagnostic]
        if isClip {
            do { findings = try HapticInput.read(path: path, options: options).diagnostics } catch {
                throw Refusal(description: error.description)
            }
        } else {
            findings =
                AHAPValidator.validate(
                    edited: root, of: bytes, file: path, baseDirectory: base.isEmpty ? "." : base, options: options,
                    rules: AHAPRuleRegistry.documentRules
                ).diagnostics
        }
        let document = AHAPDocument(root: root, file: path, baseDirectory: base.isEmpty ? "." : base, options: options)
        let pattern = document.pattern
        let render = renderOptions(base: base)
        let envelopes: (haptic: [Float], sound: [Float])
        do { envelopes = try PatternSync.envelopes(pattern: pattern, sound: sound, render: render) } catch {
            throw Refusal(description: error.description)
        }
        let report = PatternSync.report(pattern: pattern, haptic: envelopes.haptic, sound: envelopes.sound)
        // Each event's line in the file on disk, as a finding at its path has it.
        let marks = document.events.map { AHAPFinding(ruleID: "event", severity: .note, path: $0.path, anchor: .key, message: "") }
        let cleaned = AHAPReader.read(bytes: bytes, options: options).cleanedBytes
        let located = AHAPCheck.resolve(marks, file: path, cleanedBytes: cleaned, jsonParsed: true).map { $0.location.line ?? 0 }
        var events: [PatternAuditionView.Event] = []
        for (n, item) in document.events.enumerated() {
            guard case .event(let e) = pattern.elements[item.index] else { continue }
            events.append(
                PatternAuditionView.Event(
                    index: item.index, line: !isClip && n < located.count ? located[n] : 0, type: e.rawType, time: e.time,
                    duration: e.duration ?? 0, intensity: e.value(of: .hapticIntensity), sharpness: e.value(of: .hapticSharpness),
                    moved: edit.moves[item.index] ?? 0))
        }
        let points = max(2, min(width, 8000))
        func reduce(_ v: [Float]) -> [Float] {
            guard !v.isEmpty else { return [] }
            return (0..<points).map { i in
                let a = i * v.count / points, b = max(a + 1, (i + 1) * v.count / points)
                return v[a..<min(b, v.count)].max() ?? 0
            }
        }
        return PatternAuditionView(
            file: (path as NSString).lastPathComponent, duration: Double(envelopes.haptic.count) / 1000, shift: edit.shift, events: events,
            haptic: reduce(envelopes.haptic), sound: reduce(envelopes.sound), lag: report.lag, correlation: report.correlation,
            transients: report.transients.map { .init(index: $0.element, time: $0.time, onset: $0.onset, offset: $0.offset) },
            silences: report.silentSpans.map { [$0.start, $0.end] }, onsets: report.audioOnsets,
            editable: !isClip, revision: revision,
            findings: findings.map {
                .init(
                    line: $0.location.line ?? 0, column: $0.location.column ?? 0, severity: $0.severity.rawValue, rule: $0.ruleID,
                    message: $0.message)
            })
    }

    /// What the page plays, as a stereo 32-bit float WAV at the sound's rate (48 kHz for the pattern's own sound), for
    /// patterns and sounds up to `maxAudioSeconds` (longer ones are refused, saying how to hear them):
    /// `sound`, the haptic drive of the edited pattern (the render's audible band: the actuator's 80–230 Hz carrier),
    /// or both mixed, scaled together so the mix does not clip.
    public func audio(_ edit: Edit, kind: AuditionAudio) throws(Refusal) -> [UInt8] {
        let (root, _) = try edited(edit)
        let base = (path as NSString).deletingLastPathComponent
        let pattern = AHAPPattern(json: root)
        var render = renderOptions(base: base)
        var sound: [Float] = []
        var soundChannels = 2
        // Bounded before anything is decoded or rendered: the memory of an answer does not grow past this.
        var longest = pattern.duration
        if case .file(let file, let offset) = self.sound {
            do { longest = max(longest, try AudioFile.info(file, limits: options.limits.audio).duration + max(0, offset)) } catch {
                throw Refusal(description: error.description)
            }
        }
        guard longest <= Self.maxAudioSeconds else {
            throw Refusal(
                description: String(
                    format: "%.0f s of audio is more than the page plays (%.0f s); hear it with ahap-tool play or render",
                    longest, Self.maxAudioSeconds))
        }
        switch self.sound {
        case .file(let file, let offset):
            let read: (info: AudioFileInfo, samples: [Float])
            do { read = try AudioFile.read(file, limits: options.limits.audio) } catch { throw Refusal(description: error.description) }
            render.sampleRate = read.info.sampleRate
            soundChannels = read.info.channels
            let lead = Int((offset * Double(read.info.sampleRate)).rounded())
            sound =
                lead >= 0
                ? [Float](repeating: 0, count: lead * soundChannels) + read.samples
                : Array(read.samples.dropFirst(-lead * soundChannels))
        case .patternAudio:
            render.sampleRate = 48_000
        }
        render.channels = self.sound == .patternAudio ? .hapticAndStereo : .haptic
        let rendered = PatternRenderer(pattern: pattern, options: render).renderAll()
        let stride = render.channels.rawValue
        let hapticFrames = rendered.count / stride
        if self.sound == .patternAudio {
            sound = [Float](repeating: 0, count: 2 * hapticFrames)
            for f in 0..<hapticFrames {
                sound[2 * f] = rendered[3 * f + 1]
                sound[2 * f + 1] = rendered[3 * f + 2]
            }
            soundChannels = 2
        }
        let soundFrames = sound.count / max(1, soundChannels)
        let frames = max(hapticFrames, soundFrames)
        var out = [Float](repeating: 0, count: 2 * frames)
        for f in 0..<frames {
            let drive = f < hapticFrames ? rendered[f * stride] : 0
            var l: Float = 0, r: Float = 0
            if f < soundFrames {
                l = sound[f * soundChannels]
                r = soundChannels > 1 ? sound[f * soundChannels + 1] : l
            }
            switch kind {
            case .sound: (out[2 * f], out[2 * f + 1]) = (l, r)
            case .haptic: (out[2 * f], out[2 * f + 1]) = (drive, drive)
            case .mix: (out[2 * f], out[2 * f + 1]) = (l + drive, r + drive)
            }
        }
        let peak = out.reduce(Float(0)) { max($0, abs($1)) }
        if kind == .mix && peak > 1 { for i in out.indices { out[i] /= peak } }
        return FloatWAV.bytes(out, sampleRate: render.sampleRate, channels: 2)
    }

    /// Writes the edited pattern over the file, formatted, atomically; refused (nothing written) when the file changed
    /// on disk since the audition opened it, or when the edited pattern has an error the original did not. Returns
    /// the text written; the audition then goes on from the new file, so the caller makes a new `PatternAudition`.
    public func save(_ edit: Edit, base revisionEdited: String?) throws(Refusal) -> String {
        guard let revisionEdited, revisionEdited == revision else {
            throw Refusal(
                description: revisionEdited == nil
                    ? "a save names the revision it edits (base, from the view); nothing was written"
                    : "\(path) was saved or changed since this page loaded it; nothing was written (reload the page, then edit again)")
        }
        guard !isClip else {
            let ahap = ((path as NSString).deletingPathExtension as NSString).appendingPathExtension("ahap") ?? "CLIP.ahap"
            throw Refusal(
                description: "a .haptic clip is heard and checked here, not rewritten; to save a timing fix, convert it first "
                    + "(ahap-tool convert \(path) -o \(ahap)) and open the AHAP file")
        }
        let (root, bytes) = try edited(edit)
        guard bytes == opened else {
            throw Refusal(description: "\(path) changed on disk since the audition opened it; nothing was written (open it again)")
        }
        let text = AHAPFormatter.format(root)
        let base = (path as NSString).deletingLastPathComponent
        func errors(_ b: [UInt8]) -> Int {
            AHAPValidator.validate(bytes: b, file: path, baseDirectory: base.isEmpty ? "." : base, options: options)
                .diagnostics.filter { $0.severity == .error }.count
        }
        guard errors(Array(text.utf8)) <= errors(bytes) else {
            throw Refusal(description: "the edited pattern has an error the file does not; nothing was written")
        }
        do { try AtomicFile.write(text, to: path, replacing: path) } catch { throw Refusal(description: error.description) }
        return text
    }

    private func renderOptions(base: String) -> RenderOptions {
        RenderOptions(
            baseDirectory: base.isEmpty ? "." : base, allowPathsOutsideBase: options.allowPathsOutsideBase,
            audioLimits: options.limits.audio)
    }
}

/// What `PatternAudition.audio` plays.
public enum AuditionAudio: String, Sendable, CaseIterable {
    /// The sound alone.
    case sound
    /// The haptic drive alone, in its audible band.
    case haptic
    /// Both.
    case mix
}
