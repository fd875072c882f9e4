import Foundation

/// The warps StepMania 4 wrote into `.sm` as negative tempos, tempos over `FAST_BPM_WARP` and negative stops, turned
/// into warps the way StepMania 5 does it (`SMLoader::ProcessBPMsAndStops`, `NotesLoaderSM.cpp`):
///
/// - tempo changes and stops are walked together by beat (a tempo first on a shared beat);
/// - a negative tempo, a tempo over 9,999,999 BPM or a negative stop opens a warp where it stands, and the time the
///   chart owes is counted from there: a negative tempo runs it up (negatively) as the beats pass, a negative stop
///   owes its seconds at once, and a too-fast tempo owes nothing but lets no time pass;
/// - the warp ends on the beat where the time owed is paid back at the tempo after it; a stop inside the warp pays
///   too, and one that pays more than is owed ends the warp on its beat and pauses for the rest;
/// - the tempo after the warp starts at the warp's first beat (no time passes in between); a warp still open at the
///   chart's last tempo would skip the rest of the chart, which StepMania does and we refuse (`unfinished`).
struct StepManiaOldWarps {
    /// The normal tempo changes (the first at beat 0).
    private(set) var changes: [(beat: Double, bpm: Double)] = []
    /// The normal stops, and what a stop paid beyond a warp's debt.
    private(set) var stops: [TempoMap.Stop] = []
    /// The warps.
    private(set) var warps: [TempoMap.Warp] = []
    /// The entries that opened a warp, each with what StepMania made of it.
    private(set) var opened: [(entry: StepManiaTempo.Entry, message: String)] = []
    /// The entry whose warp never ends: the chart's last tempo is negative or too fast.
    private(set) var unfinished: StepManiaTempo.Entry? = nil

    private var bpm: Double
    private var previous = 0.0
    private var warp: (start: Double, before: Double, by: StepManiaTempo.Entry)? = nil
    private var owed = 0.0

    /// Walks `bpms` and `stops` (each at beat 0 or later) from the tempo `start` at beat 0.
    init(start: Double, bpms: [StepManiaTempo.Entry], stops: [StepManiaTempo.Entry]) {
        bpm = start
        changes = [(0, start)]
        var b = bpms.sorted { $0.beat < $1.beat }[...]
        var s = stops.sorted { $0.beat < $1.beat }[...]
        while let next = [b.first, s.first].compactMap({ $0 }).min(by: { $0.beat < $1.beat }) {
            let isTempo = b.first.map { $0.beat <= (s.first?.beat ?? .infinity) } ?? false
            pass(to: next.beat)
            if isTempo {
                tempo(b.removeFirst())
            } else {
                stop(s.removeFirst())
            }
        }
        finish()
    }

    static func isWarp(tempo: Double) -> Bool { tempo < 0 || tempo > StepManiaTempo.fastWarp }

    /// Time passes from the last change to `beat`; a warp whose debt is paid ends where it was paid.
    private mutating func pass(to beat: Double) {
        defer { previous = beat }
        guard bpm <= StepManiaTempo.fastWarp else { return }
        owed += (beat - previous) * 60 / bpm
        if let w = warp, bpm > 0, owed > 0 { close(w, at: beat - owed * bpm / 60) }
    }

    private mutating func close(_ w: (start: Double, before: Double, by: StepManiaTempo.Entry), at end: Double) {
        if end > w.start { warps.append(TempoMap.Warp(beat: w.start, length: end - w.start)) }
        if bpm != w.before { changes.append((w.start, bpm)) }
        func beat(_ x: Double) -> String { RuleText.number((x * 1000).rounded() / 1000) }
        let what = w.by.tag.tag == "BPMS" ? "a tempo of" : "a stop of"
        let unit = w.by.tag.tag == "BPMS" ? "" : " s"
        opened.append(
            (
                w.by,
                "\(what) \(RuleText.number(w.by.value))\(unit) at beat \(RuleText.number(w.by.beat)) is an old-style warp: StepMania 5 skips beats \(beat(w.start))–\(beat(max(w.start, end))) in no time and does not judge their notes; write it as a warp in .ssc"
            ))
        warp = nil
    }

    private mutating func tempo(_ e: StepManiaTempo.Entry) {
        if warp == nil, Self.isWarp(tempo: e.value) {
            warp = (e.beat, bpm, e)
            owed = 0
        } else if warp == nil {
            changes.append((e.beat, e.value))
        }
        bpm = e.value
    }

    private mutating func stop(_ e: StepManiaTempo.Entry) {
        guard let w = warp else {
            if e.value < 0 {
                warp = (e.beat, bpm, e)
                owed = e.value
            } else {
                stops.append(TempoMap.Stop(beat: e.beat, seconds: e.value))
            }
            return
        }
        owed += e.value
        guard e.value > 0, owed > 0 else { return }
        // The stop paid more than the warp owed: the warp ends here, and the stop pauses for the rest.
        let rest = owed
        if Self.isWarp(tempo: bpm) {
            warps.append(TempoMap.Warp(beat: w.start, length: e.beat - w.start))
            stops.append(TempoMap.Stop(beat: e.beat, seconds: rest))
            warp = (e.beat, w.before, w.by)
            owed = 0
        } else {
            close(w, at: e.beat)
            stops.append(TempoMap.Stop(beat: e.beat, seconds: rest))
        }
    }

    /// A warp still open after the last change ends where the tempo after it pays its debt, or never.
    private mutating func finish() {
        guard let w = warp else { return }
        if Self.isWarp(tempo: bpm) {
            unfinished = w.by
        } else {
            close(w, at: previous - owed * bpm / 60)
        }
    }
}
