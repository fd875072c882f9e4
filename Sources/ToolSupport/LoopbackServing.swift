/// How the commands that serve a page (`beatmap edit`, `beatmap audition`, `ahap-tool audition`) run their server: a
/// port already taken is a usage failure that says what to do, not a stack of NIO errors.
public enum LoopbackServing {
    /// Runs `serve` (a server on 127.0.0.1:`port`) until it returns.
    public static func run(port: Int, _ serve: () async throws -> Void) async throws {
        do {
            try await serve()
        } catch  where "\(error)".contains("Address already in use") || "\(error)".contains("errno: 98") {
            throw ToolFailure("port \(port) on 127.0.0.1 is in use; pass --port 0 for any free port, or another port")
        }
    }
}
