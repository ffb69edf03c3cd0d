import AuthflowListener
import AuthflowTestSupport

/// An HTTPS loopback server standing in for a short-link host, with a certificate the test trusts.
struct ShortLinkServer {
    let server: LoopbackServer
    let certificate: SelfSignedCertificate
    let requests: Recorder<String>

    init(respond: @escaping @Sendable (LoopbackRequest, UInt16) -> LoopbackResponse) throws {
        let certificate = try SelfSignedCertificate.make()
        let requests = Recorder<String>()
        let portBox = Recorder<UInt16>()
        server = try LoopbackServer(
            configuration: .init(tls: .init(certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.keyPEM))
        ) { request in
            requests.append(request.target)
            return respond(request, portBox.last ?? 0)
        }
        portBox.append(server.port)
        self.certificate = certificate
        self.requests = requests
    }

    /// The host entry a user would pass as `--link-domain`.
    var linkDomain: String { "localhost:\(server.port)" }

    func url(_ path: String) -> String { "https://localhost:\(server.port)\(path)" }
}
