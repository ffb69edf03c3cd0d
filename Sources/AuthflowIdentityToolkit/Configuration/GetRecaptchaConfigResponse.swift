/// The reply to ``GetRecaptchaConfigRequest``.
public struct GetRecaptchaConfigResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// One provider's enforcement entry, as sent.
    public struct Enforcement: Sendable, Hashable, Decodable {
        /// The provider name, e.g. `PHONE_PROVIDER`.
        public let provider: String?
        /// The state name, e.g. `ENFORCE`.
        public let enforcementState: String?

        private enum CodingKeys: String, CodingKey {
            case provider, enforcementState
        }

        /// Decodes a reply; fields of an unexpected type count as absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            provider = container.lenientString(.provider)
            enforcementState = container.lenientString(.enforcementState)
        }
    }

    /// `projects/<project>/keys/<siteKey>`; absent when no provider uses Enterprise.
    public let recaptchaKey: String?
    /// The per-provider states; empty when absent.
    public let recaptchaEnforcementState: [Enforcement]

    private enum CodingKeys: String, CodingKey {
        case recaptchaKey, recaptchaEnforcementState
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recaptchaKey = container.lenientString(.recaptchaKey)
        recaptchaEnforcementState =
            (try? container.decodeIfPresent([Enforcement].self, forKey: .recaptchaEnforcementState)) ?? []
    }

    /// The Enterprise site key: the fourth `/`-separated part of ``recaptchaKey``, which must have exactly
    /// four parts (as iOS requires); `nil` otherwise.
    public var siteKey: String? {
        guard let recaptchaKey else { return nil }
        let parts = recaptchaKey.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }

    /// The state for `provider`: a missing entry means ``RecaptchaEnforcementState/off``, an unknown state
    /// ``RecaptchaEnforcementState/unspecified``.
    public func enforcementState(for provider: RecaptchaProvider) -> RecaptchaEnforcementState {
        guard let entry = recaptchaEnforcementState.first(where: { $0.provider == provider.rawValue }) else {
            return .off
        }
        return entry.enforcementState.flatMap(RecaptchaEnforcementState.init(rawValue:)) ?? .unspecified
    }
}
