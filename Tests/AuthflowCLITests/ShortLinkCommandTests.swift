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
            "link", "inspect", "--json", "--link-domain", domain, "--cacert", certificate.certificatePath,
            "https://\(domain)/AbCd",
        ])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["oobCode"] as? String == "CODE123")
        #expect(object["layers"] as? [String] == ["short link localhost"])
        #expect(
            result.stderrText.contains("--link-domain is deprecated and will be removed; use --short-link-domain"),
            "\(result.stderrText)")

        let gone = try await AuthflowCommand.run([
            "link", "inspect", "--link-domain", domain, "--cacert", certificate.certificatePath,
            "https://\(domain)/gone",
        ])
        #expect(gone.exitCode == 1)
        #expect(gone.stderrText.contains("does not exist any more"))
        #expect(server.targets == ["/AbCd", "/gone"])
    }

    /// The new names: --short-link-domain allows the host and --request-timeout bounds each request; the former
    /// names (used above) still work as hidden aliases.
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
