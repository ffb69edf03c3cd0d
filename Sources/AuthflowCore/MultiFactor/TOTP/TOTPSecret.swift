import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation

/// The shared secret `mfaEnrollment:start` handed out for a new TOTP factor (`TotpSecret` in the SDKs), with
/// what an authenticator app needs to compute codes from it. Shown to the user once and never stored: its
/// description hides the key.
public struct TOTPSecret: Sendable, Equatable, CustomStringConvertible {
    /// The key in base32, as `otpauth://` URIs carry it.
    public let secretKey: String
    /// The HMAC's hash as the server names it (`SHA1`).
    public let hashingAlgorithm: String
    /// Digits per code.
    public let codeLength: Int
    /// Seconds per code.
    public let period: Int
    /// When the enrolment must be finished by, if the server said.
    public let finalizeBy: Date?
    /// The enrolment session `mfaEnrollment:finalize` takes.
    let sessionInfo: String

    init(_ reply: StartTOTPMFAEnrollmentResponse) {
        secretKey = reply.sharedSecretKey
        hashingAlgorithm = reply.hashingAlgorithm
        codeLength = reply.verificationCodeLength
        period = reply.periodSec
        finalizeBy = reply.finalizeEnrollmentDate
        sessionInfo = reply.sessionInfo
    }

    /// The key in groups of four, for typing into an app by hand: `ABCD EFGH …`.
    public var groupedKey: String {
        var groups: [String] = []
        var rest = Substring(secretKey)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    /// The `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…` URI authenticator apps
    /// scan (the JS SDK's `generateQrCodeUrl`, plus `period` when it is not the usual 30 seconds). Unlike the
    /// SDK, the label and issuer are percent-encoded, so names with spaces or `:` survive.
    public func uri(account: String, issuer: String) -> String {
        let label =
            PercentEncoding.encodeUnreserved(issuer) + ":"
            + PercentEncoding.encodeUnreserved(account)
        var uri =
            "otpauth://totp/\(label)?secret=\(secretKey)&issuer=\(PercentEncoding.encodeUnreserved(issuer))"
            + "&algorithm=\(hashingAlgorithm)&digits=\(codeLength)"
        if period != 30 { uri += "&period=\(period)" }
        return uri
    }

    /// The code an app shows at `date`, when the algorithm is SHA-1 (the only one Firebase hands out); `nil`
    /// otherwise. For tours and tests that play the authenticator app.
    public func code(at date: Date = Date()) -> String? {
        guard hashingAlgorithm.uppercased().replacingOccurrences(of: "-", with: "") == "SHA1",
            let generator = TimeBasedOneTimePassword(base32Secret: secretKey, digits: codeLength, period: period)
        else { return nil }
        return generator.code(at: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    public var description: String {
        "TOTPSecret(secretKey: <redacted>, hashingAlgorithm: \(hashingAlgorithm), codeLength: \(codeLength), "
            + "period: \(period))"
    }
}
