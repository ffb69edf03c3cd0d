import AuthflowPrimitives

/// What a waiting flow publishes so `authflow handle-url` can find it: where it listens, the secret that
/// proves a handoff comes from this user, the key with which the listener proves it is this flow (see
/// ``HandoffProof``), and which URLs it waits for.
public struct Rendezvous: Codable, Sendable, Hashable {
    /// The listener's port on 127.0.0.1.
    public var port: UInt16
    /// A CSPRNG secret; the file holding it is readable by this user only.
    public var secret: String
    /// A CSPRNG key only the listener and this file know: the listener's ``HandoffProof`` is made with it.
    public var proofKey: String
    /// Custom schemes (lowercased) the flow waits for; empty means it only takes loopback callbacks.
    public var schemes: [String]
    /// The waiting process, so files of processes that died can be cleared.
    public var pid: Int32
    /// A short description for messages, such as `phone sign-in` or `listen`.
    public var label: String

    /// A record for the listener on `port`.
    public init(port: UInt16, secret: String, proofKey: String, schemes: [String], pid: Int32, label: String) {
        self.port = port
        self.secret = secret
        self.proofKey = proofKey
        self.schemes = schemes.map { $0.lowercased() }
        self.pid = pid
        self.label = label
    }

    /// The record a rendezvous file holds (written through `Codable`), read with ``JSONParser``; nil when a
    /// field is missing or of another type, or a number does not fit (the file of a listener older than the proof key
    /// too: it cannot prove itself). Members it does not know are ignored.
    public init?(fileBytes bytes: [UInt8]) {
        guard case .object(let object)? = try? JSONParser.parse(bytes),
            case .number(let port)? = object["port"], let port = UInt16(exactly: port),
            case .string(let secret)? = object["secret"],
            case .string(let proofKey)? = object["proofKey"],
            case .array(let listed)? = object["schemes"],
            case .number(let pid)? = object["pid"], let pid = Int32(exactly: pid),
            case .string(let label)? = object["label"]
        else { return nil }
        var schemes: [String] = []
        for value in listed {
            guard case .string(let scheme) = value else { return nil }
            schemes.append(scheme)
        }
        self.port = port
        self.secret = secret
        self.proofKey = proofKey
        self.schemes = schemes
        self.pid = pid
        self.label = label
    }

    /// Whether a URL with this scheme could be for this flow.
    public func waits(forScheme scheme: String) -> Bool {
        let scheme = scheme.lowercased()
        if scheme == "http" || scheme == "https" { return true }
        return schemes.contains(scheme)
    }
}
