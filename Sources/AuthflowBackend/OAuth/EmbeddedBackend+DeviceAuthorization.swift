import AuthflowPrimitives
import Foundation

extension EmbeddedBackend {
    /// The person a test plays when it approves a device authorization: the provider's user ID and profile.
    public struct DeviceAuthorizationUser: Sendable, Hashable {
        /// The provider's user ID (`sub`; GitHub's and Facebook's numeric ID).
        public var sub: String
        /// The address the provider reports, if any.
        public var email: String?
        /// The display name the provider reports, if any.
        public var name: String?

        /// A user with the provider's ID `sub` and, optionally, an address and a display name.
        public init(sub: String, email: String? = nil, name: String? = nil) {
            self.sub = sub
            self.email = email
            self.name = name
        }
    }

    /// What has been decided for a device authorization.
    public enum DeviceAuthorizationOutcome: Sendable, Hashable {
        /// Nobody has approved or denied it yet: polls answer "pending".
        case pending
        case approved(DeviceAuthorizationUser)
        case denied
        case expired
    }

    /// A test step's decision on a device authorization.
    public enum DeviceAuthorizationChange: Sendable, Hashable {
        /// The user approved as `DeviceAuthorizationUser`: the next poll gets the provider's tokens.
        case approve(DeviceAuthorizationUser)
        /// The user refused: polls answer the provider's "access denied".
        case deny
        /// The code ran out: polls answer the provider's "expired".
        case expire
        /// The next poll (only) answers the provider's "slow down".
        case slowDown
    }

    /// A device authorization a stand-in started and nobody has exchanged yet.
    public struct DeviceAuthorization: Sendable, Hashable {
        /// `github.com`, `google.com`, `facebook.com`, or `oidc` for the OIDC issuer stand-in.
        public var providerID: String
        /// The client that started it (Facebook: the app ID).
        public var clientID: String
        /// The code the user would type at the verification URI.
        public var userCode: String
        /// The scopes asked for, space-separated.
        public var scope: String
        public var outcome: DeviceAuthorizationOutcome

        /// The emulator API's view: provider, client, user code, scope and state (never the device code).
        var json: JSONValue {
            var object = JSONObject()
            object["providerId"] = .string(providerID)
            object["clientId"] = .string(clientID)
            object["userCode"] = .string(userCode)
            object["scope"] = .string(scope)
            switch outcome {
            case .pending: object["state"] = "PENDING"
            case .approved: object["state"] = "APPROVED"
            case .denied: object["state"] = "DENIED"
            case .expired: object["state"] = "EXPIRED"
            }
            return .object(object)
        }
    }

    /// Decides the device authorization whose user code is `userCode` (the latest one started when `nil`), as
    /// the user at the provider's verification page would; `false` when there is no such authorization.
    @discardableResult
    public func decideDeviceAuthorization(userCode: String? = nil, _ change: DeviceAuthorizationChange) -> Bool {
        service.deviceAuthorizations.decide(userCode: userCode, change)
    }

    /// One poll of a stand-in's token endpoint for a device authorization: when it arrived, and what it was
    /// answered.
    public struct DeviceAuthorizationPoll: Sendable, Hashable {
        /// What the stand-in answered.
        public enum Answer: Sendable, Hashable {
            case pending
            /// `slow_down`: the interval grew by 5 s.
            case slowDown
            case denied
            case expired
            /// The provider's tokens.
            case tokens
            /// Refused for another reason (a device code of another client).
            case refused
        }

        /// When the poll arrived.
        public var time: Date
        public var answer: Answer
    }

    /// The polls of the device authorization with user code `userCode` (also after it was exchanged for
    /// tokens), in order; `nil` when no authorization has that user code.
    public func deviceAuthorizationPolls(userCode: String) -> [DeviceAuthorizationPoll]? {
        service.deviceAuthorizations.polls(userCode: userCode)
    }

    /// Makes the stand-in of `providerID` (`github.com`, `google.com`, `facebook.com`, or `oidc` for the OIDC
    /// issuer) refuse to start device authorizations for `clientID`, as the provider refuses a client that is
    /// not set up for the device grant (GitHub: `device_flow_disabled`; Google: `invalid_client`; the OIDC
    /// issuer: `unauthorized_client`; Facebook: Graph API error 3); `false` for an unknown provider.
    @discardableResult
    public func refuseDeviceClient(_ clientID: String, for providerID: String) -> Bool {
        guard let provider = DeviceAuthorizationProvider(rawValue: providerID) else { return false }
        service.deviceAuthorizations.refuseClient(clientID, for: provider)
        return true
    }

    /// The device authorizations started and not yet exchanged for tokens, oldest first.
    public var deviceAuthorizations: [DeviceAuthorization] { service.deviceAuthorizations.pending }

    /// Lets `signInWithIdp` accept the stand-ins' ID tokens issued to `clientID` for `providerID`: for
    /// `google.com`, as adding a client ID to the Google provider's safelisted client IDs does; for `oidc.…`,
    /// besides the client ID of the provider's configuration. Access tokens (GitHub, Facebook) need nothing.
    public func allowDeviceClient(_ clientID: String, for providerID: String) {
        service.deviceAuthorizations.allowAudience(clientID, for: providerID)
    }

    /// The base URL of the OIDC issuer stand-in (its discovery document is under
    /// `/.well-known/openid-configuration`).
    public var oidcIssuerStandIn: String { baseURL + DeviceAuthorizationProvider.oidcIssuerPath }
}
