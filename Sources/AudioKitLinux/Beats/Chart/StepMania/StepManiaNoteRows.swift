import Foundation

/// Reads a StepMania chart's note data: measures of rows separated by `,`, each row at 4·m + 4·l/N beats rounded
/// to 1/48 beat (StepMania's `BeatToNoteRow`), one character a column. Taps `1` and hold or roll heads `2`/`4` are
/// hits; a chord is one hit; a head no tail `3` closes is dropped, as StepMania drops it. StepMania 5's `{1|h|0|0}`
/// note attributes are read by their first field; attacks `[...]` are skipped.
struct StepManiaNoteRows {
    /// One row of a measure: its text and where it starts.
    private struct Row {
        let text: Substring
        let line: Int
        let column: Int
    }

    private let tempo: TempoMap
    private let file: String?
    private(set) var notes: [ChartHits.Note] = []
    private var played: [ChartNote] = []
    private var holding: [Int: Int] = [:]  // column → index in played of an open hold or roll
    private(set) var measure = 0
    /// Where each note StepMania does not judge (inside a warp) is: it is neither a hit nor a note played.
    private(set) var unjudged: [SourceLocation] = []
    private var rowsOfMeasure: [Row] = []
    private var open: [Int: Int] = [:]  // column → index in notes of an open hold head
    private var unmatched: [Int: Int] = [:]  // hit → its heads that no tail closed
    private var heads: [Int: Int] = [:]  // hit → its hold heads
    private var taps: Set<Int> = []

    /// A reader of note data timed on `tempo`.
    init(tempo: TempoMap, file: String?) {
        self.tempo = tempo
        self.file = file
    }

    /// Reads one line of the note data, which starts at `line`, `column` of the file.
    mutating func read(line raw: Substring, at line: Int, column firstColumn: Int) {
        var text = raw[...]
        var lead = 0
        while let c = text.first, c == " " || c == "\t" || c == "\r" {
            text = text.dropFirst()
            lead += 1
        }
        while let c = text.last, c == " " || c == "\t" || c == "\r" { text = text.dropLast() }
        var column = firstColumn + lead
        // A line may hold several measures' separators (`,`) and rows between them.
        while !text.isEmpty {
            if let comma = text.firstIndex(where: { $0 == "," || $0 == "&" }) {
                let before = text[..<comma].trimmingCharacters(in: .whitespaces)
                if !before.isEmpty { rowsOfMeasure.append(Row(text: Substring(before), line: line, column: column)) }
                if !rowsOfMeasure.isEmpty { endMeasure() }
                column += text.distance(from: text.startIndex, to: comma) + 1
                text = text[text.index(after: comma)...]
                while let c = text.first, c == " " || c == "\t" {
                    text = text.dropFirst()
                    column += 1
                }
            } else {
                rowsOfMeasure.append(Row(text: text, line: line, column: column))
                text = ""
            }
        }
    }

    /// Ends the note data: the hits, without those whose every note was a hold head no tail closed, and the notes
    /// as played (a hold or roll no tail closed is dropped, as StepMania drops it).
    mutating func finish() -> (hits: [ChartHits.Note], notes: [ChartNote]) {
        if !rowsOfMeasure.isEmpty { endMeasure() }
        for h in open.values { unmatched[h, default: 0] += 1 }
        let dropped = Set(unmatched.filter { !taps.contains($0.key) && $0.value >= heads[$0.key, default: 0] }.keys)
        let chartNotes = played.filter { ($0.kind != .hold && $0.kind != .roll) || $0.end != nil }
        return (notes.enumerated().filter { !dropped.contains($0.offset) }.map(\.element), chartNotes)
    }

    /// Times the rows of the measure read so far and starts the next measure.
    private mutating func endMeasure() {
        defer {
            rowsOfMeasure = []
            measure += 1
        }
        let n = rowsOfMeasure.count
        for (l, row) in rowsOfMeasure.enumerated() {
            let beat = (Double(4 * measure) + 4 * Double(l) / Double(n)) * 48
            read(row: row, beat: beat.rounded() / 48)
        }
    }

    /// Reads the notes of one row, at `beat`.
    private mutating func read(row: Row, beat: Double) {
        var hit: Int? = nil
        var column = 0
        var skipping: Character? = nil
        for (k, c) in row.text.enumerated() {
            if let end = skipping {
                if c == end { skipping = nil }
                continue
            }
            if c == "{" {
                // StepMania 5 writes a note with attributes as `{1|h|0|0}`: its first field is the note. Braces after
                // a note (an attack) are skipped.
                let rest = row.text.dropFirst(k + 1)
                if let bar = rest.firstIndex(of: "|"), rest.distance(from: rest.startIndex, to: bar) == 1,
                    let type = rest.first, "1234".contains(type)
                {
                    note(type, column: column, beat: beat, hit: &hit, row: row, offset: k)
                    column += 1
                }
                skipping = "}"
                continue
            }
            if c == "[" {
                skipping = "]"
                continue
            }
            note(c, column: column, beat: beat, hit: &hit, row: row, offset: k)
            column += 1
        }
    }

    /// A note character `c` at `offset` in `row`, in `column`, at `beat`; `hit` is the row's hit once a note made one.
    private mutating func note(_ c: Character, column: Int, beat: Double, hit: inout Int?, row: Row, offset: Int) {
        if "124ML".contains(c), !tempo.judges(beat: beat) {
            unjudged.append(SourceLocation(file: file, line: row.line, column: row.column + offset))
            return
        }
        let kinds: [Character: ChartNote.Kind] = ["1": .tap, "2": .hold, "4": .roll, "M": .mine, "L": .lift]
        if let kind = kinds[c] {
            if kind == .hold || kind == .roll { holding[column] = played.count }
            played.append(ChartNote(time: tempo.time(ofBeat: beat), lane: column, kind: kind))
        } else if c == "3", let head = holding.removeValue(forKey: column) {
            played[head].end = tempo.time(ofBeat: beat)
        }
        switch c {
        case "1", "2", "4":
            let h = hit ?? notes.count
            if hit == nil {
                hit = h
                let location = SourceLocation(file: file, line: row.line, column: row.column + offset)
                notes.append(ChartHits.Note(time: tempo.time(ofBeat: beat), beat: beat, location: location))
            }
            if c == "1" {
                taps.insert(h)
            } else {
                if let previous = open[column] { unmatched[previous, default: 0] += 1 }
                open[column] = h
                heads[h, default: 0] += 1
            }
        case "3":
            open[column] = nil
        default: break
        }
    }
}
