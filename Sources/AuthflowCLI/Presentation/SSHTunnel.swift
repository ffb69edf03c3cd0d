import AuthflowListener
import AuthflowPrimitives
import Foundation

/// A loopback page shown to someone logged in over SSH: the browser is on their own machine, where this
/// machine's loopback port is unreachable until they forward it.
struct SSHTunnel: Equatable {
    /// The loopback port the page is served on.
    let port: Int
    /// The account logged in here, when the environment names it.
    let account: String?

    /// What stands for this machine in ``command``: only the person knows the name they reach it by (the
    /// server address in `SSH_CONNECTION` is wrong behind NAT, port forwards and jump hosts).
    static let hostPlaceholder = "<host>"

    /// The command to run on the person's own machine, against the host they connected to.
    var command: String {
        "ssh -L \(port):localhost:\(port) " + (account.map { $0 + "@" } ?? "") + Self.hostPlaceholder
    }

    /// The tunnel `url` needs when this process runs over SSH and `url` is served on a loopback host; `nil`
    /// otherwise.
    init?(for url: String, environment: [String: String] = ProcessEnvironment.current()) {
        guard BrowserAvailability.isSSHSession(environment: environment), let parts = URLParts(url),
            parts.scheme == "http" || parts.scheme == "https",
            ["localhost", "127.0.0.1", "::1"].contains(parts.host)
        else { return nil }
        port = parts.port ?? (parts.scheme == "https" ? 443 : 80)
        account = [environment["USER"], environment["LOGNAME"]].compactMap { $0 }.first { !$0.isEmpty }
    }
}
