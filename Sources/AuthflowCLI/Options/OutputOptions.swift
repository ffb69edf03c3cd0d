import ArgumentParser

/// Diagnostics shared by the commands that talk to Firebase.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help: "Log each request (endpoint, status, time) and the server's raw error strings to standard error. Tokens and keys are never logged.")
    var verbose = false
}
