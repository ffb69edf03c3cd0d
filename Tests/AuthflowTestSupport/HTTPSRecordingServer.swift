import AuthflowListener

/// An HTTPS ``RecordingServer`` with a throwaway certificate, standing in for a remote host (a short-link
/// domain, say). Clients trust it through ``certificate``'s path as their CA bundle.
public final class HTTPSRecordingServer: Sendable {
    /// The certificate the server presents, valid for `altNames` (by default `localhost` and `127.0.0.1`).
    public let certificate: SelfSignedCertificate
    private let recording: RecordingServer

    /// Starts the server. `reply` also gets the origin the client addressed (`https://` + its `Host`), so
    /// redirects to absolute URLs on the same server are easy to write. `altNames` are the names the
    /// certificate is valid for (libcurl resolves `localhost` and every `*.localhost` name to loopback).
    public init(
        altNames: [String] = ["localhost", "127.0.0.1"],
        reply: @escaping @Sendable (_ request: LoopbackRequest, _ origin: String) -> LoopbackResponse
    ) async throws {
        let certificate = try await SelfSignedCertificate.make(altNames: altNames)
        recording = try RecordingServer(
            // It stands in for other hosts, so it answers whatever name it was reached by.
            configuration: .init(
                tls: .init(certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.keyPEM),
                hostPolicy: .any)
        ) { request in
            reply(request, "https://" + (request.header("Host") ?? "localhost"))
        }
        self.certificate = certificate
    }

    /// `localhost:PORT`, the form a user passes to `--link-domain`.
    public var hostAndPort: String { "localhost:\(recording.port)" }
    /// The port the server listens on (loopback).
    public var port: UInt16 { recording.port }
    /// The request targets received so far, in order.
    public var targets: [String] { recording.targets }

    /// `https://localhost:PORT` + `path`.
    public func url(_ path: String) -> String { "https://\(hostAndPort)\(path)" }

    /// Stops the server and frees its port.
    public func stop() { recording.stop() }
}
