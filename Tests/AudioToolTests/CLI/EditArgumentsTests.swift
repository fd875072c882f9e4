import Foundation
import Testing

/// `beatmap edit` takes its arguments as `check` does (the map, then `--audio TRACK`), keeps the old order
/// (track, then map), and says so when the old order is given swapped, before anything reads the map as sound.
@Suite("beatmap edit: argument order")
struct EditArgumentsTests {
    static let track = TestPaths.packageRoot.appendingPathComponent("samples/audio/world1-track-a-88bpm.flac").path
    static let map = TestPaths.packageRoot.appendingPathComponent("samples/beatmaps/world1-a.json").path

    #if Editor
        @Test func theMapFirstWithAudioOpensTheMapAsTheMap() throws {
            let dir = TestPaths.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            // A map past the editor's bound: the session reads the track, then refuses the map by its beat count, so
            // the answer shows which argument was read as which.
            let big = dir.appendingPathComponent("big.json")
            try ("[" + (0...50_000).map { String(Double($0) * 0.001) }.joined(separator: ",") + "]").write(
                to: big, atomically: true, encoding: .utf8)
            let r = try run(TestPaths.binary("beatmap"), ["edit", big.path, "--audio", Self.track, "--no-open"])
            #expect(r.status == 2 && r.stderr.contains("50001 beats is more than the editor holds"), "\(r.stderr)")
            let old = try run(TestPaths.binary("beatmap"), ["edit", Self.track, big.path, "--no-open"])
            #expect(old.status == 2 && old.stderr.contains("50001 beats is more than the editor holds"), "\(old.stderr)")
        }
    #endif

    @Test func aSwappedOrderSaysSoInsteadOfReadingTheMapAsSound() throws {
        let r = try run(TestPaths.binary("beatmap"), ["edit", Self.map, Self.track, "--no-open"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("is a beat map, not a track") && r.stderr.contains("--audio \(Self.track)"), "\(r.stderr)")
        #expect(!r.stderr.lowercased().contains("ffmpeg"), "\(r.stderr)")
        let alone = try run(TestPaths.binary("beatmap"), ["edit", Self.map, "--no-open"])
        #expect(alone.status == 64 && alone.stderr.contains("--audio TRACK"), "\(alone.stderr)")
    }

    @Test func withAudioASecondMapIsRefused() throws {
        let r = try run(TestPaths.binary("beatmap"), ["edit", Self.map, Self.map, "--audio", Self.track, "--no-open"])
        #expect(r.status == 64 && r.stderr.contains("give one map"), "\(r.stderr)")
        let draft = try run(TestPaths.binary("beatmap"), ["edit", Self.map, "--audio", Self.track, "--save-as", "x.json"])
        #expect(draft.status == 64 && draft.stderr.contains("--save-as is for a draft"), "\(draft.stderr)")
    }
}
