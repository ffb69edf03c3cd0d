import AuthflowPrimitives
import Foundation

/// A loopback page shown to someone logged in over SSH: the browser is on their own machine, where this
/// machine's loopback port is unreachable until they forward it.
struct SSHTunnel: Equatable {
    /// The loopback port the page is served on.
    let port: Int
    /// The account and address the person's SSH client connected to (`user@203.0.113.5`).
    let destination: String

    /// The command to run on the person's own machine.
    var command: String { "ssh -L \(port):localhost:\(port) \(destination)" }

    /// The tunnel `url` needs when this process runs over SSH (`SSH_CONNECTION` names the server address)
    /// and `url` is served on a loopback host; `nil` otherwise.
    init?(for url: String, environment: [String: String] = ProcessEnvironment.current()) {
        guard let connection = environment["SSH_CONNECTION"], let parts = URLParts(url),
            parts.scheme == "http" || parts.scheme == "https",
            ["localhost", "127.0.0.1", "::1"].contains(parts.host)
        else { return nil }
        // SSH_CONNECTION: client address, client port, server address, server port.
        let fields = connection.split(separator: " ")
        guard fields.count == 4 else { return nil }
        let port = parts.port ?? (parts.scheme == "https" ? 443 : 80)
        let user = environment["USER"] ?? environment["LOGNAME"]
        self.port = port
        destination = (user.map { $0 + "@" } ?? "") + String(fields[2])
    }
}
