import AudioKitLinux
import Foundation
import Testing

/// The Kotlin and Java that `convert` writes: each compiles on its own against the Android classes it calls
/// (Tests/android-stubs, written from the API reference), and, run on stub devices of API 26, 31 and 36, builds the
/// effects the JSON describes.
enum JVMTools {
    static let javac = TestPaths.program("javac")
    static let java = TestPaths.program("java")
    static let kotlinc = TestPaths.program("kotlinc")
    static let kotlinStdlib = ["/usr/share/java/kotlin-stdlib.jar"].first { FileManager.default.fileExists(atPath: $0) }
}

@Suite(
    "Android source output",
    .enabled(if: JVMTools.javac != nil && JVMTools.java != nil, "javac is not installed (apt install default-jdk-headless)"))
struct AndroidSourceTests {
    static let tool = TestPaths.binary("ahap-tool")
    static let stubs = TestPaths.packageRoot.appendingPathComponent("Tests/android-stubs")
    static let javac = JVMTools.javac
    static let java = JVMTools.java
    static let kotlinc = JVMTools.kotlinc
    static let kotlinStdlib = JVMTools.kotlinStdlib

    static func stubSources() -> [String] {
        let walker = FileManager.default.enumerator(atPath: stubs.path)
        var out: [String] = []
        while let p = walker?.nextObject() as? String {
            if p.hasSuffix(".java") && p != "Driver.java" { out.append(stubs.appendingPathComponent(p).path) }
        }
        return out.sorted()
    }

    /// Compiles the stubs, the driver and `sources` into `classes`; returns javac's result.
    static func compileJava(_ sources: [String], into classes: URL) throws -> CommandResult {
        try run(try #require(javac), ["-Xlint:all", "-Werror", "-d", classes.path] + stubSources() + sources)
    }

    /// What `Driver` prints for class `name`: one line per device.
    static func drive(_ name: String, classpath: String) throws -> [String: String] {
        let r = try run(try #require(java), ["-cp", classpath, "Driver", name])
        #expect(r.status == 0, "\(r.stderr)")
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    static let mixed = """
        {"version": {"major": 1, "minor": 0, "patch": 0},
         "signals": {"continuous": {"envelopes": {
           "amplitude": [{"time": 0, "amplitude": 0.2}, {"time": 0.4, "amplitude": 0.6, "emphasis": {"amplitude": 0.9, "frequency": 0.7}},
                         {"time": 0.9, "amplitude": 0.3}, {"time": 1.2, "amplitude": 0}],
           "frequency": [{"time": 0, "frequency": 0.1}, {"time": 1.2, "frequency": 0.9}]}}}}
        """

    @Test("Java from a .haptic compiles with -Werror, and plays the JSON's waveform on API 26 and its envelope on API 36")
    func javaMixed() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("mixed.haptic").path
        try Self.mixed.write(toFile: clip, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("MixedHaptics.java").path
        let json = folder.appendingPathComponent("mixed.json").path
        for out in [source, json] {
            let r = try run(Self.tool, ["convert", clip, "-o", out])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let classes = folder.appendingPathComponent("classes")
        let compiled = try Self.compileJava([source, Self.stubs.appendingPathComponent("Driver.java").path], into: classes)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let played = try Self.drive("MixedHaptics", classpath: classes.path)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let waveform = try #require(root["waveform"] as? [String: Any])
        let timings = try #require(waveform["timings_ms"] as? [Int])
        let amplitudes = try #require(waveform["amplitudes"] as? [Int])
        let expectedWaveform = "waveform \(timings) \(amplitudes) -1"
        #expect(played["25"] == "nothing", "no waveform before API 26: \(played)")
        // Not emphasis only: API 26, 31 and 36 without envelopes play the waveform; 36 with envelopes the envelope.
        #expect(played["26"] == expectedWaveform && played["31"] == expectedWaveform && played["36"] == expectedWaveform, "\(played)")
        let envelope = try #require(root["envelope"] as? [String: Any])
        let points = try #require(envelope["control_points"] as? [[String: Any]])
        let expectedPoints = points.map { p in
            "\(Float(p["intensity"] as? Double ?? -1)):\(Float(p["sharpness"] as? Double ?? -1)):\(p["duration_ms"] as? Int ?? -1)"
        }
        let initial = Float(envelope["initial_sharpness"] as? Double ?? -1)
        #expect(played["36+envelope"] == "envelope initial:\(initial) " + expectedPoints.joined(separator: " "), "\(played)")
    }

    @Test("Java from an AHAP of transients: primitives placed by start offset on API 36, by pauses after each on API 31")
    func javaTransients() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ahap = folder.appendingPathComponent("taps.ahap").path
        try """
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 1.0}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.9}]}},
          {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}]}},
          {"Event": {"Time": 0.11, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.1}]}}
        ]}
        """.write(toFile: ahap, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("Taps.java").path
        let r = try run(Self.tool, ["convert", ahap, "-o", source, "--package", "com.example.haptics"])
        #expect(r.status == 0, "\(r.stderr)")
        let classes = folder.appendingPathComponent("classes")
        let compiled = try Self.compileJava([source, Self.stubs.appendingPathComponent("Driver.java").path], into: classes)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let played = try Self.drive("com.example.haptics.Taps", classpath: classes.path)
        // CLICK (i 1, s 0.9) at 0, LOW_TICK (i 0.5, s 0.2) at 100, THUD (i 0.8, s 0.1) at 110; scale = intensity².
        #expect(played["36"] == "composition 1:1.0:0:1 8:0.25:100:1 2:0.64:10:1", "\(played)")
        // The stub device's primitives last 20 ms: pauses of 0, 80, then 0 (the third starts at 120, 10 ms late).
        #expect(played["31"] == "composition 1:1.0:0:0 8:0.25:80:0 2:0.64:0:0", "\(played)")
        #expect(played["26"]?.hasPrefix("waveform ") == true, "no composition before API 31: \(played)")
    }

    @Test("a clip of thousands of steps compiles: long arrays are built from several methods (JVM 64 KB per method)")
    func longArrays() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let points = (0...600).map { i in "{\"time\": \(Double(i) / 10), \"amplitude\": \(Double(i % 7) / 7)}" }
        let clip = folder.appendingPathComponent("long.haptic").path
        try
            "{\"version\": {\"major\": 1, \"minor\": 0, \"patch\": 0}, \"signals\": {\"continuous\": {\"envelopes\": {\"amplitude\": [\(points.joined(separator: ","))]}}}}"
            .write(toFile: clip, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("LongHaptics.java").path
        let r = try run(Self.tool, ["convert", clip, "-o", source])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: source, encoding: .utf8)
        #expect(text.contains("join("), "the 60 s ramp sawtooth has more than \(AndroidSource.chunk) steps")
        let classes = folder.appendingPathComponent("classes")
        let compiled = try Self.compileJava([source, Self.stubs.appendingPathComponent("Driver.java").path], into: classes)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let played = try Self.drive("LongHaptics", classpath: classes.path)
        let count = played["26"]?.split(separator: "]").first?.split(separator: ",").count ?? 0
        #expect(count > AndroidSource.chunk, "all steps arrive: \(count)")
    }

    @Test(
        "Kotlin compiles with kotlinc and plays what the Java plays",
        .enabled(if: JVMTools.kotlinc != nil && JVMTools.kotlinStdlib != nil, "kotlinc is not installed (apt install kotlin)"))
    func kotlin() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("mixed.haptic").path
        try Self.mixed.write(toFile: clip, atomically: true, encoding: .utf8)
        let kt = folder.appendingPathComponent("mixed_haptics.kt").path
        let java = folder.appendingPathComponent("MixedHaptics.java").path
        #expect(try run(Self.tool, ["convert", clip, "-o", kt, "--class-name", "MixedKt", "--package", "game.fx"]).status == 0)
        #expect(try run(Self.tool, ["convert", clip, "-o", java]).status == 0)
        let classes = folder.appendingPathComponent("classes")
        let compiled = try Self.compileJava([java, Self.stubs.appendingPathComponent("Driver.java").path], into: classes)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let k = try run(try #require(Self.kotlinc), ["-Werror", "-cp", classes.path, "-d", classes.path, kt])
        #expect(k.status == 0, "\(k.stderr)")
        let classpath = classes.path + ":" + (Self.kotlinStdlib ?? "")
        let fromKotlin = try Self.drive("game.fx.MixedKt", classpath: classpath)
        let fromJava = try Self.drive("MixedHaptics", classpath: classpath)
        #expect(fromKotlin.count == 5 && fromKotlin == fromJava, "\(fromKotlin) vs \(fromJava)")
    }

    @Test("a silent clip is an error, with nothing written, for every Android target")
    func silent() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("quiet.haptic").path
        try """
        {"version": {"major": 1, "minor": 0, "patch": 0},
         "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]}}}}
        """.write(toFile: clip, atomically: true, encoding: .utf8)
        for out in ["quiet.json", "Quiet.java", "quiet.kt"] {
            let path = folder.appendingPathComponent(out).path
            let r = try run(Self.tool, ["convert", clip, "-o", path])
            #expect(r.status == 2 && r.stderr.contains("nothing to play on Android"), "\(out): \(r.status) \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("names that cannot compile are refused before anything is written")
    func names() throws {
        let folder = TestPaths.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("m.haptic").path
        try Self.mixed.write(toFile: clip, atomically: true, encoding: .utf8)
        for (out, extra, says) in [
            ("my-haptics.java", [String](), "named after its class"), ("x.java", ["--package", "com.1bad"], "not a package name"),
            ("class.kt", [], "no Kotlin identifier"), ("A.java", ["--class-name", "B"], "must have its file's name"),
            ("a.json", ["--package", "p"], "apply to Kotlin and Java"), ("a.haptic", [], "a .haptic clip already"),
            ("Vibrator.java", [], "named after its class"), ("record.kt", [], "no Kotlin identifier"),
        ] {
            let path = folder.appendingPathComponent(out).path
            let r = try run(Self.tool, ["convert", clip, "-o", path] + extra)
            #expect(r.status == 64 && r.stderr.contains(says), "\(out): \(r.status) \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
