import AuthflowTestSupport
import Foundation
import Testing

/// Expanding a short link from the command line, against a real HTTPS server on loopback.
struct ShortLinkCommandTests {
    @Test func expandsAShortLinkOnANamedDomain() async throws {
        let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123"
        let server = try HTTPSRecordingServer { request, _ in
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

        let gone = try await AuthflowCommand.run([
            "link", "inspect", "--link-domain", domain, "--cacert", certificate.certificatePath,
            "https://\(domain)/gone",
        ])
        #expect(gone.exitCode == 1)
        #expect(gone.stderrText.contains("does not exist any more"))
        #expect(server.targets == ["/AbCd", "/gone"])
    }
}
