import Foundation

/// A throwaway certificate and key made with the `openssl` command, for TLS tests against local servers.
/// The files live in a temporary directory that is deleted when this value is released.
public struct SelfSignedCertificate: Sendable {
    public let directory: TemporaryDirectory
    public let certificatePath: String
    public let keyPath: String
    public let certificatePEM: String
    public let keyPEM: String

    /// Makes a P-256 certificate valid for two days. Each alternative name that parses as an IP address
    /// becomes an `IP:` entry, everything else a `DNS:` entry.
    public static func make(
        commonName: String = "localhost",
        altNames: [String] = ["localhost", "127.0.0.1"]
    ) async throws -> SelfSignedCertificate {
        let directory = try TemporaryDirectory(prefix: "authflow-cert")
        let certificatePath = directory.file("certificate.pem")
        let keyPath = directory.file("key.pem")
        let subjectAltNames = altNames.map { isIPAddress($0) ? "IP:\($0)" : "DNS:\($0)" }.joined(separator: ",")
        var arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", keyPath, "-out", certificatePath, "-days", "2", "-subj", "/CN=\(commonName)",
            "-addext", "basicConstraints=critical,CA:TRUE",
        ]
        if !altNames.isEmpty { arguments += ["-addext", "subjectAltName=\(subjectAltNames)"] }
        let result = try await Subprocess.run("openssl", arguments: arguments, timeout: .seconds(60))
        guard result.succeeded else {
            throw Subprocess.Failure(description: "openssl req failed (\(result.exitCode)): \(result.stderrText)")
        }
        return SelfSignedCertificate(
            directory: directory,
            certificatePath: certificatePath,
            keyPath: keyPath,
            certificatePEM: try String(contentsOfFile: certificatePath, encoding: .utf8),
            keyPEM: try String(contentsOfFile: keyPath, encoding: .utf8)
        )
    }

    private static func isIPAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return buffer.withUnsafeMutableBytes { bytes in
            inet_pton(AF_INET, text, bytes.baseAddress) == 1 || inet_pton(AF_INET6, text, bytes.baseAddress) == 1
        }
    }
}
