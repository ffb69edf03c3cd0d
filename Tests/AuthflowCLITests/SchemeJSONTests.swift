import AuthflowTestSupport
import Foundation
import Testing

/// `--json` on `register-scheme` (without `--list`), `unregister-scheme` and `handle-url`: one JSON object on standard
/// output in place of the sentences, in throwaway XDG directories.
@Suite("register-scheme, unregister-scheme and handle-url with --json")
struct SchemeJSONTests {
    /// The objects in the one-element `schemes` array of a JSON line.
    private func schemes(_ result: SubprocessResult) throws -> [[String: Any]] {
        let object = try jsonObject(result.stdoutText.trimmingCharacters(in: .newlines))
        return try #require(object["schemes"] as? [[String: Any]], "\(result.stdoutText)")
    }

    @Test("register-scheme --json names the file and the default; --print --json the entry; unregister says what went")
    func registerAndUnregister() async throws {
        let home = try TemporaryDirectory()
        let environment = try SchemeCommandTests.desktop(home)
        let scheme = "com.example.json"
        let file = home.path + "/data/applications/authflow-\(scheme).desktop"

        let preview = try await AuthflowCommand.run(
            ["register-scheme", scheme, "--print", "--json"], environment: environment)
        #expect(preview.exitCode == 0, "\(preview.stderrText)")
        let previewed = try #require(try schemes(preview).first)
        #expect(previewed["scheme"] as? String == scheme)
        #expect(previewed["desktopFile"] as? String == file)
        #expect(previewed["mimeType"] as? String == "x-scheme-handler/\(scheme)")
        #expect((previewed["entry"] as? String)?.contains("MimeType=x-scheme-handler/\(scheme);") == true)
        #expect(!FileManager.default.fileExists(atPath: file), "--print writes nothing")

        let registered = try await AuthflowCommand.run(["register-scheme", scheme, "--json"], environment: environment)
        #expect(registered.exitCode == 0, "\(registered.stderrText)")
        #expect(!registered.stdoutText.contains("Registered"), "the sentence is replaced")
        let done = try schemes(registered)
        #expect(done.count == 1)
        #expect(done.first?["scheme"] as? String == scheme)
        #expect(done.first?["desktopFile"] as? String == file)
        #expect(["xdg-mime", "mimeapps.list"].contains(done.first?["defaultSetBy"] as? String ?? ""))
        #expect(done.first?["isDefault"] as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: file))

        let removed = try await AuthflowCommand.run(["unregister-scheme", scheme, "--json"], environment: environment)
        #expect(removed.exitCode == 0, "\(removed.stderrText)")
        #expect(!removed.stdoutText.contains("Unregistered"))
        let gone = try #require(try schemes(removed).first)
        #expect(gone["scheme"] as? String == scheme)
        #expect(gone["desktopFile"] as? String == file)
        #expect(gone["removedEntry"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: file))

        // Again: nothing to remove, said in the object, still exit 0.
        let again = try await AuthflowCommand.run(["unregister-scheme", scheme, "--json"], environment: environment)
        #expect(again.exitCode == 0, "\(again.stderrText)")
        let nothing = try #require(try schemes(again).first)
        #expect(nothing["removedEntry"] as? Bool == false)
        #expect(nothing["removedDefault"] as? Bool == false)

        // --all with nothing registered: an empty list, not a silent exit.
        let none = try await AuthflowCommand.run(["unregister-scheme", "--all", "--json"], environment: environment)
        #expect(none.exitCode == 0, "\(none.stderrText)")
        #expect(try schemes(none).isEmpty)
    }

    @Test(
        "handle-url --json: {\"outcome\":\"handed-over\"} when the waiting listen takes the URL; exit 1 and no JSON else"
    )
    func handleURL() async throws {
        let home = try TemporaryDirectory()
        let environment = try SchemeCommandTests.desktop(home)
        let listen = try RunningCommand(
            ["listen", "--json", "--scheme", "com.example.json", "--state", "st-9", "--timeout", "60"],
            environment: environment)
        _ = try #require(await listen.readLine())

        let handed = try await AuthflowCommand.run(
            ["handle-url", "com.example.json:/callback?code=c&state=st-9", "--json"], environment: environment)
        let (termination, lines) = await listen.finish()

        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(handed.stdoutText == "{\"outcome\":\"handed-over\"}\n")
        #expect(termination == .exited(0))
        #expect(try jsonObject(try #require(lines.first))["event"] as? String == "callback")

        let unwanted = try await AuthflowCommand.run(
            ["handle-url", "com.example.json:/callback?code=c&state=st-9", "--json"], environment: environment)
        #expect(unwanted.exitCode == 1)
        #expect(unwanted.stdoutText.isEmpty)
        #expect(unwanted.stderrText.contains("No authflow command is waiting for this URL"), "\(unwanted.stderrText)")
    }
}
