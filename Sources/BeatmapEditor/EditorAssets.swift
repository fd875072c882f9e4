/// The pages of the editor (`index.html`), the crossfade audition (`audition.html`) and the pattern audition
/// (`haptics.html`), their stylesheets and JavaScript modules from `Sources/BeatmapEditor/Page`, embedded in the binary
/// at build time (no CDN, no npm, nothing read from disk at run time), so they work offline. A page talks only to its
/// own server, with the token from its URL.
public enum EditorAssets {
    /// One file of the page: its bytes and its media type.
    public struct File: Sendable {
        /// The file's content, as built into the binary.
        public let bytes: [UInt8]
        /// Its `Content-Type`.
        public let contentType: String
    }

    /// The page itself, served at `/`.
    public static let index = File(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")

    /// The crossfade audition's page (`beatmap audition`), served at `/` by its own server.
    public static let audition = File(bytes: PackageResources.audition_html, contentType: "text/html; charset=utf-8")

    /// The pattern audition's page (`ahap-tool audition`), served at `/` by its own server.
    public static let haptics = File(bytes: PackageResources.haptics_html, contentType: "text/html; charset=utf-8")

    /// The pages' stylesheets and modules by file name, served at `/assets/NAME`. They hold no data of the session.
    public static let files: [String: File] = [
        "editor.css": File(bytes: PackageResources.editor_css, contentType: "text/css; charset=utf-8"),
        "audition.css": File(bytes: PackageResources.audition_css, contentType: "text/css; charset=utf-8"),
        "audition.js": script(PackageResources.audition_js),
        "crossfade.js": script(PackageResources.crossfade_js),
        "haptics.js": script(PackageResources.haptics_js),
        "timeline.js": script(PackageResources.timeline_js),
        "api.js": script(PackageResources.api_js),
        "beats.js": script(PackageResources.beats_js),
        "history.js": script(PackageResources.history_js),
        "main.js": script(PackageResources.main_js),
        "timing.js": script(PackageResources.timing_js),
        "transport.js": script(PackageResources.transport_js),
        "stream.js": script(PackageResources.stream_js),
        "bands.js": script(PackageResources.bands_js),
        "markers.js": script(PackageResources.markers_js),
        "draft.js": script(PackageResources.draft_js),
        "view.js": script(PackageResources.view_js),
    ]

    static func script(_ bytes: [UInt8]) -> File { File(bytes: bytes, contentType: "text/javascript; charset=utf-8") }

    /// The Content-Security-Policy the page and its files are served with: the page's own files and server only; no
    /// inline script or style, no eval, no frames, no forms, no plug-ins.
    public static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; media-src 'self' blob:; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
