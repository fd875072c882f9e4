import Foundation

/// Converts an AHAP pattern to a `.haptic` clip, the inverse of `HapticToAHAP`, and says what `.haptic` cannot hold.
///
/// - The amplitude envelope is the square of the intensity the strongest continuous event plays at each breakpoint
///   time, after the intensity control (the inverse of intensity = √amplitude); breakpoints at every event start and
///   end (a step is two breakpoints at one time), at every curve point and `Parameter` inside an event.
/// - The frequency envelope is the square of that event's sharpness after the sharpness control.
/// - Each transient becomes an emphasis on a breakpoint at its time: amplitude = its intensity², frequency = its
///   sharpness (as both exporters read it back). Where the clip maps an emphasis breakpoint's intensity × 0.8, the
///   amplitude there is divided by 0.8², so that converting back gives the same intensity.
/// - Lost, each reported on its event or element: audio events; a continuous event's envelope (AttackTime, DecayTime,
///   ReleaseTime, Sustained); other dynamic parameters; the weaker of overlapping continuous events; an emphasis
///   raised to the envelope under it; an amplitude capped at 1.
public enum AHAPToHaptic {
    /// Something the clip does not keep, on element `element` of the pattern.
    public struct Loss: Sendable, Equatable {
        /// Index of the pattern element.
        public var element: Int
        /// What is lost.
        public var message: String
    }

    /// A continuous event with its element index and its end (its duration capped at Core Haptics' limit).
    typealias Continuous = (index: Int, event: AHAPEvent, end: Double)
    /// A transient event with its element index.
    typealias Transient = (index: Int, event: AHAPEvent)

    /// The clip made of `pattern` and what it loses; nil when the pattern has no haptic event.
    ///
    /// In six steps: the haptic events (and what `.haptic` cannot hold), overlaps, the breakpoint times, the two
    /// envelopes by a sweep over those times, the transients as emphases, and the frequency envelope's repeats removed.
    public static func convert(_ pattern: AHAPPattern) -> (clip: HapticClip?, losses: [Loss]) {
        var losses: [Loss] = []
        let controls = ControlSet(pattern: pattern)
        var (continuous, transients) = events(of: pattern, losses: &losses)
        guard !continuous.isEmpty || !transients.isEmpty else { return (nil, losses) }
        continuous.sort { ($0.event.time, $0.index) < ($1.event.time, $1.index) }
        losses += overlaps(continuous)
        let (times, edges, first) = breakpointTimes(pattern, continuous: continuous, transients: transients)
        var (amplitude, frequency) = envelopes(at: times, edges: edges, first: first, continuous: continuous, controls: controls)
        if amplitude.count == 1 {
            // A lone transient: the envelope needs a start and an end.
            amplitude.append(.init(time: amplitude[0].time + 0.001, amplitude: 0))
        }
        amplitude = emphases(transients, on: amplitude, controls: controls, losses: &losses)
        // The frequency envelope ends with the amplitude envelope; drop steps that repeat a value.
        var reduced: [HapticClip.FrequencyBreakpoint] = []
        for (i, f) in frequency.enumerated() {
            let next = i + 1 < frequency.count ? frequency[i + 1].frequency : nil
            if let last = reduced.last, last.frequency == f.frequency, next == f.frequency { continue }
            reduced.append(f)
        }
        frequency = reduced
        let clip = HapticClip(
            amplitude: amplitude.map { b in
                var b = b
                b.amplitude = min(1, max(0, b.amplitude))
                return b
            }, frequency: continuous.isEmpty ? [] : frequency,
            metadata: JSONObject([.init(key: "editor", value: .string("ahap-tool convert"))]))
        return (clip, losses)
    }

    /// The pattern's haptic events, and a loss for each thing `.haptic` cannot hold (event envelopes, audio, other
    /// parameters and curves).
    static func events(of pattern: AHAPPattern, losses: inout [Loss]) -> (continuous: [Continuous], transients: [Transient]) {
        var continuous: [Continuous] = []
        var transients: [Transient] = []
        for (index, element) in pattern.elements.enumerated() {
            switch element {
            case .event(let e):
                guard e.time.isFinite, e.time >= 0 else { continue }
                switch e.eventType {
                case .hapticContinuous:
                    let d = min(e.duration ?? 0, CoreHapticsLimits.maximumContinuousDuration)
                    guard d > 0 else { continue }
                    continuous.append((index, e, e.time + d))
                    let shaped = [EventParameterID.attackTime, .decayTime, .releaseTime, .sustained].filter { e.hasParameter($0) }
                    if !shaped.isEmpty {
                        losses.append(
                            Loss(
                                element: index,
                                message:
                                    "\(shaped.map(\.rawValue).joined(separator: ", ")) not kept: .haptic has no event envelope (the clip plays the event at its level from start to end)"
                            ))
                    }
                case .hapticTransient:
                    transients.append((index, e))
                case .audioCustom, .audioContinuous:
                    losses.append(Loss(element: index, message: "\(e.rawType) event dropped: .haptic carries no audio"))
                case nil:
                    continue
                }
            case .parameter(let p):
                if p.parameterID != .hapticIntensityControl && p.parameterID != .hapticSharpnessControl {
                    losses.append(Loss(element: index, message: "\(p.rawID) not kept: .haptic has only intensity and sharpness"))
                }
            case .curve(let c):
                if c.parameterID != .hapticIntensityControl && c.parameterID != .hapticSharpnessControl {
                    losses.append(Loss(element: index, message: "\(c.rawID) curve not kept: .haptic has only intensity and sharpness"))
                }
            case .unknown:
                continue
            }
        }
        return (continuous, transients)
    }

    /// Overlaps of `continuous` (in start order), by a sweep: the strongest event plays; a weaker one's time in the
    /// overlap is lost.
    static func overlaps(_ continuous: [Continuous]) -> [Loss] {
        var losses: [Loss] = []
        var reach: (end: Double, time: Double)? = nil
        for c in continuous {
            if let r = reach, c.event.time < r.end {
                losses.append(
                    Loss(
                        element: c.index,
                        message: String(
                            format:
                                "overlaps the continuous event at %.3f s; .haptic has one envelope, so the weaker of the two is dropped while they overlap",
                            r.time)))
            }
            if reach == nil || c.end > reach!.end { reach = (c.end, c.event.time) }
        }
        return losses
    }

    /// The breakpoint times, sorted: event starts and ends (the `edges`, each a step: the level just before and just
    /// after), curve points and Parameters inside the events' span, and transients; with the span's start.
    static func breakpointTimes(_ pattern: AHAPPattern, continuous: [Continuous], transients: [Transient]) -> (
        times: [Double], edges: Set<Double>, first: Double
    ) {
        var times = Set<Double>()
        var edges = Set<Double>()
        for c in continuous {
            edges.insert(c.event.time)
            edges.insert(c.end)
        }
        times.formUnion(edges)
        for t in transients { times.insert(t.event.time) }
        for element in pattern.elements {
            switch element {
            case .curve(let c) where c.parameterID == .hapticIntensityControl || c.parameterID == .hapticSharpnessControl:
                for p in c.controlPoints { times.insert(c.time + p.time) }
            case .parameter(let p) where p.parameterID == .hapticIntensityControl || p.parameterID == .hapticSharpnessControl:
                times.insert(p.time)
            default: continue
            }
        }
        let first = (continuous.map(\.event.time) + transients.map(\.event.time)).min()!
        let last = max(continuous.map(\.end).max() ?? first, transients.map(\.event.time).max() ?? first)
        return (times.filter { $0 >= first && $0 <= last && $0.isFinite }.sorted(), edges, first)
    }

    /// The amplitude and frequency envelopes at `times`, by a sweep that keeps the events that may play around the
    /// current time (not a scan per time): the strongest active event's intensity (squared) and sharpness (squared),
    /// after the controls; a step at each edge.
    static func envelopes(
        at times: [Double], edges: Set<Double>, first: Double, continuous: [Continuous], controls: ControlSet
    ) -> (amplitude: [HapticClip.AmplitudeBreakpoint], frequency: [HapticClip.FrequencyBreakpoint]) {
        let epsilon = 1e-9
        var amplitude: [HapticClip.AmplitudeBreakpoint] = []
        var frequency: [HapticClip.FrequencyBreakpoint] = []
        var lastSharpness = 0.0
        var active: [Continuous] = []
        var next = 0
        /// The strongest active event at `t` (ties: the later one), with its intensity and sharpness after controls.
        func level(at t: Double) -> (intensity: Double, sharpness: Double)? {
            var best: (Double, Double)? = nil
            for c in active where c.event.time <= t && t <= c.end {
                let i = controls.apply(.hapticIntensityControl, to: c.event.value(of: .hapticIntensity), at: t)
                let s = controls.apply(.hapticSharpnessControl, to: c.event.value(of: .hapticSharpness), at: t)
                if best == nil || i >= best!.0 { best = (i, s) }
            }
            return best
        }
        for t in times {
            while next < continuous.count && continuous[next].event.time <= t + epsilon {
                active.append(continuous[next])
                next += 1
            }
            active.removeAll { $0.end < t - epsilon }
            let before = t > first ? level(at: t - epsilon) : nil
            // Just after t: an event that ends at t no longer plays (a gap is silence, not a ramp to the next event).
            let after = level(at: t + epsilon)
            let at = level(at: t)
            let isEdge = edges.contains(t)
            if isEdge && (before?.intensity ?? 0) != (after?.intensity ?? 0) && t > first {
                amplitude.append(.init(time: t, amplitude: pow(before?.intensity ?? 0, 2)))
                amplitude.append(.init(time: t, amplitude: pow(after?.intensity ?? 0, 2)))
            } else {
                amplitude.append(.init(time: t, amplitude: pow((isEdge ? after : at)?.intensity ?? 0, 2)))
            }
            if let s = (isEdge ? after : at)?.sharpness ?? before?.sharpness { lastSharpness = s }
            frequency.append(.init(time: t, frequency: lastSharpness * lastSharpness))
        }
        return (amplitude, frequency)
    }

    /// `amplitude` with each transient as an emphasis on the last breakpoint at its time (transients at one time each
    /// get a breakpoint of their own: a `.haptic` clip may hold two emphases there), with a loss where the envelope or
    /// the transient had to change.
    static func emphases(
        _ transients: [Transient], on envelope: [HapticClip.AmplitudeBreakpoint], controls: ControlSet, losses: inout [Loss]
    ) -> [HapticClip.AmplitudeBreakpoint] {
        var amplitude = envelope
        var lastAt: [Double: Int] = [:]
        for (k, b) in amplitude.enumerated() { lastAt[b.time] = k }
        var extra: [Int: [HapticClip.AmplitudeBreakpoint]] = [:]
        let original = amplitude
        for t in transients {
            guard let k = lastAt[t.event.time] else { continue }
            let taken = amplitude[k].emphasis != nil
            if taken { amplitude[k].amplitude = original[k].amplitude }
            let intensity = controls.apply(.hapticIntensityControl, to: t.event.value(of: .hapticIntensity), at: t.event.time)
            let sharpness = controls.apply(.hapticSharpnessControl, to: t.event.value(of: .hapticSharpness), at: t.event.time)
            // HapticToAHAP multiplies an emphasis breakpoint's intensity by 0.8: divide it out here.
            var envelope = amplitude[k].amplitude / pow(HapticToAHAP.emphasisDucking, 2)
            if envelope > 1 {
                losses.append(
                    Loss(
                        element: t.index,
                        message: String(
                            format:
                                "the continuous intensity under this transient (%.3f) is above 0.8, which .haptic cannot carry at an emphasis; capped",
                            amplitude[k].amplitude.squareRoot())))
                envelope = 1
            }
            var strength = intensity * intensity
            if strength < envelope {
                losses.append(
                    Loss(
                        element: t.index,
                        message: String(
                            format:
                                "transient intensity %.3f is below the continuous intensity under it; an emphasis may not be weaker than its envelope, so it is raised to %.3f",
                            intensity, envelope.squareRoot())))
                strength = envelope
            }
            let emphasis = HapticClip.Emphasis(amplitude: strength, frequency: min(1, max(0, sharpness)))
            if taken {
                extra[k, default: []].append(.init(time: amplitude[k].time, amplitude: envelope, emphasis: emphasis))
                amplitude[k].amplitude = envelope
            } else {
                amplitude[k].amplitude = envelope
                amplitude[k].emphasis = emphasis
            }
        }
        if !extra.isEmpty {
            amplitude = amplitude.enumerated().flatMap { [$0.element] + (extra[$0.offset] ?? []) }
        }
        return amplitude
    }
}
