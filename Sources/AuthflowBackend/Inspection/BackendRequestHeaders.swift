import AuthflowPrimitives

/// The client-identifying headers of one REST call the backend received: what API-key restrictions and
/// localisation look at. Nothing secret is kept (no `Authorization`, no App Check token, no body).
public struct BackendRequestHeaders: Sendable, Hashable {
    /// The headers recorded, by the names clients send.
    public static let recordedNames = [
        "X-Client-Version", "X-Firebase-GMPID", "X-Firebase-Locale", "Accept-Language", "X-Ios-Bundle-Identifier",
        "X-Android-Package", "X-Android-Cert", "Referer",
    ]

    /// The REST operation (`accounts:signInWithPassword`, `token` for the secure-token API).
    public let operation: String
    /// Each recorded header the request carried, with the name as the client spelled it.
    public let headers: [HTTPHeader]

    /// The value of `name` (compared case-insensitively), if the request carried it.
    public func value(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    init(operation: String, all: [HTTPHeader]) {
        self.operation = operation
        let wanted = Set(Self.recordedNames.map { $0.lowercased() })
        headers = all.filter { wanted.contains($0.name.lowercased()) }
    }
}
