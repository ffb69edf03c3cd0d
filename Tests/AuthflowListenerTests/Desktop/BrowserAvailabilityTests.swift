import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// Whether the system's opener can show a page, from the environment passed in (never this process's).
@Suite("BrowserAvailability")
struct BrowserAvailabilityTests {
    /// A `PATH` with an executable `xdg-open` in it.
    private static func pathWithOpener() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try ExecutableScript.write("#!/bin/sh\nexit 0\n", to: directory.file("xdg-open"))
        return (directory, directory.path)
    }

    @Test("A display and xdg-open: available")
    func available() throws {
        let (directory, path) = try Self.pathWithOpener()
        withExtendedLifetime(directory) {
            #expect(BrowserAvailability.detect(environment: ["DISPLAY": ":0", "PATH": path]) == .available)
            #expect(
                BrowserAvailability.detect(environment: ["WAYLAND_DISPLAY": "wayland-0", "PATH": path]) == .available)
            // ssh -X forwards a display: a browser then appears on the person's own screen.
            #expect(
                BrowserAvailability.detect(
                    environment: [
                        "DISPLAY": "localhost:10.0", "SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22",
                        "PATH": path,
                    ]) == .available)
        }
    }

    @Test("No display, SSH without a forwarded display, no opener: unavailable, with the reason")
    func unavailable() throws {
        let (directory, path) = try Self.pathWithOpener()
        let empty = try TemporaryDirectory()
        withExtendedLifetime((directory, empty)) {
            #expect(BrowserAvailability.detect(environment: ["PATH": path]) == .unavailable(.noDisplay))
            #expect(BrowserAvailability.detect(environment: ["DISPLAY": "", "PATH": path]) == .unavailable(.noDisplay))
            #expect(
                BrowserAvailability.detect(environment: ["SSH_TTY": "/dev/pts/1", "PATH": path])
                    == .unavailable(.sshWithoutDisplay))
            #expect(
                BrowserAvailability.detect(environment: ["SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22"])
                    == .unavailable(.sshWithoutDisplay))
            #expect(
                BrowserAvailability.detect(environment: ["DISPLAY": ":0", "PATH": empty.path])
                    == .unavailable(.openerMissing(program: "xdg-open")))
        }
    }

    @Test("A chosen browser command is never judged; the system's opener is")
    func launcherAvailability() throws {
        let headless = ["PATH": "/nonexistent"]
        #expect(BrowserLauncher(browser: "true %s", environment: headless).availability == .available)
        #expect(BrowserLauncher(environment: headless.merging(["BROWSER": "true"]) { $1 }).availability == .available)
        #expect(BrowserLauncher(environment: headless).availability == .unavailable(.noDisplay))
    }
}
