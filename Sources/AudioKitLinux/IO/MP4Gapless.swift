import Foundation

/// Where an AAC file's encoder delay ("priming") and padding come from, read from its MP4 boxes the way Apple's
/// players read them: the `iTunSMPB` tag (`moov/udta/meta/ilst/----`, hex fields priming, padding and the original
/// sample count) or the sound track's edit list (`moov/trak/edts/elst`, whose first media time is the priming, in
/// the track's timescale). ISO/IEC 14496-12 §8.6.6 (edit list), §8.6.1.2 (stts); Apple's iTunSMPB as documented in
/// its gapless playback notes.
///
/// Only box headers are read until `moov`; `mdat` is skipped. Every size is checked against the file and against
/// `maximumMovieBytes` before anything is read into memory.
public struct MP4Gapless: Sendable, Hashable, Codable {
    /// Where the figures come from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The `iTunSMPB` tag.
        case iTunSMPB
        /// The sound track's edit list.
        case editList = "edit list"
        /// Neither: the decoder's output includes the priming, whose length is assumed.
        case none
    }

    /// The sample entry's codec: "mp4a" (AAC) or "alac".
    public var codec: String
    /// Frames of encoder delay at the start, as the source says (0 without a source).
    public var priming: Int
    /// Frames of padding at the end, when known.
    public var padding: Int?
    /// The frames the encoder was given (without priming and padding), when known.
    public var frames: Int64?
    /// Where `priming` and `padding` come from.
    public var source: Source
    /// The sound track's media timescale (`mdhd`), in which the edit list counts.
    public var timescale: Int
    /// The encoding application (`©too`), such as "Lavf59.27.100", when tagged.
    public var encoder: String?
    /// True when the edit list and `iTunSMPB` both exist and disagree on the priming.
    public var sourcesDisagree: Bool

    /// The largest `moov` box read: 64 MiB.
    public static let maximumMovieBytes = 64 << 20

    /// The priming AAC decoders are assumed to add when a file says nothing: 1024 frames for FFmpeg's encoder
    /// (tagged "Lavf"), else 2112, the usual figure for Apple's and most other encoders.
    public var assumedPriming: Int { encoder?.hasPrefix("Lavf") == true ? 1024 : 2112 }

    /// Reads the gapless facts of the MP4 file at `path`; nil when it is no MP4 file or has no sound track.
    public static func read(path: String) -> MP4Gapless? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return nil }
        var reader = BoxReader(handle: handle, end: end)
        guard let first = reader.header(at: 0), first.type == "ftyp" else { return nil }
        var offset: UInt64 = 0
        var boxes = 0
        while boxes < 4096, let box = reader.header(at: offset) {
            boxes += 1
            if box.type == "moov" {
                guard box.payloadSize <= UInt64(maximumMovieBytes), let bytes = reader.bytes(at: box.payload, count: Int(box.payloadSize))
                else { return nil }
                return parse(movie: bytes)
            }
            offset = box.end
        }
        return nil
    }

    /// The facts of a whole MP4 file held in memory (its `ftyp` first); nil as for `read(path:)`.
    public static func parse(file: [UInt8]) -> MP4Gapless? {
        let boxes = Boxes(file).children(of: 0..<file.count)
        guard boxes.first?.type == "ftyp", let moov = boxes.first(where: { $0.type == "moov" }),
            moov.payload.count <= maximumMovieBytes
        else { return nil }
        return parse(movie: Array(file[moov.payload]))
    }

    /// The facts in the payload of a `moov` box: the first sound track's codec, timescale, sample total and first
    /// edit; the `iTunSMPB` tag (which wins) or else the edit list gives the priming, the padding and the length.
    public static func parse(movie: [UInt8]) -> MP4Gapless? {
        let m = Boxes(movie)
        guard let track = soundTrack(m) else { return nil }
        // mvhd: version, flags, then (v0) creation and modification times of 4 bytes, or (v1) of 8, then the timescale.
        let movieTimescale =
            m.child("mvhd", of: 0..<movie.count).flatMap { mvhd in
                m.u32(at: mvhd.payload.lowerBound + (m.u8(at: mvhd.payload.lowerBound) == 1 ? 20 : 12)).map(Int.init)
            } ?? 0
        let (encoder, smpb) = tags(m)
        var info = MP4Gapless(
            codec: track.codec, priming: 0, padding: nil, frames: nil, source: .none, timescale: track.timescale, encoder: encoder,
            sourcesDisagree: false)
        if let smpb {
            info.priming = smpb.priming
            info.padding = smpb.padding
            info.frames = smpb.frames
            info.source = .iTunSMPB
            if let t = track.mediaTime, t != Int64(smpb.priming) { info.sourcesDisagree = true }
        } else if let t = track.mediaTime, t > 0, t <= Int64(Int32.max) {
            info.priming = Int(t)
            info.source = .editList
            if track.sttsTotal > t {
                info.frames = track.sttsTotal - t
            }
            // The edit's duration (in the movie's timescale) is the playable length. FFmpeg's muxer also shortens the
            // last sample's duration, Apple's encoders do not: the shorter of the two holds, unless they differ only
            // by the rounding of a coarse movie timescale.
            if let segment = track.segment, segment > 0, movieTimescale > 0, segment < UInt64(1) << 53 {
                let length = Double(segment) * Double(track.timescale) / Double(movieTimescale)
                let rounding = Double(track.timescale) / Double(movieTimescale)
                if let frames = info.frames, length < Double(frames) - rounding, length >= 0 {
                    info.frames = Int64(length.rounded())
                    info.padding = Int(frames - Int64(length.rounded()))
                }
            }
        }
        return info
    }

    /// What the gapless facts need of a sound track.
    struct SoundTrack {
        /// The sample entry's four-character code (`mp4a`, `alac`…).
        var codec: String
        /// The media timescale (samples per second for audio).
        var timescale: Int
        /// The sum of the `stts` sample durations.
        var sttsTotal: Int64
        /// The first edit's media time (the priming an encoder declares), if any.
        var mediaTime: Int64?
        /// The first edit's duration, in the movie's timescale.
        var segment: UInt64?
    }

    /// The first `trak` whose handler is `soun`, with a timescale and a sample table.
    static func soundTrack(_ m: Boxes) -> SoundTrack? {
        for trak in m.children(of: 0..<m.bytes.count) where trak.type == "trak" {
            guard let mdia = m.child("mdia", of: trak.payload), let hdlr = m.child("hdlr", of: mdia.payload),
                m.fourCC(at: hdlr.payload.lowerBound + 8) == "soun", let mdhd = m.child("mdhd", of: mdia.payload)
            else { continue }
            let version = m.u8(at: mdhd.payload.lowerBound)
            let timescale = m.u32(at: mdhd.payload.lowerBound + (version == 1 ? 20 : 12)).map(Int.init) ?? 0
            guard timescale > 0, let stbl = m.child("stbl", of: m.child("minf", of: mdia.payload)?.payload ?? 0..<0) else { continue }
            var codec = "?"
            if let stsd = m.child("stsd", of: stbl.payload), let entry = m.fourCC(at: stsd.payload.lowerBound + 12) { codec = entry }
            let edit = m.child("elst", of: m.child("edts", of: trak.payload)?.payload ?? 0..<0).flatMap { firstEdit(m, $0) }
            return SoundTrack(
                codec: codec, timescale: timescale, sttsTotal: m.child("stts", of: stbl.payload).map { sampleTotal(m, $0) } ?? 0,
                mediaTime: edit?.time, segment: edit?.duration)
        }
        return nil
    }

    /// The sum of an `stts` box's sample counts times their durations (stopping at an overflow or the box's end).
    static func sampleTotal(_ m: Boxes, _ stts: Boxes.Box) -> Int64 {
        var total: Int64 = 0
        guard let count = m.u32(at: stts.payload.lowerBound + 4) else { return 0 }
        var at = stts.payload.lowerBound + 8
        for _ in 0..<min(Int(count), stts.payload.count / 8) {
            guard let n = m.u32(at: at), let d = m.u32(at: at + 4) else { break }
            let (product, o1) = Int64(n).multipliedReportingOverflow(by: Int64(d))
            let (sum, o2) = total.addingReportingOverflow(product)
            guard !o1, !o2 else { break }
            total = sum
            at += 8
        }
        return total
    }

    /// The first edit of an `elst` box that plays media (of its first 16), as (media time, duration).
    static func firstEdit(_ m: Boxes, _ elst: Boxes.Box) -> (time: Int64, duration: UInt64?)? {
        let v = m.u8(at: elst.payload.lowerBound)
        let count = m.u32(at: elst.payload.lowerBound + 4) ?? 0
        var at = elst.payload.lowerBound + 8
        for _ in 0..<min(Int(count), 16) {
            let time = v == 1 ? m.u64(at: at + 8).map { Int64(bitPattern: $0) } : m.u32(at: at + 4).map { Int64(Int32(bitPattern: $0)) }
            let duration = v == 1 ? m.u64(at: at) : m.u32(at: at).map(UInt64.init)
            at += v == 1 ? 20 : 12
            // -1 marks an empty edit (a pause before the media): the next entry holds the media time.
            if let time, time >= 0 { return (time, duration) }
        }
        return nil
    }

    /// The encoder (`©too`) and the `iTunSMPB` fields from every moov/udta/meta/ilst (a file may carry more than one
    /// user-data box).
    static func tags(_ m: Boxes) -> (encoder: String?, smpb: (priming: Int, padding: Int, frames: Int64)?) {
        let movie = m.bytes
        let lists = m.children(of: 0..<movie.count).filter { $0.type == "udta" }.flatMap { udta in
            m.children(of: udta.payload).filter { $0.type == "meta" && $0.payload.count >= 4 }.compactMap { meta in
                m.child("ilst", of: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
            }
        }
        var encoder: String?
        var smpb: (priming: Int, padding: Int, frames: Int64)?
        for ilst in lists {
            for item in m.children(of: ilst.payload) {
                if item.type == "\u{A9}too", let data = m.child("data", of: item.payload), data.payload.count > 8 {
                    encoder = String(decoding: movie[(data.payload.lowerBound + 8)..<data.payload.upperBound], as: UTF8.self)
                }
                if item.type == "----", let name = m.child("name", of: item.payload), name.payload.count > 4,
                    String(decoding: movie[(name.payload.lowerBound + 4)..<name.payload.upperBound], as: UTF8.self) == "iTunSMPB",
                    let data = m.child("data", of: item.payload), data.payload.count > 8
                {
                    smpb = parseSMPB(String(decoding: movie[(data.payload.lowerBound + 8)..<data.payload.upperBound], as: UTF8.self))
                }
            }
        }
        return (encoder, smpb)
    }

    /// The fields of an `iTunSMPB` value: hex words, of which the second is the priming, the third the padding and
    /// the fourth (16 digits) the original sample count.
    static func parseSMPB(_ text: String) -> (priming: Int, padding: Int, frames: Int64)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\0" }).map(String.init)
        guard words.count >= 4, let priming = Int(words[1], radix: 16), let padding = Int(words[2], radix: 16),
            let frames = Int64(words[3], radix: 16), priming >= 0, padding >= 0, frames >= 0, priming < 1 << 24, padding < 1 << 24,
            frames < 1 << 40
        else { return nil }
        return (priming, padding, frames)
    }

    /// Box headers read from a file: size (32-bit, or 64-bit after `1`, or to the end after `0`) and type.
    struct BoxReader {
        let handle: FileHandle
        let end: UInt64

        struct Header {
            var type: String
            var payload: UInt64
            var end: UInt64
            var payloadSize: UInt64 { end - payload }
        }

        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard offset <= end, UInt64(count) <= end - offset else { return nil }
            do {
                try handle.seek(toOffset: offset)
                let data = try handle.read(upToCount: count) ?? Data()
                return data.count == count ? [UInt8](data) : nil
            } catch { return nil }
        }

        mutating func header(at offset: UInt64) -> Header? {
            guard let h = bytes(at: offset, count: 8) else { return nil }
            let size32 = h[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(decoding: h[4..<8], as: UTF8.self)
            var headerSize: UInt64 = 8
            var size = size32
            if size32 == 1 {
                guard let big = bytes(at: offset + 8, count: 8) else { return nil }
                size = big.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                headerSize = 16
            } else if size32 == 0 {
                size = end - offset
            }
            guard size >= headerSize, size <= end - offset else { return nil }
            return Header(type: type, payload: offset + headerSize, end: offset + size)
        }
    }

    /// Boxes inside a byte array, every read bounds-checked.
    struct Boxes {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        struct Box {
            var type: String
            var payload: Range<Int>
        }

        func u8(at i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

        func u32(at i: Int) -> UInt32? {
            guard i >= 0, i + 4 <= bytes.count else { return nil }
            return bytes[i..<(i + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }

        func u64(at i: Int) -> UInt64? {
            guard i >= 0, i + 8 <= bytes.count else { return nil }
            return bytes[i..<(i + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }

        /// Four bytes as Latin-1 characters, so that Apple's "©too" reads as itself.
        func fourCC(at i: Int) -> String? {
            guard i >= 0, i + 4 <= bytes.count else { return nil }
            return String(String.UnicodeScalarView(bytes[i..<(i + 4)].map { Unicode.Scalar($0) }))
        }

        /// The boxes laid end to end in `range`, stopping at the first malformed one.
        func children(of range: Range<Int>) -> [Box] {
            var out: [Box] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound, out.count < 4096, let size32 = u32(at: at), let type = fourCC(at: at + 4) {
                var header = 8
                var size = Int(size32)
                if size32 == 1 {
                    guard let big = u64(at: at + 8), big <= UInt64(range.upperBound - at) else { break }
                    size = Int(big)
                    header = 16
                } else if size32 == 0 {
                    size = range.upperBound - at
                }
                guard size >= header, size <= range.upperBound - at else { break }
                out.append(Box(type: type, payload: (at + header)..<(at + size)))
                at += size
            }
            return out
        }

        func child(_ type: String, of range: Range<Int>) -> Box? {
            children(of: range).first { $0.type == type }
        }
    }
}
