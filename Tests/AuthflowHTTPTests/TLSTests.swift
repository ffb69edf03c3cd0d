import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("TLS verification")
struct TLSTests {
    private func tlsServer(_ certificate: SelfSignedCertificate) throws -> LoopbackServer {
        try LoopbackServer(
            configuration: .init(
                tls: .init(
                    certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.keyPEM
                ))
        ) { _ in .text("secure") }
    }

    @Test("A self-signed certificate is rejected by default with .tls")
    func untrustedCertificateFails() async throws {
        let certificate = try await SelfSignedCertificate.make()
        let server = try tlsServer(certificate)
        defer { server.stop() }

        let error = await capturedError {
            try await makeClient().send(HTTPRequest(url: server.url("/", scheme: "https")))
        }

        guard case .tls(let host, _)? = error else {
            Issue.record("expected .tls, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
    }

    @Test("The same certificate is accepted when given as caBundlePath, by IP and by name")
    func trustedBundleSucceeds() async throws {
        let certificate = try await SelfSignedCertificate.make()
        let server = try tlsServer(certificate)
        defer { server.stop() }
        let client = makeClient(caBundlePath: certificate.certificatePath)

        for host in ["127.0.0.1", "localhost"] {
            let response = try await client.send(HTTPRequest(url: server.url("/", host: host, scheme: "https")))
            #expect(response.text == "secure", "host \(host)")
        }
    }

    @Test("Host verification stays on: a trusted certificate for another name is rejected")
    func wrongNameFails() async throws {
        let certificate = try await SelfSignedCertificate.make(
            commonName: "elsewhere.invalid", altNames: ["elsewhere.invalid"])
        let server = try tlsServer(certificate)
        defer { server.stop() }

        let error = await capturedError {
            try await makeClient(caBundlePath: certificate.certificatePath)
                .send(HTTPRequest(url: server.url("/", scheme: "https")))
        }

        guard case .tls? = error else {
            Issue.record("expected .tls, got \(String(describing: error))")
            return
        }
    }
}
