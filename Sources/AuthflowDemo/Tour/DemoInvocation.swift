import Foundation

/// How the person watching the tour runs authflow's commands themselves, for the hints that name a command to
/// type (`authflow emulator`, `authflow demo --only …`).
///
/// An installed `authflow`, or one whose directory is on `PATH`, is typed `authflow`. A binary built in a
/// package checkout (`swift run authflow demo`) lives under the package's `.build` directory, next to its
/// `Package.swift`, and is not on `PATH`: there the hints say `swift run authflow …` (with `--package-path`
/// when the working directory is elsewhere) and how to put the built binary on `PATH` instead. Only the
/// running binary's own path decides; nothing in the working directory does.
struct DemoInvocation: Sendable, Equatable {
    /// What to type in place of `authflow`: `authflow` or `swift run authflow`.
    let command: String
    /// The directory holding the built binary, when it is a checkout's build and not on `PATH`.
    let buildDirectory: String?

    /// The invocation for `executable` (an absolute path), run from `workingDirectory` with `path` (`$PATH`).
    init(executable: String, workingDirectory: String, path: String?) {
        let directory = (executable as NSString).deletingLastPathComponent
        let onPath = (path ?? "").split(separator: ":").contains { entry in
            (String(entry) as NSString).standardizingPath == (directory as NSString).standardizingPath
        }
        let components = executable.split(separator: "/", omittingEmptySubsequences: false)
        guard !onPath, let build = components.lastIndex(of: ".build"), build > 0 else {
            command = "authflow"
            buildDirectory = nil
            return
        }
        let root = components[..<build].joined(separator: "/")
        guard !root.isEmpty, FileManager.default.fileExists(atPath: root + "/Package.swift") else {
            command = "authflow"
            buildDirectory = nil
            return
        }
        let here = (workingDirectory as NSString).standardizingPath
        let package = here == (root as NSString).standardizingPath ? [] : ["--package-path", root]
        command = ShellQuoting.line(["swift", "run"] + package + ["authflow"])
        buildDirectory = directory
    }

    /// The invocation of the tour's binary, from the current directory with the `PATH` of `settings`.
    static func of(_ settings: DemoSettings) -> DemoInvocation {
        DemoInvocation(
            executable: settings.executable, workingDirectory: FileManager.default.currentDirectoryPath,
            path: settings.environment["PATH"])
    }
}
