import AuthflowHTTP
import AuthflowListener
import AuthflowLocalization
import CSharedLibrary
import Foundation

/// Starts opening the C library a command always needs on a second thread as soon as the command line names that
/// command, so the opening overlaps the argument parse (~15–23 M instructions) on another core instead of following
/// it: libcurl with its initialisation (~11.5 M + ~2.4 M, callgrind) for the commands that always ask the server,
/// libmicrohttpd (~4.4 M) for `listen`. Commands not listed open nothing until they use a library, as before; help
/// requests and root flags are left alone. The opening is CSharedLibrary's once-only resolver (and libcurl's
/// initialisation AuthflowHTTP's once-only global): the first use waits for them if they are still under way, and a
/// missing library is reported there, worded as always.
enum LibraryWarmUp {
    /// A leaf command (its names on the command line) and what it always needs once its parse succeeds.
    struct Entry: Sendable {
        let names: [String]
        let start: @Sendable () -> Void
    }

    static let entries: [Entry] = [
        Entry(names: ["email-link", "send"], start: HTTPClient.prepareInBackground),
        Entry(names: ["email-link", "complete"], start: HTTPClient.prepareInBackground),
        Entry(names: ["email", "sign-in"], start: HTTPClient.prepareInBackground),
        Entry(names: ["listen"], start: LoopbackServer.prepareInBackground),
    ]

    /// Help requests after a leaf's names; ArgumentParser answers them without running the command. An array, not
    /// a `Set`: the set's first use made the runtime look up `String: Hashable` (a scan of every conformance
    /// record, ~0.45 M instructions with the set's initialiser) before the early thread was even started.
    private static let help = ["-h", "--help"]

    /// The entry `arguments` (the whole command line, the program first) run: they name its command as
    /// ``DirectRoute/match(_:)`` reads command lines (root flags leave it to the root) and ask for no help.
    static func entry(for arguments: [String]) -> Entry? {
        guard let (leaf, rest) = DirectRoute.match(arguments), !rest.contains(where: { help.contains($0) }) else {
            return nil
        }
        return entries.first { $0.names == leaf.names }
    }

    /// Starts what ``entry(for:)`` names, if anything.
    ///
    /// Before the library's thread, an empty task makes the runtime's first enqueue on Swift's global executor,
    /// where the command's `run` continues after the parse. That first enqueue looks up a dispatch function with
    /// `dlsym` and creates the executor's worker thread, and both wait for the dynamic loader's locks, which a
    /// `dlopen` holds until it returns (`strace -k`: the main thread blocked in `dlsym` and in `pthread_create`'s
    /// TLS set-up until the early thread's opening ended): made after the parse, it waited for the whole opening
    /// (2.5 ms for `email-link send`). Made first, the worker is there when the parse ends, and the command's own
    /// work before its first library call overlaps the opening.
    static func start(for arguments: [String]) {
        guard let entry = entry(for: arguments) else { return }
        Task.detached {}
        entry.start()
    }
}

/// Words a missing C library (libcurl, libxml2, libmicrohttpd, libqrencode: opened on first use, not at exec) and
/// exits with the usage status, instead of the C loader's default line.
enum MissingLibraryHandler {
    /// Installs the handler; costs one pointer store, and nothing is opened.
    static func install() {
        authflow_library_set_missing_handler(reportMissingLibrary)
    }
}

/// A plain function, as the C loader calls it; it does not return.
private func reportMissingLibrary(
    soname: UnsafePointer<CChar>?, package: UnsafePointer<CChar>?, detail: UnsafePointer<CChar>?
) {
    let message = SharedLibraryWording.missing(
        soname: soname.map { String(cString: $0) } ?? localized("a library"),
        package: package.map { String(cString: $0) } ?? localized("that provides it"),
        detail: detail.map { String(cString: $0) } ?? localized("not found"))
    StandardError.write("authflow: \(message)")
    exit(AuthflowExitCode.usage.rawValue)
}
