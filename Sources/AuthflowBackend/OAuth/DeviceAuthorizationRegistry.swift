import AuthflowPrimitives
import Foundation
import Synchronization

/// The device authorizations (RFC 8628) the identity-provider stand-ins started, what the test switches
/// decided for each, and the provider tokens they issued, which `signInWithIdp` resolves to the approving
/// user. One registry per backend, shared by every project and tenant, as a provider is.
final class DeviceAuthorizationRegistry: Sendable {
    /// One device authorization, keyed by its device code.
    struct Grant: Sendable {
        let provider: DeviceAuthorizationProvider
        let clientID: String
        let scope: String
        let userCode: String
        let expiresAt: Date
        /// The seconds the client must wait between polls; 5 more after each `slow_down`.
        var interval: Int
        var outcome: EmbeddedBackend.DeviceAuthorizationOutcome = .pending
        /// The next poll answers `slow_down` (once).
        var slowDownOnce = false
        /// When the client polled and what it was answered, in order.
        var polls: [EmbeddedBackend.DeviceAuthorizationPoll] = []
        /// The tokens were handed out; the device code is spent.
        var exchanged = false
    }

    /// A token the stand-ins issued: who approved it, to which provider and client.
    struct IssuedToken: Sendable {
        let provider: DeviceAuthorizationProvider
        let clientID: String
        let user: EmbeddedBackend.DeviceAuthorizationUser
    }

    /// What one poll of a token endpoint finds.
    enum Poll: Sendable {
        case pending
        /// Too fast: the client must now wait `interval` seconds (5 more than before).
        case slowDown(interval: Int)
        case denied
        case expired
        /// No such device code, or one already exchanged.
        case unknown
        /// The device code was issued to another client.
        case wrongClient
        case approved(EmbeddedBackend.DeviceAuthorizationUser, Grant)

        /// How the poll's answer is recorded.
        var answer: EmbeddedBackend.DeviceAuthorizationPoll.Answer {
            switch self {
            case .pending: .pending
            case .slowDown: .slowDown
            case .denied: .denied
            case .expired: .expired
            case .unknown, .wrongClient: .refused
            case .approved: .tokens
            }
        }
    }

    /// The polling interval the stand-ins advertise, in seconds (5, as every provider's default, unless the
    /// backend's configuration shortens it for tests).
    let interval: Int
    /// How long device codes live, in seconds; `nil`: each provider's documented lifetime.
    let codeLifetime: Int?

    /// A registry whose stand-ins advertise `interval` and, when given, `codeLifetime`.
    init(interval: Int = 5, codeLifetime: Int? = nil) {
        self.interval = max(1, interval)
        self.codeLifetime = codeLifetime
    }

    private struct Storage {
        var grants: [String: Grant] = [:]
        /// Device codes, oldest first, for "the latest authorization".
        var order: [String] = []
        var tokens: [String: IssuedToken] = [:]
        var audiences: [String: Set<String>] = [:]
        /// Clients whose device authorizations a provider refuses, by provider.
        var refusedClients: [DeviceAuthorizationProvider: Set<String>] = [:]
    }

    private let storage = Mutex(Storage())

    /// Starts an authorization; returns its device code and user code.
    func start(
        _ provider: DeviceAuthorizationProvider, clientID: String, scope: String, now: Date
    ) -> (deviceCode: String, userCode: String) {
        let deviceCode = RandomText.base64URL(32)
        let userCode = RandomText.userCode()
        let grant = Grant(
            provider: provider, clientID: clientID, scope: scope, userCode: userCode,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime(of: provider))), interval: interval)
        storage.withLock {
            $0.grants[deviceCode] = grant
            $0.order.append(deviceCode)
        }
        return (deviceCode, userCode)
    }

    /// How long `provider`'s device codes live here, in seconds.
    func lifetime(of provider: DeviceAuthorizationProvider) -> Int {
        codeLifetime ?? provider.codeLifetime
    }

    /// One poll by `clientID` for `deviceCode`, recorded with its time; an approved grant is consumed (its
    /// device code then unknown).
    func poll(_ provider: DeviceAuthorizationProvider, deviceCode: String, clientID: String, now: Date) -> Poll {
        storage.withLock { storage in
            guard var grant = storage.grants[deviceCode], grant.provider == provider, !grant.exchanged else {
                return .unknown
            }
            defer { storage.grants[deviceCode] = grant }
            let poll: Poll
            if grant.clientID != clientID {
                poll = .wrongClient
            } else if grant.slowDownOnce {
                grant.slowDownOnce = false
                grant.interval += 5
                poll = .slowDown(interval: grant.interval)
            } else if now >= grant.expiresAt {
                poll = .expired
            } else {
                switch grant.outcome {
                case .pending: poll = .pending
                case .denied: poll = .denied
                case .expired: poll = .expired
                case .approved(let user):
                    grant.exchanged = true
                    poll = .approved(user, grant)
                }
            }
            grant.polls.append(EmbeddedBackend.DeviceAuthorizationPoll(time: now, answer: poll.answer))
            return poll
        }
    }

    /// Records a token issued for an approved grant.
    func issue(_ token: String, for user: EmbeddedBackend.DeviceAuthorizationUser, grant: Grant) {
        storage.withLock {
            $0.tokens[token] = IssuedToken(provider: grant.provider, clientID: grant.clientID, user: user)
        }
    }

    /// The issued token `token`, if the stand-ins issued it.
    func issued(_ token: String) -> IssuedToken? {
        storage.withLock { $0.tokens[token] }
    }

    /// Decides the authorization with user code `userCode` (the latest one when `nil`); `false` when there
    /// is none.
    func decide(userCode: String?, _ change: EmbeddedBackend.DeviceAuthorizationChange) -> Bool {
        storage.withLock { storage in
            let wanted = storage.order.last { code in
                guard let grant = storage.grants[code], !grant.exchanged else { return false }
                return userCode == nil || grant.userCode == userCode
            }
            guard let deviceCode = wanted, var grant = storage.grants[deviceCode] else { return false }
            switch change {
            case .approve(let user): grant.outcome = .approved(user)
            case .deny: grant.outcome = .denied
            case .expire: grant.outcome = .expired
            case .slowDown: grant.slowDownOnce = true
            }
            storage.grants[deviceCode] = grant
            return true
        }
    }

    /// The authorizations not yet exchanged, oldest first.
    var pending: [EmbeddedBackend.DeviceAuthorization] {
        storage.withLock { storage in
            storage.order.compactMap { code in
                storage.grants[code].flatMap { $0.exchanged ? nil : $0 }.map {
                    EmbeddedBackend.DeviceAuthorization(
                        providerID: $0.provider.providerID, clientID: $0.clientID, userCode: $0.userCode,
                        scope: $0.scope, outcome: $0.outcome)
                }
            }
        }
    }

    /// The polls of the authorization with user code `userCode` (exchanged or not), in order; `nil` when
    /// there is none.
    func polls(userCode: String) -> [EmbeddedBackend.DeviceAuthorizationPoll]? {
        storage.withLock { storage in
            let grants = storage.grants
            return storage.order.compactMap { grants[$0] }.last { $0.userCode == userCode }?.polls
        }
    }

    /// Accepts ID tokens whose audience is `clientID` for `providerID` (a Google provider's safelisted client
    /// IDs; an OIDC provider's client ID when its configuration does not name it).
    func allowAudience(_ clientID: String, for providerID: String) {
        storage.withLock { _ = $0.audiences[providerID, default: []].insert(clientID) }
    }

    /// The audiences allowed for `providerID`.
    func audiences(for providerID: String) -> Set<String> {
        storage.withLock { $0.audiences[providerID] ?? [] }
    }

    /// Makes `provider` refuse device authorizations for `clientID`, as it refuses a client not set up for the
    /// device grant.
    func refuseClient(_ clientID: String, for provider: DeviceAuthorizationProvider) {
        storage.withLock { _ = $0.refusedClients[provider, default: []].insert(clientID) }
    }

    /// Whether `provider` refuses `clientID`.
    func refuses(_ clientID: String, for provider: DeviceAuthorizationProvider) -> Bool {
        storage.withLock { $0.refusedClients[provider]?.contains(clientID) ?? false }
    }
}
