import Foundation

/// Opens a URL in the user's browser with `xdg-open` when there is a display; otherwise does nothing (the URL
/// is printed anyway).
public enum Browser {
    /// Opens `url` through a page readable by this user only, that redirects to it: a URL on a command line can be
    /// read by every user of the machine (`/proc/*/cmdline`), and the editor's URL carries its token. The page is
    /// removed a minute later.
    public static func open(_ url: String) {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open")
        else { return }
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("beatmap-edit-\(getpid()).html").path
        let html = "<!doctype html><meta http-equiv=\"refresh\" content=\"0;url=\(url)\"><a href=\"\(url)\">beatmap edit</a>\n"
        guard FileManager.default.createFile(atPath: page, contents: Data(html.utf8), attributes: [.posixPermissions: 0o600]) else {
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [page]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { unlink(page) }
    }
}
