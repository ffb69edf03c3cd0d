import AuthflowCore
import AuthflowTestSupport
import Testing

/// `authflow --version`, answered before ArgumentParser runs, prints what ArgumentParser printed: the version line.
@Suite struct VersionCommandTests {
    @Test func versionPrintsTheVersionLineOnly() async throws {
        let result = try await AuthflowCommand.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == AuthflowVersion.current + "\n")
        #expect(result.stderrText.isEmpty)
    }

    /// With a second argument the fast path stands aside and ArgumentParser answers: the two must agree.
    @Test func theFastPathPrintsWhatArgumentParserPrints() async throws {
        let fast = try await AuthflowCommand.run(["--version"])
        let parsed = try await AuthflowCommand.run(["--version", "--verbose"])
        #expect(parsed.exitCode == fast.exitCode)
        #expect(parsed.stdoutText == fast.stdoutText)
    }
}
