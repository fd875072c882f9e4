import AudioKitLinux
import Foundation
import Testing

/// The song a chart names, as each format writes it (../shared/reference/CHART-FORMATS.md), beside the chart.
@Suite("the song a chart names")
struct ChartAudioReferenceTests {
    @Test(
        "StepMania, osu!, Quaver and Beat Saber name their song; the path is beside the chart",
        arguments: [
            ("#TITLE:x;\r\n#MUSIC:My Song.ogg;\r\n", "charts/a.sm", "charts/My Song.ogg"),
            ("osu file format v14\r\n\r\n[General]\r\nAudioFilename: audio.mp3\r\nAudioLeadIn: 0\r\n", "b/c.osu", "b/audio.mp3"),
            ("AudioFile: 'track.mp3'\nBackgroundFile: bg.jpg\n", "q/1.qua", "q/track.mp3"),
            (#"{"_version": "2.0.0", "_songFilename": "song.egg"}"#, "bs/Info.dat", "bs/song.egg"),
            ("#MUSIC:a.ogg;", "a.sm", "a.ogg"),
        ])
    func names(_ text: String, _ path: String, _ song: String) {
        #expect(ChartAudioReference.song(ofChart: path, bytes: Array(text.utf8)) == song)
    }

    @Test("a chart that names no song, or an empty one, gives none")
    func none() {
        #expect(ChartAudioReference.song(ofChart: "a.sm", bytes: Array("#MUSIC:;\r\n#TITLE:x;".utf8)) == nil)
        #expect(ChartAudioReference.song(ofChart: "a.json", bytes: Array(#"{"beats": [1, 2]}"#.utf8)) == nil)
    }
}
