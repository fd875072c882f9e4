import Foundation

/// Hits the editor proposes for a range (`GET /api/draft`): drafted by `ChartDrafter` on the grid the page judges
/// the beats on, less those the map already has; the designer accepts or rejects them.
public struct EditorDraftProposal: Encodable, Sendable, Equatable {
    /// The proposed hits, in time order (seconds), none within `EditorDraftProposal.sameHit` of a hit the map has.
    public var hits: [Double]
    /// How many hits the draft placed in the range, the map's own included.
    public var drafted: Int
    /// The tempo map the hits are on, in words.
    public var tempo: String

    /// A proposed hit this close to one the map has is that hit (seconds).
    public static let sameHit = 0.020
}

extension EditorSession {
    /// The most hits per second a proposal may ask for.
    public static let maxDraftDensity = 50.0

    /// A draft of `density` hits per second between `from` and `to` (seconds, inside the track) on the grid the
    /// author set, else the chart's own tempo map, else one fitted to the track; the built-in style, hits at least
    /// 60 ms apart. Throws `InputError` when the track cannot be read again or the range cannot hold the hits.
    public func draftProposal(from: Double, to: Double, density: Double) throws(InputError) -> EditorDraftProposal {
        let onset = try track.draftingOnset()
        let tempo: TempoMap
        if declared != nil || chartTempo != nil {
            tempo = exportTempo
        } else if let fitted = DraftAnalysis.fittedTempoMap(onset) {
            tempo = fitted
        } else {
            throw InputError(.corrupt, path: trackPath, reason: "no beat to draft on", fix: "set the grid's BPM and offset first")
        }
        let style = DraftStyle.standard
        let count = max(1, Int((density * (to - from)).rounded()))
        let drafts: [ChartDrafter.Draft]
        do {
            drafts = try ChartDrafter(onset: onset, tempoMap: tempo, style: style).draft(
                levels: [.init(name: "draft", count: count)], from: from, to: to, minGap: style.minGapMs / 1000)
        } catch {
            throw InputError(.corrupt, path: trackPath, reason: error.description, fix: "ask for fewer hits per second or a wider range")
        }
        // Both lists in time order: one walk finds each drafted hit's nearest hit of the map.
        let have = beats.sorted()
        var j = 0
        let fresh = drafts[0].times.filter { t in
            while j + 1 < have.count, have[j + 1] <= t { j += 1 }
            let near = [j, j + 1].filter { $0 < have.count }.map { abs(have[$0] - t) }.min() ?? .infinity
            return near > EditorDraftProposal.sameHit
        }
        return EditorDraftProposal(
            hits: fresh.map { ($0 * 1e6).rounded() / 1e6 }, drafted: drafts[0].times.count,
            tempo: TempoMapOutput.line(tempo, from: from, to: to))
    }
}
