/// `authflow handle-url URL` exactly as the desktop runs it (`DesktopEntry`: `Exec=… handle-url %u`, one argument),
/// handed over before ArgumentParser parses anything. The handoff sits on the path of every custom-scheme click,
/// and ArgumentParser's parse of the command (reflecting over it and its project options, each first
/// protocol-conformance lookup walking every record in the binary) is most of what the process does (callgrind:
/// 12.7 M of its 17.4 M instructions; BENCHMARKS.md, 2026-11-25 lead).
///
/// What it reads of the command line is only what ``DirectRoute`` would parse it to, and `HandoffFastPathTests`
/// holds it to that: the program, the command's name and one argument not starting with `-`, which ArgumentParser
/// takes as the command's `url` with every project option absent. The command line is read once, here: when no
/// waiting flow takes the URL, the rest of the command runs as the command's own, with what was read (explaining
/// the refusal needs no option; completing an email sign-in link takes the project options given, none, as
/// ArgumentParser makes them from no arguments, so the options' declaration stays the one definition of them).
enum HandoffFastPath {
    /// The URL argument when `arguments` (the whole command line, the program first) are the desktop's shape; nil
    /// for any other command line, which takes the usual route.
    static func url(in arguments: [String]) -> String? {
        guard arguments.count == 3, arguments[1] == HandleURLCommand.configuration.commandName,
            !arguments[2].hasPrefix("-")
        else { return nil }
        return arguments[2]
    }

    /// Hands `url` over as `handle-url` does, on the calling thread; nil when a waiting flow took it, otherwise the
    /// rest of the command. Synchronous on purpose: the first call into a nonisolated async function moves the task
    /// from the main thread to a libdispatch worker, starting four threads (strace) that an accepted handoff never
    /// needs.
    static func handOver(_ url: String) throws -> Remainder? {
        guard let unaccepted = try HandleURLCommand.handOver(url) else { return nil }
        return Remainder(unaccepted: unaccepted)
    }

    /// What is left when no waiting flow took the URL.
    struct Remainder: Sendable {
        let unaccepted: HandleURLCommand.Unaccepted

        /// Finishes the command, with no project option: the command line held the URL alone.
        func run() async throws {
            try await unaccepted.finish { try ProjectOptions.parse([]) }
        }
    }
}
