import Foundation

/// Decodes what libsndfile does not read (AAC and ALAC in MP4, ADTS AAC, and a few other containers) by running the
/// `ffmpeg` program and reading 32-bit float PCM from its output in blocks, so memory stays flat with the track's
/// length. Nothing of FFmpeg is linked: Debian's FFmpeg libraries are GPL-2+ (docs/dependencies.md).
///
/// The timeline is the device's. The priming that the edit list or the `iTunSMPB` tag declares (`MP4Gapless`) is
/// removed: by ffmpeg where it honours the declaration (ffprobe reports it as the first packet's skip samples), by
/// us for the rest. From AAC that declares neither, the priming it is assumed to have is dropped
/// (`AudioFileInfo.assumedDecoderDelay`). The output stops after the exact frame count (from the declaration, or
/// from counting AAC packets), which removes the padding.
final class FFmpegDecoder {
    let info: AudioFileInfo
    private let executable: String
    /// Frames of priming to drop at the start: what the declaration or the assumption says, less what ffmpeg trims.
    private let skip: Int
    /// True when `info.frames` is exact, and the output is cut there: the rest is padding.
    private let exactLength: Bool
    private var process: Process?
    /// The watch on the running ffmpeg (`ChildProcesses.Stall`).
    private var stall: ChildProcesses.Stall?
    private var output: FileHandle?
    private var errorText: FileHandle?
    private var pending: [UInt8] = []
    /// Where the undelivered bytes of `pending` start.
    private var head = 0
    private var delivered: Int64 = 0
    private var skipped = 0
    private var finished = false

    /// The extensions of the containers libsndfile does not read, handed to FFmpeg.
    static let extensions: Set<String> = ["m4a", "m4b", "mp4", "aac", "alac", "mov", "3gp", "wma", "webm", "mka", "ac3", "amr"]

    /// True when FFmpeg should be tried for `path`: an MP4 or ADTS file by its first bytes, or one of `extensions`.
    static func handles(_ path: String) -> Bool {
        isMP4OrADTS(path) || extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// True when the file starts as an MP4 (`ftyp` at byte 4) or an ADTS AAC stream (a 12-bit sync word).
    static func isMP4OrADTS(_ path: String) -> Bool {
        let handle = FileHandle(forReadingAtPath: path)
        let bytes = [UInt8]((try? handle?.read(upToCount: 12)) ?? Data())
        try? handle?.close()
        let isMP4 = bytes.count >= 8 && bytes[4...7] == [0x66, 0x74, 0x79, 0x70]  // "ftyp"
        let isADTS = bytes.count >= 2 && bytes[0] == 0xFF && (bytes[1] & 0xF6) == 0xF0
        return isMP4 || isADTS
    }

    /// The program `name` on PATH, or nil.
    static func program(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Probes `path` with ffprobe and its MP4 boxes, and checks `limits`; decoding starts at the first read.
    init(path: String, limits: AudioLimits) throws(InputError) {
        guard let ffmpeg = Self.program("ffmpeg"), let ffprobe = Self.program("ffprobe") else {
            let ext = (path as NSString).pathExtension
            throw InputError(
                .unsupportedFormat, path: path,
                reason: "\(ext.isEmpty ? "this format" : "." + ext) is decoded by the ffmpeg program, which is not installed",
                fix: "install it (Debian, Ubuntu: sudo apt install ffmpeg; macOS: brew install ffmpeg), or convert the file to WAV or FLAC")
        }
        executable = ffmpeg
        let probe = try Self.probe(path: path, ffprobe: ffprobe)
        let gapless = MP4Gapless.read(path: path)
        let rate = Double(probe.sampleRate)
        let trimmed = probe.skipSamples
        var skip = 0
        var exact: Double?
        if let g = gapless, g.source != .none {
            // iTunSMPB counts output samples; the edit list counts in the track's timescale.
            let scale = g.source == .iTunSMPB ? 1 : rate / Double(g.timescale)
            let priming = Double(g.priming) * scale
            skip = priming.isFinite ? max(0, Int(min(priming, 1e7).rounded()) - trimmed) : 0
            exact = g.frames.map { Double($0) * scale }
        } else if probe.codecName == "aac" {
            skip = max(0, (gapless?.assumedPriming ?? 2112) - trimmed)
            // The decoder gives whole packets: 1024 samples each (2048 at the output rate with SBR).
            if let packets = Self.countPackets(path: path, ffprobe: ffprobe) {
                let perPacket = probe.codec.contains("HE") ? 2048.0 : 1024.0
                exact = max(0, Double(packets) * perPacket - Double(trimmed + skip))
            }
        }
        let length = exact ?? probe.duration * rate
        // Bounded before anything is converted or allocated: a tag may claim any count.
        guard length.isFinite, length >= 0, length <= (limits.maxDuration + 1) * rate else {
            throw InputError(
                .limitExceeded, path: path,
                reason: String(format: "%.0f s of audio is longer than the limit of %.0f s", length / rate, limits.maxDuration),
                fix: "cut it, or raise the limit", limit: .audioSeconds)
        }
        info = AudioFileInfo(
            path: path, sampleRate: probe.sampleRate, channels: probe.channels, frames: Int64(length.rounded()),
            format: "\(gapless != nil ? "MPEG-4" : probe.container) (FFmpeg)", encoding: probe.codec, majorFormat: 0,
            subtypeFormat: 0, gapless: gapless, codec: probe.codecName)
        self.skip = skip
        exactLength = exact != nil
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
        /// Samples ffmpeg drops from the first packet by itself (the declaration it honours).
        var skipSamples: Int
    }

    static func probe(path: String, ffprobe: String) throws(InputError) -> Probe {
        let arguments = [
            "-v", "error", "-of", "json", "-show_entries",
            "stream=codec_name,codec_long_name,profile,sample_rate,channels,duration:format=duration,format_long_name:packet=pts:packet_side_data",
            "-select_streams", "a:0", "-read_intervals", "%+#1", "file:" + absolute(path),
        ]
        let (status, out, err) = runToEnd(ffprobe, arguments)
        guard status == 0 else {
            throw InputError(
                .corrupt, path: path, reason: "cannot be decoded: \(cleaned(err, path: path))",
                fix: "the file is damaged or truncated; re-export it")
        }
        guard case .success(let root) = out.withUnsafeBytes({ Jansson.decode($0, maxDepth: 16) }) else {
            throw InputError(.corrupt, path: path, reason: "ffprobe gave no answer", fix: "check the ffmpeg installation")
        }
        guard let stream = root["streams"]?.array?.first else {
            throw InputError(.unsupportedFormat, path: path, reason: "has no audio stream", fix: "check that this is the right file")
        }
        let rate = stream["sample_rate"]?.string.flatMap { Int($0) } ?? 0
        let channels = stream["channels"]?.number.flatMap { Int(exactly: $0) } ?? 0
        let duration = (stream["duration"]?.string ?? root["format"]?["duration"]?.string).flatMap(Double.init) ?? 0
        let name = stream["codec_name"]?.string ?? "?"
        var codec = name == "aac" ? "AAC" : name == "alac" ? "ALAC" : (stream["codec_long_name"]?.string ?? name)
        if let profile = stream["profile"]?.string, name == "aac" { codec += " " + profile }
        guard rate > 0, channels > 0, duration.isFinite, duration >= 0 else {
            throw InputError(.corrupt, path: path, reason: "the audio stream has no sample rate, channels or length", fix: "re-export it")
        }
        let sideData = root["packets"]?.array?.first?["side_data_list"]?.array ?? []
        let skip = sideData.compactMap { $0["skip_samples"]?.number }.first.map { Int(min(max($0, 0), 1e6)) } ?? 0
        return Probe(
            codecName: name, codec: codec, sampleRate: rate, channels: channels, duration: duration,
            container: root["format"]?["format_long_name"]?.string ?? "FFmpeg", skipSamples: skip)
    }

    /// The audio stream's packet count (ffprobe demuxes the whole file without decoding it); nil when unknown.
    static func countPackets(path: String, ffprobe: String) -> Int? {
        let arguments = [
            "-v", "error", "-of", "json", "-count_packets", "-show_entries", "stream=nb_read_packets", "-select_streams", "a:0",
            "file:" + absolute(path),
        ]
        let (status, out, _) = runToEnd(ffprobe, arguments)
        guard status == 0, case .success(let root) = out.withUnsafeBytes({ Jansson.decode($0, maxDepth: 16) }),
            let text = root["streams"]?.array?.first?["nb_read_packets"]?.string, let n = Int(text), n >= 0, n < 1 << 40
        else { return nil }
        return n
    }

    /// Reads up to `frames` frames into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws(InputError) -> Int {
        if finished || frames <= 0 { return 0 }
        if process == nil { try start() }
        let bytesPerFrame = 4 * info.channels
        var want = frames
        if exactLength { want = Int(min(Int64(want), max(0, info.frames - delivered))) }
        while available < want * bytesPerFrame, let output {
            let data: Data
            do { data = try output.read(upToCount: max(1 << 18, want * bytesPerFrame - available)) ?? Data() } catch {
                finished = true
                stop()
                throw InputError(.unreadable, path: info.path, reason: "reading from ffmpeg failed: \(error)")
            }
            if data.isEmpty {
                try finish()
                break
            }
            stall?.progress()
            // Consumed bytes are dropped once they are half the buffer, so appending stays cheap.
            if head > 0 && head >= pending.count / 2 {
                pending.removeFirst(head)
                head = 0
            }
            pending.append(contentsOf: data)
            if skipped < skip {
                let drop = min(available / bytesPerFrame, skip - skipped)
                head += drop * bytesPerFrame
                skipped += drop
            }
        }
        let n = min(want, available / bytesPerFrame)
        if n == 0 {
            // At the exact length ffmpeg may still be writing the padding: it is stopped, not waited for. At the end of
            // its output, its exit is judged.
            if !(exactLength && want == 0) { try finish() }
            finished = true
            stop()
            return 0
        }
        pending.withUnsafeBytes { raw in
            guard let source = raw.baseAddress, let target = buffer.baseAddress else { return }
            #if _endian(little)
                // f32le is the host's own layout.
                UnsafeMutableRawPointer(target).copyMemory(from: source + head, byteCount: n * bytesPerFrame)
            #else
                for i in 0..<(n * info.channels) {
                    target[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: head + 4 * i, as: UInt32.self)))
                }
            #endif
        }
        head += n * bytesPerFrame
        delivered += Int64(n)
        return n
    }

    /// Bytes received and not yet delivered.
    private var available: Int { pending.count - head }

    /// Goes back to the start (the next read starts ffmpeg again).
    func rewind() {
        stop()
        pending = []
        head = 0
        delivered = 0
        skipped = 0
        finished = false
    }

    private func start() throws(InputError) {
        // ffmpeg's error text goes to a file that is unlinked at once, so nothing is left behind; we keep a handle.
        let errorPath = NSTemporaryDirectory() + "akl-ffmpeg-\(getpid())-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let writer = FileHandle(forWritingAtPath: errorPath)
        let reader = FileHandle(forReadingAtPath: errorPath)
        try? FileManager.default.removeItem(atPath: errorPath)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-nostdin", "-hide_banner", "-v", "error", "-xerror", "-i", "file:" + Self.absolute(info.path), "-map", "0:a:0", "-f", "f32le",
            "-acodec", "pcm_f32le", "-ac", String(info.channels), "-ar", String(info.sampleRate), "-",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        process.standardError = writer ?? FileHandle.nullDevice
        do { try ChildProcesses.run(process) } catch {
            try? writer?.close()
            try? reader?.close()
            finished = true
            throw InputError(.unreadable, path: info.path, reason: "could not run ffmpeg: \(error)", fix: "check the ffmpeg installation")
        }
        try? writer?.close()
        self.process = process
        stall = ChildProcesses.Stall(process)
        output = pipe.fileHandleForReading
        errorText = reader
    }

    /// At the end of ffmpeg's output: an error when it failed, or decoded nothing.
    private func finish() throws(InputError) {
        guard let process else { return }
        process.waitUntilExit()
        stall?.end()
        if let stall, stall.wasStalled {
            finished = true
            stop()
            throw InputError(
                .unreadable, path: info.path,
                reason: String(format: "ffmpeg produced nothing for %.0f s and was stopped", stall.limit),
                fix: "check that the file is complete and on a working disk; AKL_CHILD_STALL_SECONDS sets the limit")
        }
        let text = (try? errorText?.read(upToCount: 65536)) ?? Data()
        let status = process.terminationStatus
        if status != 0 || !text.isEmpty || delivered + Int64(available / (4 * info.channels)) == 0 {
            let reason =
                text.isEmpty
                ? (status != 0 ? "ffmpeg failed (exit \(status))" : "no audio was decoded") : Self.cleaned(text, path: info.path)
            finished = true
            stop()
            throw InputError(
                .corrupt, path: info.path, reason: "cannot be decoded: \(reason)", fix: "the file is damaged or truncated; re-export it")
        }
        try? output?.close()
        output = nil
    }

    private func stop() {
        // Our end of the pipe is closed first: an ffmpeg blocked writing into it then fails at once (its SIGTERM
        // handler restarts the write, so a signal alone would leave it blocked).
        try? output?.close()
        output = nil
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        stall?.end()
        stall = nil
        try? errorText?.close()
        process = nil
        errorText = nil
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
        do { try ChildProcesses.run(process) } catch { return (-1, Data(), Data("could not run \(program): \(error)".utf8)) }
        let stall = ChildProcesses.Stall(process)
        defer { stall.end() }
        // Error text is read on another thread, so that neither pipe fills while the other is read.
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
        if stall.wasStalled {
            let name = (program as NSString).lastPathComponent
            return (-1, Data(), Data(String(format: "%@ produced nothing for %.0f s and was stopped", name, stall.limit).utf8))
        }
        return (process.terminationStatus, data.prefix(1 << 20), errorText.get())
    }

    private final class ErrorText: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ d: Data) { lock.withLock { data = d } }
        func get() -> Data { lock.withLock { data } }
    }
}
