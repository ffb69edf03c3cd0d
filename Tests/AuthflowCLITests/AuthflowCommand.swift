import AuthflowCore
import AuthflowTestSupport
import Foundation

/// Runs the `authflow` binary this test build produced (it sits beside the test bundle).
enum AuthflowCommand {
    static var binaryPath: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("authflow").path
    }

    /// The repository root, for the shipped examples.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples/links").appendingPathComponent(name).path
    }

    static func run(
        _ arguments: [String],
        stdin: [UInt8]? = nil,
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> SubprocessResult {
        // No proxy and no Firebase settings from the developer's environment, nor their own configuration file:
        // these tests only ever talk to loopback, and each one says which project it means.
        var isolated = [
            "http_proxy": "", "https_proxy": "", "HTTPS_PROXY": "", "all_proxy": "", "ALL_PROXY": "",
            "XDG_CONFIG_HOME": "/nonexistent/authflow-tests/config",
        ]
        for key in ConfigurationKey.allCases { isolated[key.environmentVariable] = "" }
        isolated.merge(environment) { _, new in new }
        return try await Subprocess.run(
            binaryPath, arguments: arguments, stdin: stdin, environment: isolated,
            workingDirectory: workingDirectory, timeout: timeout)
    }
}

/// Decodes one JSON object line for assertions.
func jsonObject(_ line: some StringProtocol) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw NotAJSONObject(line: String(line))
    }
    return object
}

struct NotAJSONObject: Error, CustomStringConvertible {
    let line: String
    var description: String { "not a JSON object: \(line)" }
}
