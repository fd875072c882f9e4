import Foundation

/// Opens a URL in the user's browser with `xdg-open` when there is a display; otherwise does nothing (the URL
/// is printed anyway).
public enum Browser {
    /// Starts `xdg-open url` in the background when DISPLAY or WAYLAND_DISPLAY is set and xdg-open exists.
    public static func open(_ url: String) {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open")
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
