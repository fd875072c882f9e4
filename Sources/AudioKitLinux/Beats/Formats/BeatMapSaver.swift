import Foundation

/// Writes new beat times back into a map file's own text, in its own format, changing as little as possible:
/// in Swift source only the array literal's content is replaced (every byte outside it is kept); in JSON only the
/// beats array; in text, CSV and Audacity labels every line that is not a beat (comments, the header, spectral
/// lines) is kept, and a beat whose time did not change keeps its line as it was (its label, its other cells).
public enum BeatMapSaver {
    /// The new text of a map file whose text was `original`, read as `format` (with `symbol` for Swift), holding
    /// `times` instead of its beats. Throws `InputError` (`.unsupportedFormat`) when the beats cannot be located
    /// in the text (a Swift array that is not closed, a JSON file that is not a beat map).
    public static func text(
        replacingBeatsOf original: String, format: BeatMapFormat, symbol: String? = nil, with times: [Double], path: String
    ) throws(InputError) -> String {
        let ending = original.contains("\r\n") ? "\r\n" : "\n"
        return try format.codec.replacingBeats(in: original, symbol: symbol, times: times, path: path, ending: ending)
    }

    /// The text of a JSON beat map object with its `"bpm"` and `"offset"` set to `grid`'s first section and offset,
    /// its `"tempo_changes"` to the sections after the first and its `"stops"` to its pauses (each value replaced where
    /// the key is, else the keys added first in the object, indented like its first member; `"tempo_changes"` and
    /// `"stops"` only added when there are some);
    /// every other byte is kept. Throws `InputError` (`.unsupportedFormat`) when the root is not an object (a bare
    /// array of beats has nowhere to keep a tempo).
    public static func json(_ text: String, settingGrid grid: TempoMap, path: String) throws(InputError) -> String {
        try json(
            text,
            setting: [
                ("bpm", number(grid.sections[0].bpm, decimals: 3), true), ("offset", number(grid.offset, decimals: 3), true),
                ("tempo_changes", tempoChanges(of: grid), grid.sections.count > 1), ("stops", stops(of: grid), !grid.pauses.isEmpty),
            ], path: path)
    }

    /// The pauses of `grid` (`TempoMap.pauses`), as one line of JSON: `[{"time": 12.000000, "seconds": 0.250000}, …]`, a
    /// delay with `"delay": true`; to the microsecond, as a JSON map's reader places them.
    public static func stops(of grid: TempoMap) -> String {
        "["
            + grid.pauses.map {
                "{\"time\": \(number($0.time, decimals: 6)), \"seconds\": \(number($0.seconds, decimals: 6))"
                    + ($0.delay ? ", \"delay\": true}" : "}")
            }.joined(separator: ", ") + "]"
    }

    /// The sections of `grid` after the first, as one line of JSON: `[{"time": 30.000, "bpm": 140.000}, …]`.
    public static func tempoChanges(of grid: TempoMap) -> String {
        let changes = grid.sections.dropFirst()
        return "["
            + changes.map { "{\"time\": \(number($0.time, decimals: 3)), \"bpm\": \(number($0.bpm, decimals: 3))}" }.joined(separator: ", ")
            + "]"
    }

    /// The text of a JSON object with each of `members` (key, the value's JSON text, whether to add it when the key is
    /// absent) set: the value replaced where the key is, else the member added first in the object, indented like its
    /// first member; every other byte is kept. Throws `InputError` (`.unsupportedFormat`) when the root is not an object.
    public static func json(_ text: String, setting members: [(key: String, value: String, add: Bool)], path: String) throws(InputError)
        -> String
    {
        let bytes = Array(text.utf8)
        let pre = JSONTextPreprocessor.process(bytes)
        guard case .success(.object) = pre.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }),
            let open = pre.bytes.firstIndex(of: UInt8(ascii: "{"))
        else {
            throw InputError(
                .unsupportedFormat, path: path, reason: "a bare array of beats has nowhere to keep the tempo grid",
                fix: "save the map as a JSON object ({\"bpm\": …, \"offset\": …, \"beats\": […]}) to keep its grid")
        }
        let index = JSONPositionIndex(validJSON: pre.bytes, wanted: Set(members.map { JSONPointer.appending("", $0.key) }))
        var edits: [(range: Range<Int>, text: String)] = []
        var missing: [(String, String)] = []
        for (key, value, add) in members {
            guard let start = index.entry(for: JSONPointer.appending("", key))?.valueOffset else {
                if add { missing.append((key, value)) }
                continue
            }
            edits.append((start..<valueEnd(pre.bytes, from: start), value))
        }
        if !missing.isEmpty {
            let gap = pre.bytes[(open + 1)...].prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            let spacing = gap.isEmpty ? " " : String(decoding: gap, as: UTF8.self)
            let empty = pre.bytes[(open + 1)...].first { !(0x20 == $0 || 0x09 == $0 || 0x0A == $0 || 0x0D == $0) } == UInt8(ascii: "}")
            let members = missing.map { "\"\($0.0)\": \($0.1)" }
            let inserted = spacing + members.joined(separator: "," + spacing) + (empty ? "" : ",")
            edits.append(((open + 1)..<(open + 1), inserted))
        }
        var out = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The offset just past the JSON value that starts at `start` in valid JSON `bytes`: a number, literal, string, array
    /// or object.
    static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        var i = start
        switch bytes[start] {
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
            var depth = 0
            var inString = false
            while i < bytes.count {
                let c = bytes[i]
                if inString {
                    if c == UInt8(ascii: "\\") {
                        i += 1
                    } else if c == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return i + 1 }
                    }
                } else if c == UInt8(ascii: "\"") {
                    inString = true
                } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    depth += 1
                } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
            return i
        default:
            while i < bytes.count, !" \t\r\n,}]".utf8.contains(bytes[i]) { i += 1 }
            return i
        }
    }

    /// A time as the map writes it: at least `decimals` decimals, more (up to 6) when the time needs them.
    static func number(_ t: Double, decimals: Int) -> String {
        for d in decimals...6 {
            let text = String(format: "%.\(d)f", t)
            if abs((Double(text) ?? t) - t) < 5e-7 { return text }
        }
        return String(format: "%.6f", t)
    }

    /// The most decimals any number in `text` has (3 when there is none), so rewritten times look like the rest.
    static func decimals(in text: Substring) -> Int {
        var most = 0
        var current = -1
        for c in text {
            if c == "." {
                current = 0
            } else if c.isASCIIDigit, current >= 0 {
                current += 1
                most = max(most, current)
            } else {
                current = -1
            }
        }
        return most == 0 ? 3 : min(most, 6)
    }

    static func splice(_ text: String, _ range: Range<Int>, _ replacement: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<range.lowerBound])
        out.append(contentsOf: replacement.unicodeScalars)
        out.append(contentsOf: scalars[range.upperBound...])
        return String(out)
    }

    /// The literal's new content in the layout of the old one: the same indentation and the same number of
    /// elements per line (or one line when the literal was on one line).
    static func swiftElements(_ times: [Double], original: String, range: Range<Int>, ending: String) -> String {
        let scalars = Array(original.unicodeScalars)
        // Line endings made LF first: Swift keeps "\r\n" as one Character, which no split on "\n" would see.
        let content = BeatMapText.normalizingLineEndings(String(String.UnicodeScalarView(scalars[range])))
        let places = decimals(in: Substring(content))
        let numbers = times.map { number($0, decimals: places) }
        let contentLines = content.components(separatedBy: "\n")
        let elementLines = contentLines.filter { line in line.contains { $0.isASCIIDigit } && !line.trimmingSpaces().hasPrefix("//") }
        guard content.contains("\n"), let first = elementLines.first else { return numbers.joined(separator: ", ") }
        let indent = String(first.prefix { $0 == " " || $0 == "\t" })
        let perLine = max(1, first.split(separator: ",").filter { $0.contains { $0.isASCIIDigit } }.count)
        // Comment lines before the first element stay; the closing bracket keeps its own line and indentation, or
        // stays on the last element's line when it was there (`1.5]`).
        let leading = contentLines.dropFirst().prefix { !$0.contains { $0.isASCIIDigit } || $0.trimmingSpaces().hasPrefix("//") }
        let last = contentLines.last ?? ""
        let closingOnItsOwnLine = last.trimmingSpaces().isEmpty
        var rows: [String] = []
        for start in stride(from: 0, to: numbers.count, by: perLine) {
            rows.append(indent + numbers[start..<min(start + perLine, numbers.count)].joined(separator: ", "))
        }
        let head = ending + leading.map { $0 + ending }.joined()
        return closingOnItsOwnLine
            ? head + rows.map { $0 + "," + ending }.joined() + last
            : head + rows.joined(separator: "," + ending)
    }

    static func json(_ original: String, times: [Double], path: String, ending: String) throws(InputError) -> String {
        let bytes = Array(original.utf8)
        let pre = JSONTextPreprocessor.process(bytes)  // comments blanked: the scan below cannot be fooled by them
        guard case .success(let root) = pre.bytes.withUnsafeBytes({ Jansson.decode($0, maxDepth: 64) }) else {
            throw InputError(.unsupportedFormat, path: path, reason: "the JSON no longer parses; its beats cannot be replaced")
        }
        var pointer = ""
        if case .object(let o) = root {
            guard let key = BeatMapJSONKeys.beats.first(where: { o[$0]?.array != nil }) else {
                throw InputError(.unsupportedFormat, path: path, reason: "the object has no beats array to replace")
            }
            pointer = JSONPointer.appending("", key)
        }
        let index = JSONPositionIndex(validJSON: pre.bytes, wanted: [pointer])
        guard let start = index.entry(for: pointer)?.valueOffset, start < bytes.count, bytes[start] == UInt8(ascii: "[") else {
            throw InputError(.unsupportedFormat, path: path, reason: "the beats array could not be located")
        }
        if case .array(let items) = (pointer.isEmpty ? root : root[String(pointer.dropFirst())] ?? .null),
            items.contains(where: { $0.number == nil })
        {
            throw InputError(
                .unsupportedFormat, path: path, reason: "the beats are objects; saving only their times would drop their other fields",
                fix: "keep the beats as an array of numbers, or edit this file by hand")
        }
        // The matching bracket: the array's items are numbers or flat objects, so brackets in strings are the only trap.
        var depth = 0
        var end = start
        var inString = false
        var k = start
        let scan = pre.bytes
        while k < scan.count {
            let b = scan[k]
            if inString {
                if b == UInt8(ascii: "\\") { k += 1 } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    end = k
                    break
                }
            }
            k += 1
        }
        guard end > start else { throw InputError(.unsupportedFormat, path: path, reason: "the beats array is not closed") }
        let inner = BeatMapText.normalizingLineEndings(String(decoding: bytes[(start + 1)..<end], as: UTF8.self))
        let places = decimals(in: Substring(inner))
        let numbers = times.map { number($0, decimals: places) }
        let replacement: String
        if inner.contains("\n") {
            let firstItem = inner.components(separatedBy: "\n").dropFirst().first { !$0.trimmingSpaces().isEmpty } ?? "  "
            let indent = String(firstItem.prefix { $0 == " " || $0 == "\t" })
            let last = inner.components(separatedBy: "\n").last ?? ""
            let closing = last.trimmingSpaces().isEmpty ? ending + last : ""
            replacement = ending + numbers.map { indent + $0 }.joined(separator: "," + ending) + closing
        } else {
            replacement = numbers.joined(separator: ", ")
        }
        let head = String(decoding: bytes[...start], as: UTF8.self)
        let tail = String(decoding: bytes[end...], as: UTF8.self)
        return head + replacement + tail
    }

    /// Text, CSV and Audacity labels: the lines before the first beat (comments, the header) stay first; each beat
    /// whose time is unchanged keeps its line and the non-beat lines that follow it (an Audacity label's spectral
    /// line, a comment); a moved or new beat gets a line of its own; a removed beat takes its following lines with it.
    static func lines(_ original: String, list: any BeatListLines.Type, times: [Double], ending: String) -> String {
        let format = list.format
        let normalized = BeatMapText.normalizingLineEndings(original)
        let read = BeatMapReader.read(bytes: Array(normalized.utf8), file: nil, format: format)
        let all = BeatMapText.lines(normalized).map { String($0.text) }
        let beatLines = read.map?.locations.compactMap(\.line) ?? []
        let beatTimes = read.map?.times ?? []
        // Each beat's segment: its own line and the non-beat lines up to the next beat.
        var segments: [Double: [String]] = [:]
        for (k, (t, line)) in zip(beatTimes, beatLines).enumerated() where line - 1 < all.count {
            let next = k + 1 < beatLines.count ? beatLines[k + 1] - 1 : all.count
            if segments[t] == nil { segments[t] = Array(all[(line - 1)..<max(line, next)]) }
        }
        let firstBeat = beatLines.first ?? all.count + 1
        let before = Array(all.prefix(max(0, firstBeat - 1)))
        let places = decimals(in: Substring(beatLines.first.map { all[$0 - 1] } ?? ""))
        // A moved beat: the nearest old beat within 0.2 s that is no longer in the map keeps its segment (its label,
        // its other cells), with only the time rewritten.
        let newTimes = Set(times)
        var movable = beatTimes.filter { !newTimes.contains($0) }
        var body: [String] = []
        for t in times {
            if let kept = segments.removeValue(forKey: t) {
                body += kept
                continue
            }
            let n = number(t, decimals: places)
            if let k = movable.indices.min(by: { abs(movable[$0] - t) < abs(movable[$1] - t) }), abs(movable[k] - t) <= 0.2,
                let segment = segments[movable[k]], let rewritten = list.retimed(segment[0], from: movable[k], to: n)
            {
                segments.removeValue(forKey: movable[k])
                movable.remove(at: k)
                body += [rewritten] + segment.dropFirst()
                continue
            }
            body.append(list.newLine(n, header: before.last))
        }
        // When the last beat was removed, the lines after it that belong to no label (a closing comment) stay last.
        let lastBeat = beatLines.last ?? all.count
        let lastRemoved = beatTimes.last.map { segments[$0] != nil } ?? false
        let trailing = lastRemoved ? all.suffix(from: min(all.count, lastBeat)).filter { !$0.hasPrefix("\\") } : []
        return (before + body + trailing).joined(separator: ending) + ending
    }
}
