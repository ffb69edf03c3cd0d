import AuthflowCore
import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#endif

/// `authflow --version` answered before ArgumentParser builds the command tree: a profile of 100 runs
/// (`perf record`, bench/startup) put ~32 % of the process's samples in `parseAsRoot`, most of it reflecting
/// (`Mirror`) over the root command's options and the protocol-conformance scan that reflection triggers.
/// The output is ArgumentParser's own for that flag: the version and a newline, exit 0.
enum VersionFastPath {
    /// True when the arguments are exactly `--version` (anything else goes through ArgumentParser).
    static func applies(to arguments: [String]) -> Bool {
        arguments.count == 2 && arguments[1] == "--version"
    }

    /// Writes the version line to standard output.
    static func answer() {
        _ = SystemCall.writeAll(Array((AuthflowVersion.current + "\n").utf8), to: STDOUT_FILENO)
    }
}
