/// Whole-file conveniences over `SoundFileReader` and `SoundFileWriter`.
public enum AudioFile {
    /// Opens the file just long enough to read its facts.
    public static func info(_ path: String, limits: AudioLimits = .standard) throws(InputError) -> AudioFileInfo {
        try SoundFileReader(path: path, limits: limits).info
    }

    /// Reads the whole file, interleaved. For long files prefer `SoundFileReader.forEachBlock`.
    public static func read(_ path: String, limits: AudioLimits = .standard) throws(InputError) -> (info: AudioFileInfo, samples: [Float]) {
        let reader = try SoundFileReader(path: path, limits: limits)
        let info = reader.info
        try limits.checkFitsInMemory(frames: info.frames, channels: info.channels, sampleRate: info.sampleRate, path: path)
        var samples: [Float] = []
        samples.reserveCapacity(Int(max(0, info.frames)) * info.channels)
        HugePages.advise(capacityOf: samples)
        var block = [Float](repeating: 0, count: 8192 * info.channels)
        while true {
            let n = try block.withUnsafeMutableBufferPointer { p throws(InputError) in try reader.read(into: p, frames: 8192) }
            if n == 0 { break }
            samples.append(contentsOf: block[0..<(n * info.channels)])
            // A header may understate the length: the budget holds for what is really decoded.
            try limits.checkFitsInMemory(
                frames: Int64(samples.count / info.channels), channels: info.channels, sampleRate: info.sampleRate, path: path)
        }
        var read = info
        read.frames = reader.framesRead
        return (read, samples)
    }

    /// Reads the file and averages its channels to mono.
    public static func readMono(_ path: String, limits: AudioLimits = .standard) throws(InputError) -> (
        info: AudioFileInfo, samples: [Float]
    ) {
        let (info, interleaved) = try read(path, limits: limits)
        guard info.channels > 1 else { return (info, interleaved) }
        let c = info.channels
        let scale = 1 / Float(c)
        var mono = [Float](repeating: 0, count: interleaved.count / c)
        for i in 0..<mono.count {
            var sum: Float = 0
            for ch in 0..<c { sum += interleaved[i * c + ch] }
            mono[i] = sum * scale
        }
        return (info, mono)
    }

    /// Writes interleaved samples atomically; the format follows the extension unless given.
    public static func write(_ samples: [Float], to path: String, sampleRate: Int, channels: Int, format: SoundFormat? = nil)
        throws(InputError)
    {
        let writer = try SoundFileWriter(path: path, sampleRate: sampleRate, channels: channels, format: format)
        try writer.write(samples)
        try writer.commit()
    }
}
