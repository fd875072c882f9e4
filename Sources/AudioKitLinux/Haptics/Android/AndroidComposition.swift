import Foundation

/// A clip's emphasis points as Android `VibrationEffect.Composition` primitives (`addPrimitive(id, scale, delay)`,
/// API 30; the two low primitives need API 31).
///
/// Each emphasis becomes one primitive, chosen by its sharpness s = √frequency and intensity i = √amplitude (the AHAP
/// transient it converts to):
///
/// | | i ≥ 0.6 | i < 0.6 |
/// |---|---|---|
/// | s ≥ 0.5 | `PRIMITIVE_CLICK` | `PRIMITIVE_TICK` |
/// | s < 0.5 | `PRIMITIVE_THUD` | `PRIMITIVE_LOW_TICK` |
///
/// following Android's descriptions of them (a click; "a very short light tick"; "a downwards movement with gravity";
/// "a tick with a lower frequency"). The scale is the emphasis amplitude, the same linear level the waveform gives
/// it. The envelope between emphasis points is not part of a composition.
public struct AndroidComposition: Sendable, Equatable {
    /// An Android haptic primitive, with `VibrationEffect.Composition`'s constant value.
    public enum Primitive: String, Sendable, CaseIterable {
        /// `PRIMITIVE_CLICK` (API 30).
        case click = "CLICK"
        /// `PRIMITIVE_THUD` (API 31).
        case thud = "THUD"
        /// `PRIMITIVE_TICK` (API 30).
        case tick = "TICK"
        /// `PRIMITIVE_LOW_TICK` (API 31).
        case lowTick = "LOW_TICK"

        /// The constant's value in `VibrationEffect.Composition`.
        public var id: Int {
            switch self {
            case .click: 1
            case .thud: 2
            case .tick: 7
            case .lowTick: 8
            }
        }

        /// The Android API level that added it.
        public var apiLevel: Int {
            switch self {
            case .click, .tick: 30
            case .thud, .lowTick: 31
            }
        }

        /// The primitive for a transient of `intensity` and `sharpness` (see `AndroidComposition`).
        public static func forTransient(intensity: Double, sharpness: Double) -> Primitive {
            switch (sharpness >= 0.5, intensity >= 0.6) {
            case (true, true): .click
            case (true, false): .tick
            case (false, true): .thud
            case (false, false): .lowTick
            }
        }
    }

    /// One primitive, played at `timeMs` from the start.
    public struct Element: Sendable, Equatable {
        /// Which primitive.
        public var primitive: Primitive
        /// Its scale, 0…1.
        public var scale: Double
        /// When it starts, milliseconds from the start of the clip.
        public var timeMs: Int

        /// Creates an element.
        public init(primitive: Primitive, scale: Double, timeMs: Int) {
            self.primitive = primitive
            self.scale = scale
            self.timeMs = timeMs
        }
    }

    /// The primitives, in time order.
    public var elements: [Element]

    /// The composition of the clip's emphasis points; empty when it has none.
    public init(_ clip: HapticClip) {
        elements = clip.amplitude.sorted { $0.time < $1.time }.compactMap { point in
            guard let e = point.emphasis, e.amplitude > 0 else { return nil }
            let amplitude = min(max(e.amplitude, 0), 1)
            let primitive = Primitive.forTransient(intensity: amplitude.squareRoot(), sharpness: min(max(e.frequency, 0), 1).squareRoot())
            return Element(primitive: primitive, scale: amplitude, timeMs: AndroidWaveform.milliseconds(point.time))
        }
    }

    /// The API level the composition needs: the highest of its primitives'.
    public var apiLevel: Int { elements.map(\.primitive.apiLevel).max() ?? 30 }
}
