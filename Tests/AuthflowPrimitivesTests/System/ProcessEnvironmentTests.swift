import AuthflowPrimitives
import Foundation
import Glibc
import Testing

/// Serialized: the second test changes the process's environment, which the first compares whole; run side by side,
/// the first could read the variable between two changes through one reader and not the other (seen once in a full run).
@Suite(.serialized)
struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        // Without duplicate names (none in a test run), the two agree on every variable.
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func seesChangesAndKeepsEverythingAfterTheFirstEqualsSign() throws {
        let name = "AUTHFLOW_PROCESS_ENVIRONMENT_TEST_\(getpid())"
        try #require(setenv(name, "a=b==c 한", 1) == 0)
        #expect(ProcessEnvironment.current()[name] == "a=b==c 한")
        try #require(setenv(name, "", 1) == 0)
        #expect(ProcessEnvironment.current()[name] == "")
        try #require(unsetenv(name) == 0)
        #expect(ProcessEnvironment.current()[name] == nil)
    }
}
