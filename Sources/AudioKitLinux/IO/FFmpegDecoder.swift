import Foundation

/// Decodes what libsndfile does not read (AAC and ALAC in MP4, ADTS AAC, and a few other containers) by running the
/// `ffmpeg` program and reading 32-bit float PCM from its output in blocks, so memory stays flat with the track's
/// length. Nothing of FFmpeg is linked: Debian's FFmpeg libraries are GPL-2+ (docs/dependencies.md).
///
/// The timeline is the device's: FFmpeg removes the priming that the edit list or the `iTunSMPB` tag declares
/// (`MP4Gapless`), and the decoder stops after the frames the encoder was given, which removes the padding. From AAC
/// that declares neither, the decoder drops the priming it is assumed to have (`AudioFileInfo.assumedDecoderDelay`).
final class FFmpegDecoder {
    let info: AudioFileInfo
    private let executable: String
    private var process: Process?
    private var output: FileHandle?
    private var errors: FileHandle?
    private var errorPath: String?
    private var pending: [UInt8] = []
    private var delivered: Int64 = 0
    private var finished = false
    /// Frames of assumed priming to drop at the start.
    private let skip: Int
    private var skipped = 0

    /// True when FFmpeg should be tried for `path`: an MP4 or ADTS file by its first bytes, or one of the extensions
    /// of containers libsndfile does not read.
    static func handles(_ path: String) -> Bool {
        let handle = FileHandle(forReadingAtPath: path)
        let bytes = [UInt8]((try? handle?.read(upToCount: 12)) ?? Data())
        try? handle?.close()
        let isMP4 = bytes.count >= 8 && bytes[4...7] == [0x66, 0x74, 0x79, 0x70]  // "ftyp"
        let isADTS = bytes.count >= 2 && bytes[0] == 0xFF && (bytes[1] & 0xF6) == 0xF0
        let ext = (path as NSString).pathExtension.lowercased()
        return isMP4 || isADTS || ["m4a", "m4b", "mp4", "aac", "alac", "mov", "3gp", "wma", "webm", "mka", "ac3", "amr"].contains(ext)
    }

    /// The program `name` on PATH, or nil.
    static func program(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Probes `path` with ffprobe and its MP4 boxes, and checks `limits`; decoding starts at the first read.
    init(path: String, limits: AudioLimits) throws(InputError) {
        guard let ffmpeg = Self.program("ffmpeg"), let ffprobe = Self.program("ffprobe") else {
            throw InputError(
                .unsupportedFormat, path: path,
                reason:
                    "\((path as NSString).pathExtension.isEmpty ? "this format" : "." + (path as NSString).pathExtension) is decoded by the ffmpeg program, which is not installed",
                fix: "install it (Debian, Ubuntu: sudo apt install ffmpeg; macOS: brew install ffmpeg), or convert the file to WAV or FLAC")
        }
        executable = ffmpeg
        let probe = try Self.probe(path: path, ffprobe: ffprobe)
        let gapless = MP4Gapless.read(path: path)
        let rate = probe.sampleRate
        var frames = Int64((probe.duration * Double(rate)).rounded())
        if let g = gapless, g.source != .none, let f = g.frames, g.timescale > 0 {
            frames = Int64((Double(f) * Double(rate) / Double(g.timescale)).rounded())
        }
        let container = gapless != nil ? "MPEG-4" : probe.container
        var info = AudioFileInfo(
            path: path, sampleRate: rate, channels: probe.channels, frames: frames, format: "\(container) (FFmpeg)",
            encoding: probe.codec, majorFormat: 0, subtypeFormat: 0, gapless: gapless, codec: probe.codecName)
        skip = info.assumedDecoderDelay ?? 0
        info.frames = max(0, frames - Int64(skip))
        self.info = info
        try SoundFileReader.check(info, limits: limits)
    }

    deinit { stop() }

    /// What ffprobe says of the first audio stream.
    struct Probe {
        var codecName: String
        var codec: String
        var sampleRate: Int
        var channels: Int
        var duration: Double
        var container: String
    }

    static func probe(path: String, ffprobe: String) throws(InputError) -> Probe {
        let arguments = [
            "-v", "error", "-of", "json", "-show_entries",
            "stream=codec_name,codec_long_name,profile,sample_rate,channels,duration:format=duration,format_long_name",
            "-select_streams", "a:0", "file:" + absolute(path),
        ]
        let (status, out, err) = runToEnd(ffprobe, arguments)
        guard status == 0 else {
            throw InputError(
                .corrupt, path: path, reason: "cannot be decoded: \(cleaned(err, path: path))",
                fix: "the file is damaged or truncated; re-export it")
        }
        let decoded = out.withUnsafeBytes { Jansson.decode($0, maxDepth: 16) }
        guard case .success(let root) = decoded else {
            throw InputError(.corrupt, path: path, reason: "ffprobe gave no answer", fix: "check the ffmpeg installation")
        }
        guard let stream = root["streams"]?.array?.first else {
            throw InputError(.unsupportedFormat, path: path, reason: "has no audio stream", fix: "check that this is the right file")
        }
        let rate = stream["sample_rate"]?.string.flatMap { Int($0) } ?? 0
        let channels = stream["channels"]?.number.map { Int(exactly: $0) ?? 0 } ?? 0
        let duration = (stream["duration"]?.string ?? root["format"]?["duration"]?.string).flatMap(Double.init) ?? 0
        let name = stream["codec_name"]?.string ?? "?"
        var codec = name == "aac" ? "AAC" : name == "alac" ? "ALAC" : (stream["codec_long_name"]?.string ?? name)
        if let profile = stream["profile"]?.string, name == "aac" { codec += " " + profile }
        guard rate > 0, channels > 0, duration.isFinite, duration >= 0 else {
            throw InputError(.corrupt, path: path, reason: "the audio stream has no sample rate, channels or length", fix: "re-export it")
        }
        return Probe(
            codecName: name, codec: codec, sampleRate: rate, channels: channels, duration: duration,
            container: root["format"]?["format_long_name"]?.string ?? "FFmpeg")
    }

    /// Reads up to `frames` frames into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws(InputError) -> Int {
        if finished { return 0 }
        if process == nil { try start() }
        let bytesPerFrame = 4 * info.channels
        var want = frames
        if info.gapless.map({ $0.source != .none && $0.frames != nil }) == true {
            // Stop at the encoder's frame count: what follows is padding.
            want = Int(min(Int64(want), max(0, info.frames - delivered)))
        }
        while pending.count < want * bytesPerFrame, let output {
            let data: Data
            do { data = try output.read(upToCount: max(65536, want * bytesPerFrame - pending.count)) ?? Data() } catch {
                throw InputError(.unreadable, path: info.path, reason: "reading from ffmpeg failed: \(error)")
            }
            if data.isEmpty {
                try finish()
                break
            }
            pending.append(contentsOf: data)
            if skipped < skip {
                let drop = min(pending.count / bytesPerFrame, skip - skipped)
                pending.removeFirst(drop * bytesPerFrame)
                skipped += drop
            }
        }
        let n = min(want, pending.count / bytesPerFrame)
        if n == 0 {
            if want == 0 && frames > 0 && output != nil {
                // The encoder's frames are all delivered and ffmpeg may still be writing the padding: stop it rather
                // than wait for it (it could be blocked on a full pipe).
                finished = true
                stop()
                return 0
            }
            try finish()
            finished = true
            stop()
            return 0
        }
        pending.withUnsafeBytes { raw in
            for i in 0..<(n * info.channels) { buffer[i] = raw.loadUnaligned(fromByteOffset: 4 * i, as: Float.self) }
        }
        pending.removeFirst(n * bytesPerFrame)
        delivered += Int64(n)
        return n
    }

    /// Goes back to the start (the next read starts ffmpeg again).
    func rewind() {
        stop()
        pending = []
        delivered = 0
        skipped = 0
        finished = false
    }

    private func start() throws(InputError) {
        let errorPath = NSTemporaryDirectory() + "akl-ffmpeg-\(getpid())-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-nostdin", "-hide_banner", "-v", "error", "-xerror", "-i", "file:" + Self.absolute(info.path), "-map", "0:a:0", "-f", "f32le",
            "-acodec", "pcm_f32le", "-",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        let errors = FileHandle(forWritingAtPath: errorPath)
        process.standardError = errors ?? FileHandle.nullDevice
        do { try process.run() } catch {
            try? FileManager.default.removeItem(atPath: errorPath)
            throw InputError(.unreadable, path: info.path, reason: "could not run ffmpeg: \(error)", fix: "check the ffmpeg installation")
        }
        self.process = process
        self.output = pipe.fileHandleForReading
        self.errors = errors
        self.errorPath = errorPath
    }

    /// At the end of ffmpeg's output: an error when it failed, or decoded nothing.
    private func finish() throws(InputError) {
        guard let process else { return }
        process.waitUntilExit()
        let text = errorPath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        let status = process.terminationStatus
        output = nil
        if status != 0 || !text.isEmpty || delivered + Int64(pending.count / (4 * info.channels)) == 0 {
            let reason =
                text.isEmpty
                ? (status != 0 ? "ffmpeg failed (exit \(status))" : "no audio was decoded") : Self.cleaned(text, path: info.path)
            stop()
            throw InputError(
                .corrupt, path: info.path, reason: "cannot be decoded: \(reason)", fix: "the file is damaged or truncated; re-export it")
        }
    }

    private func stop() {
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? output?.close()
        try? errors?.close()
        if let errorPath { try? FileManager.default.removeItem(atPath: errorPath) }
        process = nil
        output = nil
        errors = nil
        errorPath = nil
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// FFmpeg's message as one line: its last line, without the `[mov,mp4 @ 0x…]` prefix or the path.
    static func cleaned(_ text: Data, path: String) -> String {
        let lines = String(decoding: text.prefix(65536), as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        var line = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? "unknown error"
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") { line = String(line[line.index(after: close)...]) }
        for p in ["file:" + absolute(path), absolute(path), path] { line = line.replacingOccurrences(of: p + ": ", with: "") }
        return String(line.trimmingCharacters(in: .whitespaces).prefix(300))
    }

    /// Runs `program` to its end and returns its status, output (at most 1 MiB) and error text.
    static func runToEnd(_ program: String, _ arguments: [String]) -> (Int32, Data, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, Data(), Data("could not run \(program): \(error)".utf8)) }
        // ffprobe's answers are small; read error text on another thread so neither pipe fills.
        let errorText = ErrorText()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorText.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, data.prefix(1 << 20), errorText.get())
    }

    private final class ErrorText: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ d: Data) { lock.withLock { data = d } }
        func get() -> Data { lock.withLock { data } }
    }
}
