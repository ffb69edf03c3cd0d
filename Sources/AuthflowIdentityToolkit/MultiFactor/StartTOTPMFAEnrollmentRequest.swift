import Foundation

/// POST v2 `accounts/mfaEnrollment:start` with `totpEnrollmentInfo: {}`: asks for a new TOTP shared secret for
/// the signed-in user (`TotpMultiFactorGenerator.generateSecret` in the SDKs). Nothing is enrolled until
/// ``FinalizeMFAEnrollmentRequest`` returns a code computed from the secret.
public struct StartTOTPMFAEnrollmentRequest: TenantScopedRequest, Encodable, Hashable {
    /// The decoded reply.
    public typealias Response = StartTOTPMFAEnrollmentResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.startMFAEnrollment

    /// The signed-in user's ID token.
    public var idToken: String
    /// The tenant, sent as `tenantId`.
    public var tenantID: String?

    /// A request for a secret for the user of `idToken`.
    public init(idToken: String, tenantID: String? = nil) {
        self.idToken = idToken
        self.tenantID = tenantID
    }

    private struct EmptyInfo: Encodable, Hashable {}

    private enum CodingKeys: String, CodingKey {
        case idToken, totpEnrollmentInfo
        case tenantID = "tenantId"
    }

    /// Writes the body with the API's field names, leaving out unset fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idToken, forKey: .idToken)
        try container.encode(EmptyInfo(), forKey: .totpEnrollmentInfo)
        try container.encodeIfPresent(tenantID, forKey: .tenantID)
    }
}

/// The reply to ``StartTOTPMFAEnrollmentRequest``: `{"totpSessionInfo":{…}}`, the secret and its parameters.
public struct StartTOTPMFAEnrollmentResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The shared secret, base32 (`sharedSecretKey`): shown to the user once, never stored.
    public let sharedSecretKey: String
    /// Digits per code (`verificationCodeLength`); 6 when absent.
    public let verificationCodeLength: Int
    /// The HMAC's hash (`hashingAlgorithm`), e.g. `SHA1`; `SHA1` when absent.
    public let hashingAlgorithm: String
    /// Seconds per code (`periodSec`); 30 when absent.
    public let periodSec: Int
    /// The enrolment session to finalize with (`sessionInfo`).
    public let sessionInfo: String
    /// When the enrolment must be finalized by (`finalizeEnrollmentTime`, RFC 3339), if sent.
    public let finalizeEnrollmentTime: String?

    /// ``finalizeEnrollmentTime`` as a date.
    public var finalizeEnrollmentDate: Date? {
        finalizeEnrollmentTime.flatMap(Timestamp.date(from:))
    }

    private enum CodingKeys: String, CodingKey {
        case totpSessionInfo
    }

    private enum InfoKeys: String, CodingKey {
        case sharedSecretKey, verificationCodeLength, hashingAlgorithm, periodSec, sessionInfo, finalizeEnrollmentTime
    }

    /// Decodes a reply; fields of an unexpected type count as absent, except the secret and session.
    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: CodingKeys.self)
        let info = try outer.nestedContainer(keyedBy: InfoKeys.self, forKey: .totpSessionInfo)
        sharedSecretKey = try info.decode(String.self, forKey: .sharedSecretKey)
        sessionInfo = try info.decode(String.self, forKey: .sessionInfo)
        verificationCodeLength = info.lenientString(.verificationCodeLength).flatMap { Int($0) } ?? 6
        hashingAlgorithm = info.lenientString(.hashingAlgorithm) ?? "SHA1"
        periodSec = info.lenientString(.periodSec).flatMap { Int($0) } ?? 30
        finalizeEnrollmentTime = info.lenientString(.finalizeEnrollmentTime)
    }
}
