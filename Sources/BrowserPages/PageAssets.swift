import Foundation

/// The pages of the editor (`index.html`), the crossfade audition (`audition.html`) and the pattern audition
/// (`haptics.html`), their stylesheets and JavaScript modules from `Sources/BrowserPages/Page`, embedded in the binary
/// at build time (no CDN, no npm, nothing read from disk at run time), so they work offline. A page talks only to its
/// own server, with the token from its URL.
public enum PageAssets {
    /// One file of the page: its bytes and its media type.
    public struct File: Sendable {
        /// The file's content, as built into the binary.
        public let bytes: [UInt8]
        /// Its `Content-Type`.
        public let contentType: String
    }

    /// The page itself, served at `/`.
    public static let index = page("index.html")

    /// The crossfade audition's page (`beatmap audition`), served at `/` by its own server.
    public static let audition = page("audition.html")

    /// The pattern audition's page (`ahap-tool audition`), served at `/` by its own server.
    public static let haptics = page("haptics.html")

    /// The pages' stylesheets, modules and other files by file name, served at `/assets/NAME`: every file of the page
    /// folder but the pages themselves, listed at build time (the PageIndex plugin). They hold no data of the session.
    public static let files = Dictionary(
        uniqueKeysWithValues: embedded.filter { !$0.key.hasSuffix(".html") }.map {
            ($0.key, File(bytes: $0.value, contentType: contentType(of: $0.key)))
        })

    /// The media type of a page file, by its extension.
    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }

    /// The page `name` of the folder (a build without it is a build error in the table's user: it must be there).
    static func page(_ name: String) -> File {
        guard let bytes = embedded[name] else { preconditionFailure("the page folder has no \(name)") }
        return File(bytes: bytes, contentType: contentType(of: name))
    }

    /// The Content-Security-Policy the page and its files are served with: the page's own files and server only; no
    /// inline script or style, no eval, no frames, no forms, no plug-ins.
    public static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; media-src 'self' blob:; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
