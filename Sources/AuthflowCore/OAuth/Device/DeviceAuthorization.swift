import AuthflowPrimitives

/// The device authorization endpoint's answer (RFC 8628 §3.2): what the person is shown, and the code polled with.
public struct DeviceAuthorization: Sendable, Equatable {
    /// The device code (Facebook: `code`), sent with every poll; never shown.
    public let deviceCode: String
    /// The code the person types at ``verificationURI``.
    public let userCode: String
    /// Where the person goes (Google spells it `verification_url`).
    public let verificationURI: String
    /// The same page with the code filled in, when the provider gives one.
    public let verificationURIComplete: String?
    /// How long the codes are valid, in seconds.
    public let expiresIn: Int
    /// The seconds to wait between polls; 5 when the provider says nothing (RFC 8628 §3.2).
    public let interval: Int

    /// A parsed answer.
    public init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String? = nil,
        expiresIn: Int, interval: Int = 5
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    /// The page to show as a QR code: the one with the code filled in when there is one.
    public var scannableURI: String { verificationURIComplete ?? verificationURI }

    /// The answer in `body`, or nil when it lacks a field RFC 8628 requires (or Facebook's spelling of it).
    public init?(json body: JSONValue) {
        guard let deviceCode = (body["device_code"] ?? body["code"])?.stringValue,
            let userCode = body["user_code"]?.stringValue,
            let uri = (body["verification_uri"] ?? body["verification_url"])?.stringValue,
            let expires = body["expires_in"]?.numberValue, expires > 0
        else { return nil }
        let interval = body["interval"]?.numberValue.map { max(1, Int($0)) } ?? 5
        self.init(
            deviceCode: deviceCode, userCode: userCode, verificationURI: uri,
            verificationURIComplete: body["verification_uri_complete"]?.stringValue, expiresIn: Int(expires),
            interval: interval)
    }
}
