import AuthflowDemo
import AuthflowTestSupport
import Foundation
import Testing

/// Starting the headless browser when chromedriver exits before announcing its port (seen now and then in full runs
/// under load): it is started again, up to three times.
@Suite("Headless Chromium's start")
struct HeadlessChromiumStartTests {
    /// A chromedriver stand-in in `directory` that exits at once for its first `failures` starts (counted in a file
    /// beside it), then runs the real one.
    static func flakyDriver(in directory: TemporaryDirectory, failing failures: Int, real: String) throws -> String {
        let path = directory.path + "/chromedriver"
        let script = """
            #!/bin/sh
            count=$(cat "\(directory.path)/starts" 2>/dev/null || echo 0)
            echo $((count + 1)) > "\(directory.path)/starts"
            [ "$count" -lt \(failures) ] && exit 1
            exec "\(real)" "$@"
            """
        try ExecutableScript.write(script, to: path)
        return path
    }

    static func starts(in directory: TemporaryDirectory) throws -> String {
        try String(contentsOfFile: directory.path + "/starts", encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    @Test(
        "A chromedriver that exits twice before its port is started a third time, and the browser works",
        .drivesABrowser)
    func startedAgain() async throws {
        let programs = try #require(HeadlessChromium.locate())
        let directory = try TemporaryDirectory()
        let driver = try Self.flakyDriver(in: directory, failing: 2, real: programs.chromedriver)
        let chromium = try await HeadlessChromium(
            programs: .init(chromium: programs.chromium, chromedriver: driver))
        let sum = try? await chromium.evaluate("return 1 + 1;")
        await chromium.quit()
        #expect(sum?.numberValue == 2)
        #expect(try Self.starts(in: directory) == "3")
    }

    @Test("One that never announces a port is tried three times, then reported", .drivesABrowser)
    func givesUp() async throws {
        let programs = try #require(HeadlessChromium.locate())
        let directory = try TemporaryDirectory()
        let driver = try Self.flakyDriver(in: directory, failing: 99, real: programs.chromedriver)
        await #expect(throws: HeadlessChromiumError.self) {
            _ = try await HeadlessChromium(programs: .init(chromium: programs.chromium, chromedriver: driver))
        }
        #expect(try Self.starts(in: directory) == "3")
    }
}
