import AudioKitLinux
import Foundation
import Testing

@Suite("Pattern audition")
struct PatternAuditionTests {
    /// A folder with `sound.wav` (48 kHz mono: silence, then a click of decaying noise at `click` seconds) and
    /// `p.ahap` (a transient at `transient` s, a continuous event, an intensity control, and an AudioCustom event with
    /// an audio-volume control).
    static func scene(click: Double = 0.1, transient: Double = 0.13) throws -> URL {
        let dir = TestPaths.scratch()
        var g = SplitMix(seed: 9)
        let rate = 48_000
        var samples = [Float](repeating: 0, count: rate / 2)
        let start = Int(click * Double(rate))
        for i in 0..<4800 { samples[start + i] = Float(g.normal()) * 0.5 * Float(exp(-Double(i) / 600)) }
        try AudioFile.write(samples, to: dir.appendingPathComponent("sound.wav").path, sampleRate: rate, channels: 1)
        let ahap = """
            {"Version": 1.0, "Pattern": [
              {"Event": {"Time": \(transient), "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}},
              {"Event": {"Time": 0.2, "EventType": "HapticContinuous", "EventDuration": 0.1, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}]}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "ParameterValue": 0.8, "Time": 0.2}},
              {"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "sound.wav"}},
              {"Parameter": {"ParameterID": "AudioVolumeControl", "ParameterValue": 0.9, "Time": 0.05}}
            ]}
            """
        try ahap.write(to: dir.appendingPathComponent("p.ahap"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func anEditIsReadFromAQueryOrRefusedWithItsReason() throws {
        let edit = try PatternAudition.edit([("shift", "-0.012"), ("move", "0:0.005,3:-0.25"), ("token", "t")], other: ["token"])
        #expect(edit == PatternAudition.Edit(shift: -0.012, moves: [0: 0.005, 3: -0.25]))
        let refused: [([(String, String)], String)] = [
            ([("path", "/etc")], "unknown parameter path"), ([("shift", "11")], "shift must be seconds"),
            ([("shift", "inf")], "shift must be seconds"), ([("move", "1:0.1,1:0.2")], "move must be INDEX:SECONDS"),
            ([("move", "x:1")], "move must be INDEX:SECONDS"), ([("shift", "0"), ("shift", "1")], "given twice"),
        ]
        for (query, reason) in refused {
            do {
                _ = try PatternAudition.edit(query)
                Issue.record("\(query) was read")
            } catch { #expect(error.description.contains(reason), "\(query): \(error.description)") }
        }
    }

    @Test func aShiftMovesTheHapticsAndLeavesTheSound() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let audition = try PatternAudition(path: dir.appendingPathComponent("p.ahap").path, sound: .patternAudio)
        let (root, _) = try audition.edited(PatternAudition.Edit(shift: 0.01, moves: [1: -0.02]))
        let times = (root["Pattern"]?.array ?? []).map { item in
            (item["Event"] ?? item["Parameter"])?["Time"]?.number ?? -1
        }
        // The transient and the control move by the shift, the continuous event by shift and its own move; the
        // AudioCustom event and the audio control stay.
        #expect(times.count == 5)
        #expect(abs(times[0] - 0.14) < 1e-9 && abs(times[1] - 0.19) < 1e-9 && abs(times[2] - 0.21) < 1e-9)
        #expect(times[3] == 0 && times[4] == 0.05)
        #expect(throws: PatternAudition.Refusal.self) { try audition.edited(PatternAudition.Edit(shift: -0.2)) }
        #expect(throws: PatternAudition.Refusal.self) { try audition.edited(PatternAudition.Edit(moves: [2: 0.01])) }
    }

    @Test func theSyncCheckFollowsTheShift() throws {
        // The click is at 100 ms and the transient 30 ms after it: the check says +30 ms, and −30 ms of shift puts it on.
        let dir = try Self.scene(click: 0.1, transient: 0.13)
        defer { try? FileManager.default.removeItem(at: dir) }
        let audition = try PatternAudition(
            path: dir.appendingPathComponent("p.ahap").path, sound: .file(path: dir.appendingPathComponent("sound.wav").path, offset: 0))
        let late = try audition.view(PatternAudition.Edit(), width: 100)
        let offset = try #require(late.transients.first?.offset)
        #expect(abs(offset - 0.030) <= 0.003, "offset \(offset)")
        let fixed = try audition.view(PatternAudition.Edit(shift: -0.03), width: 100)
        #expect(abs(try #require(fixed.transients.first?.offset)) <= 0.003)
        #expect(fixed.events.map(\.type) == ["HapticTransient", "HapticContinuous", "AudioCustom"])
        // Lines of the file on disk, not of the text a save would write: the first event on line 2, the continuous one on
        // line 4, the AudioCustom on line 7.
        #expect(fixed.events.map(\.line) == [2, 4, 7] && abs(fixed.events[0].time - 0.1) < 1e-9, "\(fixed.events)")
        #expect(fixed.haptic.count == 100 && fixed.sound.count == 100)
        // The continuous event (0.2–0.3 s) is felt after the click has died away: the finding of the edited pattern is on
        // its line of the file.
        let silence = try #require(fixed.findings.first { $0.rule == "ahap.haptics_in_silence" })
        #expect(silence.line == 4, "\(silence) \(fixed.events)")
    }

    @Test func theFindingsAreWhereTheValidatorPutsThemInTheFileOnDisk() throws {
        // A file laid out by hand, with a trailing comma (an error without --lenient) and a sharpness out of range: the
        // page lists what `ahap-tool validate` lists, at the same lines and columns, the comma included.
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("q.ahap").path
        let text = """
            {
                "Version": 1.0,

                "Pattern": [ {"Event": {"Time": 0.13, "EventType": "HapticTransient", "EventParameters": [
                        {"ParameterID": "HapticIntensity", "ParameterValue": 1.0},
                        {"ParameterID": "HapticSharpness", "ParameterValue": 1.4},
                    ]}},
                  {"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "sound.wav"}} ]
            }
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let audition = try PatternAudition(path: path, sound: .patternAudio)
        let expected = try AHAPValidator.validate(path: path).diagnostics
        #expect(expected.contains { $0.ruleID == "ahap.json_trailing_comma" && $0.severity == .error })
        for edit in [PatternAudition.Edit(), PatternAudition.Edit(shift: 0.01)] {
            let view = try audition.view(edit, width: 10)
            let shown = view.findings.map { "\($0.line):\($0.column) \($0.rule)" }
            let wanted = expected.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.ruleID)" }
            for w in wanted where !w.hasSuffix("audio_sync_transient") && !w.hasSuffix("audio_sync_lag") {
                #expect(shown.contains(w), "\(w) not in \(shown) (edit \(edit))")
            }
            #expect(view.events.map(\.line) == [4, 8])
        }
    }

    @Test func theAudioIsTheSoundTheDriveOrBoth() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = dir.appendingPathComponent("sound.wav").path
        let audition = try PatternAudition(path: dir.appendingPathComponent("p.ahap").path, sound: .file(path: sound, offset: 0))
        func decode(_ kind: AuditionAudio) throws -> [Float] {
            let path = dir.appendingPathComponent("\(kind.rawValue).wav")
            try Data(try audition.audio(PatternAudition.Edit(), kind: kind)).write(to: path)
            let read = try AudioFile.read(path.path)
            #expect(read.info.channels == 2 && read.info.sampleRate == 48_000)
            return read.samples
        }
        let original = try AudioFile.read(sound).samples
        let heard = try decode(.sound)
        // The sound as it is, in both channels.
        var same = heard.count >= 2 * original.count
        for (i, v) in original.enumerated() where same { same = heard[2 * i] == v && heard[2 * i + 1] == v }
        #expect(same)
        let drive = try decode(.haptic)
        // The drive sounds where the transient is (130 ms) and not before the pattern's first event.
        let at = Int(0.131 * 48_000), before = Int(0.12 * 48_000)
        let loudest: Float = (at..<(at + 480)).reduce(0) { max($0, abs(drive[2 * $1])) }
        let silent: Bool = (0..<before).allSatisfy { (i: Int) -> Bool in drive[2 * i] == 0 }
        #expect(loudest > 0.05 && silent)
        let mix = try decode(.mix)
        #expect(mix.allSatisfy { abs($0) <= 1 })
    }

    @Test func aSaveWritesTheEditFormattedAndIsRefusedOnceTheFileChanged() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("p.ahap").path
        let audition = try PatternAudition(path: path, sound: .patternAudio)
        // A save names the revision it edits: none, or another, is refused before anything is written.
        #expect(throws: PatternAudition.Refusal.self) { try audition.save(PatternAudition.Edit(shift: 0.005), base: nil) }
        #expect(throws: PatternAudition.Refusal.self) { try audition.save(PatternAudition.Edit(shift: 0.005), base: "0-0") }
        let text = try audition.save(PatternAudition.Edit(shift: 0.005), base: audition.revision)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let first = ((saved?["Pattern"] as? [[String: Any]])?[0]["Event"] as? [String: Any])?["Time"] as? Double
        #expect(first.map { abs($0 - 0.135) < 1e-9 } == true)
        #expect(try AHAPValidator.validate(path: path).diagnostics.filter { $0.severity == .error }.isEmpty)
        // The audition opened before the save no longer matches the file: a second save from it is refused.
        let stale = try String(contentsOfFile: path, encoding: .utf8)
        #expect(throws: PatternAudition.Refusal.self) { try audition.save(PatternAudition.Edit(shift: 0.001), base: audition.revision) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == stale)
    }

    @Test func aClipIsHeardAndCheckedButNotRewritten() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try ConvertCLITests.write(ConvertCLITests.good, "c.haptic", in: dir)
        let before = try String(contentsOfFile: clip, encoding: .utf8)
        let audition = try PatternAudition(path: clip, sound: .file(path: dir.appendingPathComponent("sound.wav").path, offset: 0))
        // The clip as `convert` makes it a pattern: its emphasis at 0.5 s is a transient there, and a shift moves it.
        let view = try audition.view(PatternAudition.Edit(shift: 0.01), width: 50)
        #expect(!view.editable)
        #expect(view.events.contains { $0.type == "HapticTransient" && abs($0.time - 0.51) < 1e-9 }, "\(view.events)")
        #expect(!(try audition.audio(PatternAudition.Edit(), kind: .haptic)).isEmpty)
        do {
            _ = try audition.save(PatternAudition.Edit(shift: 0.01), base: audition.revision)
            Issue.record("a clip was saved")
        } catch { #expect(error.description.contains("ahap-tool convert \(clip) -o")) }
        #expect(try String(contentsOfFile: clip, encoding: .utf8) == before)
    }

    @Test func audioLongerThanThePagePlaysIsRefusedBeforeItIsDecoded() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A pattern whose last event is 11 minutes in: refused with how to hear it, not rendered.
        let path = dir.appendingPathComponent("long.ahap")
        try #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 660.0, "EventType": "HapticTransient"}}]}"#
            .write(to: path, atomically: true, encoding: .utf8)
        let audition = try PatternAudition(path: path.path, sound: .file(path: dir.appendingPathComponent("sound.wav").path, offset: 0))
        do {
            _ = try audition.audio(PatternAudition.Edit(), kind: .mix)
            Issue.record("11 minutes of audio were rendered")
        } catch { #expect(error.description.contains("more than the page plays") && error.description.contains("ahap-tool play")) }
    }

    @Test func aPatternWithNothingToKeepInTimeIsRefusedNotShownClean() throws {
        let dir = try Self.scene()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = SyncSound.file(path: dir.appendingPathComponent("sound.wav").path, offset: 0)
        let empty = dir.appendingPathComponent("empty.ahap"), silent = dir.appendingPathComponent("silent.ahap")
        try "{\"Version\": 1.0, \"Pattern\": []}\r\n".write(to: empty, atomically: true, encoding: .utf8)
        try "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.1, \"EventType\": \"HapticTransient\"}}]}\r\n"
            .write(to: silent, atomically: true, encoding: .utf8)
        do {
            _ = try PatternAudition(path: empty.path, sound: sound)
            Issue.record("a pattern without events was opened")
        } catch { #expect(error.reason.contains("no haptic event")) }
        do {
            _ = try PatternAudition(path: silent.path, sound: .patternAudio)
            Issue.record("a pattern without a sound was opened against its own sound")
        } catch { #expect(error.reason.contains("no AudioCustom event")) }
        // The same pattern (CRLF line ends) with a sound file opens and finds its transient.
        let view = try PatternAudition(path: silent.path, sound: sound).view(PatternAudition.Edit(), width: 10)
        #expect(view.transients.map(\.time) == [0.1])
    }
}
