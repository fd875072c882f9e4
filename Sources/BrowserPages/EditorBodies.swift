#if Editor
    import AudioKitLinux
    import Foundation

    /// The bodies the editor's routes take, each read strictly (an unknown key or a wrong type is refused).
    enum EditorBodies {
        /// The body of `PUT /api/grid`.
        struct GridBody: Decodable {
            struct Section: Decodable {
                let time: Double
                let bpm: Double
            }
            struct Stop: Decodable {
                let time: Double
                let seconds: Double
                let delay: Bool?
            }
            let bpm: Double
            let offset: Double
            let sections: [Section]?
            let stops: [Stop]?

            /// The grid in `bytes`: an object of `bpm` and `offset`, both numbers, and optionally `sections`, an array of
            /// objects of exactly `time` and `bpm`, and `stops`, an array of objects of `time` and `seconds` (and
            /// `delay`, true or false); nil otherwise (an unknown key is refused, not ignored).
            static func read(_ bytes: [UInt8]) -> GridBody? {
                let data = Data(bytes)
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    Set(object.keys).isSuperset(of: ["bpm", "offset"]),
                    Set(object.keys).isSubset(of: ["bpm", "offset", "sections", "stops"])
                else { return nil }
                if let sections = object["sections"] {
                    guard let list = sections as? [[String: Any]], list.allSatisfy({ Set($0.keys) == ["time", "bpm"] }) else { return nil }
                }
                if let stops = object["stops"] {
                    guard let list = stops as? [[String: Any]],
                        list.allSatisfy({ Set($0.keys).subtracting(["delay"]) == ["time", "seconds"] })
                    else { return nil }
                }
                return try? JSONDecoder().decode(GridBody.self, from: data)
            }
        }

        /// The beats a save carries: none (an empty body: save what the session has), a beat list, or something else.
        enum SaveBody {
            case none, beats([Double]), invalid

            init(_ bytes: [UInt8]) {
                if bytes.isEmpty {
                    self = .none
                } else {
                    self = beatTimes(bytes).map(SaveBody.beats) ?? .invalid
                }
            }
        }

        /// A JSON array of finite numbers (empty allowed), or nil.
        static func beatTimes(_ bytes: [UInt8]) -> [Double]? {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // An empty array, with any JSON whitespace inside (the reader refuses a map with no beat).
            if String(String.UnicodeScalarView(text.unicodeScalars.filter { ![" ", "\t", "\r", "\n"].contains($0) })) == "[]" { return [] }
            guard text.hasPrefix("[") else { return nil }
            let read = BeatMapReader.read(bytes: bytes, file: nil, format: .json)
            guard let times = read.map?.times, times.allSatisfy(\.isFinite) else { return nil }
            return times
        }
    }
#endif
