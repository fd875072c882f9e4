import Foundation

/// Reads small text inputs (AHAP, beat maps, manifests) with a size limit.
public enum InputFile {
    /// Reads the whole of a regular file of at most `maxBytes`, and records it as an input. A FIFO, socket or
    /// device is refused before it is opened (opening a FIFO would wait for a writer forever).
    public static func read(_ path: String, maxBytes: Int) throws(InputError) -> [UInt8] {
        switch FileKind(path: path) {
        case .missing: throw InputError(.notFound, path: path, reason: "no such file", fix: "check the path")
        case .directory: throw InputError(.isDirectory, path: path, reason: "is a directory", fix: "pass a file")
        case .special(let name):
            throw InputError(.notRegularFile, path: path, reason: "is \(name), not a regular file", fix: "pass a regular file")
        case .regular: break
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(.unreadable, path: path, reason: "cannot be opened (permission denied?)", fix: "check its permissions")
        }
        defer { try? handle.close() }
        InputRegistry.shared.record(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size > maxBytes {
            throw InputLimits.exceeded(path, count: size, what: "bytes", limit: maxBytes, which: .fileSize)
        }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            if data.count > maxBytes {
                throw InputLimits.exceeded(path, count: data.count, what: "bytes or more", limit: maxBytes, which: .fileSize)
            }
            return [UInt8](data)
        } catch let failure as InputError {
            throw failure
        } catch {
            throw InputError(.unreadable, path: path, reason: "cannot be read: \(error.localizedDescription)")
        }
    }
}
