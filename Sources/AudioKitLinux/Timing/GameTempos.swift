import Foundation

/// The game's world table (seeds 000, 5.7d and 5.10).
public enum GameTempos {
    /// Each world's name and its two tempos `a` and `b`, in beats per minute.
    public static let worlds: [(name: String, a: Double, b: Double)] = [
        ("1 THE BLOCK", 88, 95), ("2 NEON YARD", 172, 174), ("3 UNDERGROUND", 160, 165), ("4 STATIC", 132, 138),
    ]
    /// Tempo of the intermission, in beats per minute.
    public static let intermission = 140.0
    /// Every tempo in the table, in beats per minute: each world's two, then the intermission.
    public static var all: [Double] { worlds.flatMap { [$0.a, $0.b] } + [intermission] }
}
