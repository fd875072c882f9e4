import Foundation

/// A failure of the tool itself (not a finding about the content): an
/// unreadable input, an unsupported format, a limit. Printed on standard error
/// as one line naming the file, and mapped to exit code 2.
public struct ToolFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public init(_ error: AudioIOError) { self.message = error.description }
    public var description: String { message }
}

/// Reads small text inputs (AHAP, beat maps, manifests) with a size limit.
public enum InputFile {
    /// Reads the whole of a regular file of at most `maxBytes`, and records it as an input. A FIFO, socket or
    /// device is refused before it is opened (opening a FIFO would wait for a writer forever).
    public static func read(_ path: String, maxBytes: Int) throws(ToolFailure) -> [UInt8] {
        switch FileKind(path: path) {
        case .missing: throw ToolFailure("\(path): no such file; check the path")
        case .directory: throw ToolFailure("\(path): is a directory; pass a file, or a directory to `validate`")
        case .special(let name): throw ToolFailure("\(path): is \(name), not a regular file; pass a regular file")
        case .regular: break
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ToolFailure("\(path): cannot be opened (permission denied?); check its permissions")
        }
        defer { try? handle.close() }
        InputRegistry.shared.record(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > maxBytes {
            throw ToolFailure(
                "\(path): \(size) bytes is larger than the limit of \(maxBytes) bytes; raise it with --max-file-size if the file is genuine"
            )
        }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            if data.count > maxBytes {
                throw ToolFailure("\(path): larger than the limit of \(maxBytes) bytes; raise it with --max-file-size")
            }
            return [UInt8](data)
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure("\(path): cannot be read: \(error.localizedDescription)")
        }
    }
}
