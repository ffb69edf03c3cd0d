import AuthflowListener
import AuthflowTestSupport
import Foundation
import Glibc
import Testing

/// What `handle-url` and `listen` do when the machine hands them something hostile: a dead flow's port taken by
/// another program (with the flow's pid reused), and callback URLs holding control characters.
@Suite("Handoff hardening: strangers on the port, control characters")
struct HandoffHardeningTests {
    static let scheme = "app-1-2-ios-3"

    /// The one rendezvous file in `directory`, its path and its record.
    static func rendezvous(in directory: String) throws -> (path: String, record: Rendezvous) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("flow-") }
        let name = try #require(names.count == 1 ? names.first : nil, "\(names)")
        let path = directory + "/" + name
        let record = try #require(Rendezvous(fileBytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        return (path, record)
    }

    @Test(
        "listen killed with -9, its pid reused and its port taken: the stranger is sent nothing secret and handle-url says no command is waiting (1); a live listener still takes the URL"
    )
    func strangerOnThePort() async throws {
        let runtime = try TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let directory = RendezvousDirectory(path: runtime.path + "/authflow")
        let dead = try RunningCommand(
            ["listen", "--json", "--scheme", Self.scheme, "--state", "st-1", "--timeout", "60"],
            environment: environment)
        _ = try #require(await dead.readLine())
        let (deadFile, record) = try Self.rendezvous(in: directory.path)
        dead.send(SIGKILL)
        #expect(await dead.finish().termination == .signalled(SIGKILL))
        // The pid is reused (the file now names this running process) and another program takes the port.
        var reused = record
        reused.pid = getpid()
        try FileManager.default.removeItem(atPath: deadFile)
        let strangerFile = try directory.publish(reused)
        let stranger = try PortSquatter(port: record.port)
        defer { stranger.stop() }

        let handed = try await AuthflowCommand.run(
            ["handle-url", "\(Self.scheme)://firebaseauth/link?code=secret-code-1&state=st-1"],
            environment: environment)

        #expect(handed.exitCode == 1, "\(handed.stderrText)")
        #expect(handed.stderrText.contains("No authflow command is waiting for this URL"), "\(handed.stderrText)")
        #expect(stranger.connections == 1, "the stranger was asked to prove itself")
        #expect(stranger.receivedText.hasPrefix("GET \(HandoffEndpoint.proofPath) "), "\(stranger.receivedText)")
        for secret in [record.secret, record.proofKey, "secret-code-1", HandoffEndpoint.secretHeader] {
            #expect(!stranger.receivedText.contains(secret), "\(secret) reached the stranger")
        }

        // A live flow beside the stranger's file still gets the URL, though the stranger's file is tried first.
        let live = try RunningCommand(
            ["listen", "--json", "--scheme", Self.scheme, "--state", "st-2", "--timeout", "60"],
            environment: environment)
        _ = try #require(await live.readLine())
        var later = [timespec(tv_sec: time(nil) + 3600, tv_nsec: 0), timespec(tv_sec: time(nil) + 3600, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, strangerFile, &later, 0) == 0)
        let delivered = try await AuthflowCommand.run(
            ["handle-url", "\(Self.scheme)://firebaseauth/link?code=secret-code-2&state=st-2"],
            environment: environment)
        let (termination, lines) = await live.finish()

        #expect(delivered.exitCode == 0, "\(delivered.stderrText)")
        #expect(termination == .exited(0))
        #expect(lines.count == 1 && lines.first?.contains("secret-code-2") == true, "\(lines)")
        #expect(stranger.connections == 2, "the stranger's file was tried first")
        #expect(!stranger.receivedText.contains("secret-code-2"))
    }

    @Test(
        "handle-url refuses a URL holding a control character (C0, DEL, C1, a bidirectional override) with exit 2, before any flow sees it",
        arguments: [
            ("code=a\r\nFAKE: Signed in as admin@bank.com", "U+000D"),
            ("code=\u{1B}]0;title\u{07}", "U+001B"),
            ("code=a\u{7F}", "U+007F"),
            ("code=\u{9B}2J", "U+009B"),
            ("code=\u{202E}moc.knab", "U+202E"),
            ("code=\u{2066}x", "U+2066"),
        ])
    func handleURLRefusesControlCharacters(query: String, codePoint: String) async throws {
        let runtime = try TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let listen = try RunningCommand(
            ["listen", "--json", "--scheme", Self.scheme, "--state", "st-1", "--timeout", "60"],
            environment: environment)
        _ = try #require(await listen.readLine())

        let refused = try await AuthflowCommand.run(
            ["handle-url", "\(Self.scheme)://firebaseauth/link?state=st-1&\(query)"], environment: environment)
        let clean = try await AuthflowCommand.run(
            ["handle-url", "\(Self.scheme)://firebaseauth/link?state=st-1&code=ok"], environment: environment)
        let (termination, lines) = await listen.finish()

        #expect(refused.exitCode == 2, "\(refused.stderrText)")
        #expect(refused.stderrText.contains("control character (\(codePoint))"), "\(refused.stderrText)")
        #expect(!refused.stderrText.contains("FAKE") && !refused.stderrText.contains("\u{1B}"))
        #expect(clean.exitCode == 0, "the flow kept waiting: \(clean.stderrText)")
        #expect(termination == .exited(0))
        #expect(lines.count == 1 && lines.first?.contains(#""code":"ok""#) == true, "\(lines)")
    }

    @Test(
        "A callback holding control characters that reaches listen (an older sender's handoff, a raw HTTP request) is refused and never printed; the wait goes on"
    )
    func listenRefusesControlCharacters() async throws {
        let runtime = try TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let listen = try RunningCommand(
            ["listen", "--scheme", Self.scheme, "--state", "st-3", "--timeout", "60"], environment: environment)
        let redirectURI = try #require(await listen.readLine())
        let (_, record) = try Self.rendezvous(in: runtime.path + "/authflow")
        let path = String(redirectURI.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })

        // A sender that checks nothing posts a URL with a line break in it, with the right secret.
        let forged = "\(Self.scheme)://firebaseauth/link?state=st-3&code=a\r\nFAKE: Signed in as admin@bank.com"
        let handoff = try await RawHTTPConnection.exchange(
            "POST \(HandoffEndpoint.path) HTTP/1.1\r\nHost: 127.0.0.1:\(record.port)\r\n"
                + "\(HandoffEndpoint.secretHeader): \(record.secret)\r\nContent-Length: \(forged.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(forged)",
            port: record.port)
        // A browser-side request with a raw escape sequence in its query.
        let http = try await RawHTTPConnection.exchange(
            "GET \(path)?state=st-3&code=\u{1B}[2J\u{9B}1m HTTP/1.1\r\nHost: 127.0.0.1:\(record.port)\r\n"
                + "Connection: close\r\n\r\n",
            port: record.port)
        let clean = try await AuthflowCommand.run(
            ["handle-url", "\(Self.scheme)://firebaseauth/link?state=st-3&code=ok"], environment: environment)
        let (termination, lines) = await listen.finish()

        #expect(handoff?.status == 400)
        #expect(handoff?.header(HandoffEndpoint.rejectionHeader) == "reason=control-character&value=U%2B000D")
        #expect(http?.status == 400)
        #expect(clean.exitCode == 0, "the flow kept waiting: \(clean.stderrText)")
        #expect(termination == .exited(0))
        #expect(lines == ["\(Self.scheme)://firebaseauth/link?state=st-3&code=ok"])
    }
}
