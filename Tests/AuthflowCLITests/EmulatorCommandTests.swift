import AuthflowTestSupport
import Foundation
import Testing

/// `authflow emulator` says which project it serves: in the banner, and as one JSON line for scripts.
@Suite("authflow emulator")
struct EmulatorCommandTests {
    /// Polls the command's standard output until `matches` finds something (or it ends).
    private func waitForOutput(_ command: InteractiveCommand, _ matches: (String) -> String?) async throws -> String {
        for _ in 0..<1200 {
            if let found = matches(command.stdoutText) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("not seen on stdout: \(command.stdoutText) / \(command.stderrText)")
    }

    @Test("The banner prints the export lines for both the host and the project")
    func bannerNamesTheProject() async throws {
        let command = try InteractiveCommand(["emulator", "--port", "0", "--project", "demo-banner"], environment: [:])
        let banner = try await waitForOutput(command) { $0.contains("Press Ctrl-C") ? $0 : nil }
        command.send(signal: SIGINT)
        // Ctrl-C is how the emulator is stopped: 0, which is why its help lists no 130 (SIGTERM: jsonLine).
        #expect(await command.finish() == .exited(0))

        #expect(banner.contains("export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:"))
        #expect(banner.contains("export FIREBASE_PROJECT_ID=demo-banner\n"), "\(banner)")
    }

    @Test("--json prints one line with host, port and project, and the port answers")
    func jsonLine() async throws {
        let command = try InteractiveCommand(
            ["emulator", "--port", "0", "--project", "demo-json", "--json"], environment: [:])
        let line = try await waitForOutput(command) { text in text.contains("\n") ? text : nil }
        let object = try jsonObject(line.split(separator: "\n")[0])
        let port = try #require(object["port"] as? Int)
        #expect(object["host"] as? String == "127.0.0.1")
        #expect(object["project"] as? String == "demo-json")
        #expect(object["emulatorHost"] as? String == "127.0.0.1:\(port)")
        #expect(port > 0)
        let curl = try #require(Subprocess.which("curl"))
        let reply = try await Subprocess.run(
            curl, arguments: ["-sf", "http://127.0.0.1:\(port)/emulator/v1/projects/demo-json/verificationCodes"],
            timeout: .seconds(30))
        #expect(reply.exitCode == 0, "the JSON line's port is the one served")
        command.send(signal: SIGTERM)
        let end = await command.finish()

        #expect(end == .exited(0))
        #expect(
            command.stdoutText.split(separator: "\n").count == 1, "only the JSON line on stdout: \(command.stdoutText)")
    }

    /// PATCHes the project config with one `beforeCreate` function at `url`, as the admin; the HTTP status.
    private func setFunction(_ url: String, port: Int, project: String) async throws -> String {
        let curl = try #require(Subprocess.which("curl"))
        let body = #"{"blockingFunctions":{"triggers":{"beforeCreate":{"functionUri":""# + url + #""}}}}"#
        let reply = try await Subprocess.run(
            curl,
            arguments: [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH", "-H", "Authorization: Bearer owner",
                "-H", "Content-Type: application/json", "--data", body,
                "http://127.0.0.1:\(port)/identitytoolkit.googleapis.com/v2/projects/\(project)/config",
            ], timeout: .seconds(30))
        return reply.stdoutText
    }

    @Test(
        "The banner says where blocking functions are called (loopback URLs only); a remote URL is refused and a config change is logged with its URL"
    )
    func bannerNamesFunctions() async throws {
        let command = try InteractiveCommand(["emulator", "--port", "0", "--project", "demo-fn"], environment: [:])
        let banner = try await waitForOutput(command) { $0.contains("Press Ctrl-C") ? $0 : nil }
        let hostLine = try #require(banner.split(separator: "\n").first { $0.contains("FIREBASE_AUTH_EMULATOR_HOST=") })
        let port = try #require(Int(hostLine.split(separator: ":").last ?? ""))
        let url = "http://127.0.0.1:5001/demo-fn/us-central1/beforeCreate"

        let remote = try await setFunction("https://functions.example/beforeCreate", port: port, project: "demo-fn")
        let local = try await setFunction(url, port: port, project: "demo-fn")
        let logged = try await waitForOutput(command) { $0.contains("beforeCreate at ") ? $0 : nil }
        command.send(signal: SIGINT)
        #expect(await command.finish() == .exited(0))

        #expect(banner.contains("  Functions: none yet (loopback URLs only)\n"), "\(banner)")
        #expect(banner.contains("Authorization: Bearer owner"))
        #expect(remote == "400")
        #expect(local == "200")
        #expect(logged.contains("Blocking functions of project demo-fn: beforeCreate at \(url)."), "\(logged)")
        #expect(!logged.contains("functions.example"))
    }

    @Test("--allow-remote-functions: the JSON line says so, lists the functions, and a remote URL is accepted")
    func remoteFunctionsAllowed() async throws {
        let command = try InteractiveCommand(
            ["emulator", "--port", "0", "--project", "demo-remote", "--json", "--allow-remote-functions"],
            environment: [:])
        let line = try await waitForOutput(command) { text in text.contains("\n") ? text : nil }
        let object = try jsonObject(line.split(separator: "\n")[0])
        let port = try #require(object["port"] as? Int)

        let remote = try await setFunction("https://functions.example/beforeCreate", port: port, project: "demo-remote")
        command.send(signal: SIGTERM)
        #expect(await command.finish() == .exited(0))

        #expect(object["remoteFunctionsAllowed"] as? Bool == true)
        #expect((object["blockingFunctions"] as? [String: Any])?.isEmpty == true)
        #expect(remote == "200")
    }
}
