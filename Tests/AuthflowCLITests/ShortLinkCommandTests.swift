import AuthflowTestSupport
import Foundation
import Testing

/// Expanding a short link from the command line, against a real HTTPS server on loopback.
struct ShortLinkCommandTests {
    @Test func expandsAShortLinkOnANamedDomain() async throws {
        let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123"
        let server = try await HTTPSRecordingServer { request, _ in
            request.path == "/AbCd" ? .redirect(to: action) : .text("gone", status: 404)
        }
        let domain = server.hostAndPort
        let certificate = server.certificate
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--json", "--short-link-domain", domain, "--cacert", certificate.certificatePath,
            "https://\(domain)/AbCd",
        ])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["oobCode"] as? String == "CODE123")
        #expect(object["layers"] as? [String] == ["short link localhost"])

        let gone = try await AuthflowCommand.run([
            "link", "inspect", "--short-link-domain", domain, "--cacert", certificate.certificatePath,
            "https://\(domain)/gone",
        ])
        #expect(gone.exitCode == 1)
        #expect(gone.stderrText.contains("does not exist any more"))
        #expect(server.targets == ["/AbCd", "/gone"])
    }

    /// --short-link-domain allows the host and --request-timeout bounds each request.
    @Test func expandsWithTheNewOptionNames() async throws {
        let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE456"
        let server = try await HTTPSRecordingServer { request, _ in
            request.path == "/EfGh" ? .redirect(to: action) : .text("gone", status: 404)
        }
        let domain = server.hostAndPort
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--json", "--short-link-domain", domain, "--cacert", server.certificate.certificatePath,
            "--request-timeout", "20", "https://\(domain)/EfGh",
        ])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try jsonObject(result.stdoutText)["oobCode"] as? String == "CODE456")
        #expect(server.targets == ["/EfGh"])
    }

    /// Every other short-link test names the loopback server, which exempts it from the address check. Here the
    /// user names `links.localhost`; its short link redirects to `hop.links.localhost`, a short link too (a
    /// subdomain of the named domain) that resolves to loopback as well but was not named itself: that request
    /// must never be made.
    @Test("A short-link host the user did not name that resolves to loopback is refused, never requested")
    func unnamedHostOnLoopbackIsRefused() async throws {
        let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE789"
        let server = try await HTTPSRecordingServer(altNames: ["links.localhost", "hop.links.localhost"]) {
            request, origin in
            switch request.path {
            // origin is https://links.localhost:PORT
            case "/AbCd": .redirect(to: origin.replacingOccurrences(of: "https://", with: "https://hop.") + "/EfGh")
            case "/EfGh": .redirect(to: action)
            default: .text("gone", status: 404)
            }
        }
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--json", "--short-link-domain", "links.localhost", "--cacert",
            server.certificate.certificatePath, "https://links.localhost:\(server.port)/AbCd",
        ])
        // A blocked address is a refusal (1), not a network failure.
        #expect(result.exitCode == 1, "\(result.stdoutText) \(result.stderrText)")
        #expect(result.stderrText.contains("https://hop.links.localhost:\(server.port)/EfGh"), "\(result.stderrText)")
        #expect(result.stderrText.contains("because it is a private or local address"), "\(result.stderrText)")
        #expect(!result.stdoutText.contains("CODE789"))
        #expect(server.targets == ["/AbCd"], "the unnamed host was never asked")
    }

    @Test(arguments: [
        (["--request-timeout", "0"], "--request-timeout must be between"),
        (["--timeout", "0"], "--timeout must be between"),
        (["--request-timeout", "5", "--timeout", "5"], "Give --request-timeout only"),
    ])
    func requestTimeoutIsCheckedUnderEitherName(arguments: [String], message: String) async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "--offline"] + arguments + ["https://x"])
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
    }
}
