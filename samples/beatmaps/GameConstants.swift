import Foundation

/// Beat map as the game ships it (seeds 003, 7.5), hand-made for world 1, track A (88 BPM).
enum GameConstants {
    static let beatMap: [TimeInterval] = [
        0.250, 0.932, 1.614, 2.295,
        2.977, 3.659, 4.406, 5.023,
        5.705, 6.386, 7.068, 7.750,
        8.432, 9.114, 9.795, 10.477,
        11.159, 11.841,
    ]
}
