import AudioKitLinux
import Foundation
import Testing

/// The MP4 gapless parser on movie boxes built here, field by field from ISO/IEC 14496-12 and Apple's iTunSMPB.
struct MP4GaplessTests {
    static func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(8 + payload.count) + Array(type.utf8) + payload }
    static func full(_ type: String, _ payload: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + payload) }

    /// A movie of one AAC sound track: `packets` samples of 1024 (the last `last`), an edit list starting at
    /// `mediaTime` and lasting `segment` in the movie timescale 1000, and an iTunSMPB tag when given.
    static func movie(packets: Int, last: Int, mediaTime: Int?, segment: Int, smpb: String? = nil) -> [UInt8] {
        let mvhd = full("mvhd", u32(0) + u32(0) + u32(1000) + u32(segment) + [UInt8](repeating: 0, count: 80))
        let mdhd = full("mdhd", u32(0) + u32(0) + u32(44100) + u32(packets * 1024) + u32(0))
        let hdlr = full("hdlr", u32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13))
        let stsd = full("stsd", u32(1) + box("mp4a", [UInt8](repeating: 0, count: 28)))
        let stts = full("stts", u32(2) + u32(packets - 1) + u32(1024) + u32(1) + u32(last))
        let mdia = box("mdia", mdhd + hdlr + box("minf", box("stbl", stsd + stts)))
        var trak = [UInt8]()
        if let mediaTime { trak += box("edts", full("elst", u32(1) + u32(segment) + u32(mediaTime) + u32(0x0001_0000))) }
        trak = box("trak", trak + mdia)
        var udta = [UInt8]()
        if let smpb {
            let item = box(
                "----",
                full("mean", Array("com.apple.iTunes".utf8)) + full("name", Array("iTunSMPB".utf8))
                    + box("data", u32(1) + u32(0) + Array(smpb.utf8)))
            udta = box(
                "udta", full("meta", full("hdlr", u32(0) + Array("mdir".utf8) + [UInt8](repeating: 0, count: 13)) + box("ilst", item)))
        }
        return mvhd + trak + udta
    }

    @Test("an Apple-style edit list: priming from media time, length from the edit's duration, the rest padding")
    func appleEditList() throws {
        // 200 packets of 1024 (stts 204,800 samples); 2112 priming; 4.000 s playable = 176,400 samples.
        let g = try #require(MP4Gapless.parse(movie: Self.movie(packets: 200, last: 1024, mediaTime: 2112, segment: 4000)))
        #expect(g.source == .editList && g.codec == "mp4a" && g.timescale == 44100)
        #expect(g.priming == 2112 && g.frames == 176_400 && g.padding == 204_800 - 2112 - 176_400, "\(g)")
    }

    @Test("FFmpeg's edit list: the stts total less the priming, within the movie timescale's rounding of the edit")
    func ffmpegEditList() throws {
        // 216 × 1024 + 340 = 221,524 samples; priming 1024; 220,500 playable, 5000 ms in the movie timescale.
        let g = try #require(MP4Gapless.parse(movie: Self.movie(packets: 217, last: 340, mediaTime: 1024, segment: 5000)))
        #expect(g.priming == 1024 && g.frames == 220_500 && g.padding == nil, "\(g)")
    }

    @Test("iTunSMPB wins and its fields are read as hex; a disagreeing edit list is noted")
    func smpb() throws {
        let tag = " 00000000 00000840 000001CA 00000000003F31F6 00000000 00000000"
        let g = try #require(MP4Gapless.parse(movie: Self.movie(packets: 4000, last: 1024, mediaTime: 1024, segment: 90000, smpb: tag)))
        #expect(g.source == .iTunSMPB && g.priming == 0x840 && g.padding == 0x1CA && g.frames == 0x3F31F6, "\(g)")
        #expect(g.sourcesDisagree)
    }

    @Test("no edit list, no tag: no source, 2112 assumed; malformed tags and boxes give no facts, never a trap")
    func noneAndMalformed() throws {
        let g = try #require(MP4Gapless.parse(movie: Self.movie(packets: 10, last: 1024, mediaTime: nil, segment: 232)))
        #expect(g.source == .none && g.priming == 0 && g.assumedPriming == 2112)
        for tag in ["", "zz", " 00000000 FFFFFFFFFF 0 0", " 0 1 2 7FFFFFFFFFFFFFFF"] {
            let t = try #require(MP4Gapless.parse(movie: Self.movie(packets: 10, last: 1024, mediaTime: nil, segment: 232, smpb: tag)))
            #expect(t.source == .none, "\(tag)")
        }
        var truncated = Self.movie(packets: 10, last: 1024, mediaTime: 1024, segment: 232)
        truncated.removeLast(40)
        _ = MP4Gapless.parse(movie: truncated)
        #expect(MP4Gapless.parse(file: Array("not an mp4 file at all".utf8)) == nil)
    }
}
