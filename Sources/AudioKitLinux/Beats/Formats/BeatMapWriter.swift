import Foundation

/// Writes beat maps in every format the reader reads.
public enum BeatMapWriter {
    /// The map as text in `format`, times in seconds to six decimals; `symbol` names the array in Swift source.
    /// JSON output carries the BPM and offset when the map has them, and its tempo map's later sections as
    /// `"tempo_changes"`, and its stops as `"stops"`; Swift output names them in a comment.
    /// Charts are written whole on the map's tempo map (`ChartWriter`), titled `title` and naming `audio` as their song.
    public static func string(
        _ map: BeatMap, format: BeatMapFormat, symbol: String = "beatMap", title: String = "beatmap", audio: String = "audio.ogg"
    ) -> String {
        format.codec.write(map, BeatMapWriteOptions(title: title, audio: audio, symbol: symbol))
    }
}
