import AuthflowListener
import Foundation

/// A local backend that answers like the Firebase Auth Emulator, for tests and demos on one machine.
///
/// It serves the emulator's URL layout over real HTTP on 127.0.0.1 and ::1: the Identity Toolkit and
/// secure-token REST APIs, the emulator-only API (`/emulator/v1/projects/<id>/…`), action links
/// (`/emulator/action`), the IdP widget (`/emulator/auth/handler`), and a stand-in for the hosted reCAPTCHA
/// page. Point a client at ``hostAndPort`` as it would use `FIREBASE_AUTH_EMULATOR_HOST`.
///
/// It is not an identity server: tokens are unsigned, passwords are stored readably, and anything that
/// can reach it can read and change every account.
///
/// ```swift
/// let backend = try EmbeddedBackend(configuration: .init())
/// defer { backend.stop() }
/// // POST \(backend.baseURL)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any
/// ```
public final class EmbeddedBackend: Sendable {
    /// The port on both loopback addresses.
    public let port: UInt16
    /// `host:port` as links name it, e.g. `127.0.0.1:9099` or `[::1]:9099`.
    public let hostAndPort: String
    /// The project tokens are issued for.
    public let projectID: String

    let service: BackendService
    private let server: LoopbackServer

    /// Validates the configuration, loads the page templates and starts serving.
    public init(configuration: Configuration = .init()) throws(EmbeddedBackendError) {
        let host = try Self.loopbackHost(configuration.host)
        guard Self.isUsableProjectID(configuration.projectID) else { throw .invalidProjectID(configuration.projectID) }
        do throws(TemplateError) {
            try configuration.templates.validateUserDirectories()
        } catch {
            throw .templates(error)
        }
        let renderer = PageRenderer(directory: configuration.templates)
        do throws(TemplateError) {
            try renderer.preload(PageTemplates.all)
        } catch {
            throw .templates(error)
        }
        let service = BackendService(configuration: configuration, renderer: renderer)
        let server: LoopbackServer
        do throws(LoopbackServerError) {
            server = try LoopbackServer(
                configuration: .init(
                    port: configuration.port, maxBodyBytes: configuration.maxBodyBytes,
                    hostPolicy: configuration.hostPolicy
                )
            ) {
                service.handle($0)
            }
        } catch {
            throw .server(error)
        }
        let hostAndPort = (host.contains(":") ? "[\(host)]" : host) + ":\(server.port)"
        service.setOrigin("http://" + hostAndPort)
        self.port = server.port
        self.hostAndPort = hostAndPort
        self.projectID = configuration.projectID
        self.service = service
        self.server = server
    }

    /// `http://host:port`, the root every path is served under.
    public var baseURL: String { "http://" + hostAndPort }

    /// Stops serving and frees the port; waits for requests in progress. Safe to call more than once.
    public func stop() {
        server.stop()
    }

    deinit {
        server.stop()
    }

    // MARK: Inspection

    /// Every account, oldest first.
    public var accounts: [BackendAccount] { accounts(tenantID: nil) }

    /// Every account of the tenant `tenantID` (the project's own with `nil`), oldest first.
    public func accounts(tenantID: String?) -> [BackendAccount] {
        tenantState(tenantID).withLock { $0.accounts.map(BackendAccount.init) }
    }

    /// SMS codes not yet used, oldest first.
    public var verificationCodes: [BackendVerificationCode] {
        service.state.withLock { state in
            state.verificationCodes.map {
                BackendVerificationCode(code: $0.code, phoneNumber: $0.phoneNumber, sessionInfo: $0.sessionInfo)
            }
        }
    }

    /// Email action codes not yet used, oldest first.
    public var oobCodes: [BackendOobCode] { oobCodes(tenantID: nil) }

    /// The tenant's email action codes not yet used (the project's own with `nil`), oldest first.
    public func oobCodes(tenantID: String?) -> [BackendOobCode] {
        tenantState(tenantID).withLock { state in
            state.oobCodes.map {
                BackendOobCode(
                    email: $0.email, requestType: $0.requestType, oobCode: $0.oobCode, oobLink: $0.oobLink,
                    newEmail: $0.newEmail)
            }
        }
    }

    /// Tokens the stand-in reCAPTCHA page issued, oldest first.
    public var recaptchaTokens: [BackendRecaptchaToken] {
        service.state.withLock { state in
            state.recaptchaTokens.map {
                BackendRecaptchaToken(
                    token: $0.token, eventID: $0.eventId, issuedAt: $0.issuedAt, presented: $0.presented)
            }
        }
    }

    /// Provider tokens clients asked to revoke, oldest first.
    public var tokenRevocations: [BackendTokenRevocation] {
        service.state.withLock { state in
            state.revocations.map {
                BackendTokenRevocation(
                    providerID: $0.providerId, tokenType: $0.tokenType, token: $0.token, localID: $0.localId)
            }
        }
    }

    /// The client-identifying headers of every REST call received, oldest first (see
    /// ``BackendRequestHeaders``).
    public var receivedHeaders: [BackendRequestHeaders] {
        service.receivedHeaders.withLock { $0 }
    }

    /// Where the configured project's blocking functions are called now, by event (`beforeCreate`,
    /// `beforeSignIn`), as its config names them; empty until the config is given some (the config API accepts
    /// loopback URLs only unless ``Configuration/allowsRemoteBlockingFunctions``).
    public var blockingFunctionURLs: [String: String] {
        service.state.withLock { state in
            var urls: [String: String] = [:]
            for event in BlockingFunctionEvent.allCases {
                urls[event.rawValue] = state.projectConfig.functionURL(event)
            }
            return urls
        }
    }

    /// Whether the config may name blocking functions off loopback (``Configuration/allowsRemoteBlockingFunctions``).
    public var allowsRemoteBlockingFunctions: Bool { service.configuration.allowsRemoteBlockingFunctions }

    // MARK: Changing state

    /// Forgets everything: accounts, codes, refresh tokens, issued reCAPTCHA tokens. (The emulator's
    /// `DELETE …/accounts` removes accounts only; this is the stronger reset tests want.)
    public func reset() {
        service.scopes.withLock { $0.reset() }
    }

    /// The configured project's state, or one of its tenants'.
    private func tenantState(_ tenantID: String?) -> ScopedStateLock {
        service.state(StateScope(projectID: service.configuration.projectID, tenantID: tenantID))
    }

    /// Marks an account's email verified, as `accounts:update` with `Authorization: Bearer owner`,
    /// `localId` and `emailVerified:true` does. Returns false when no such account exists.
    @discardableResult
    public func markEmailVerified(localID: String) -> Bool {
        service.state.withLock { $0.updateAccount(localID) { $0.emailVerified = true } != nil }
    }

    /// Makes every reply (`endpoint` nil) or the replies of one endpoint fail with `fault`, for `times`
    /// requests or until changed; `nil` removes it. An endpoint is a REST operation name as it appears after
    /// `/v1/` or `/v2/` (`accounts:signUp`, `accounts/mfaSignIn:start`), `token` for the secure-token API, or
    /// the path of a page (`/emulator/auth/handler`, `/__/auth/handler`). A fault for one endpoint wins over
    /// the global one.
    public func setFault(_ fault: BackendFault?, for endpoint: String? = nil, times: Int? = nil) {
        service.faults.set(fault, for: endpoint, times: times)
    }

    /// Whether the fault set for `endpoint` is still armed: a fault set for a number of uses is disarmed the
    /// moment the last request it applies to arrives, which is how a test knows a request is in flight.
    public func isFaultArmed(for endpoint: String? = nil) -> Bool {
        service.faults.isArmed(for: endpoint)
    }

    /// Removes every fault.
    public func clearFaults() {
        service.faults.clear()
    }

    /// Makes the stand-in reCAPTCHA page answer with `firebaseError=<error>` instead of a token, until set
    /// back to `nil`. (A single page can also ask for it with the query parameter
    /// `authflowSimulateError=auth/<code>`.)
    public func setVerifyAppError(_ error: HostedPageError?) {
        service.verifyAppError.withLock { $0 = error }
    }

    /// Restricts the API key as the Google Cloud console would (`nil` lifts it), so tests can check how
    /// clients satisfy a restricted key; see ``KeyRestriction``.
    public func setKeyRestriction(_ restriction: KeyRestriction?) {
        service.keyRestriction.withLock { $0 = restriction }
    }

    // MARK: Validation

    /// Checks that `host` is one the backend accepts (`127.0.0.1`, `localhost`, `::1`, `[::1]`), so a command
    /// line can reject others before starting. Links must never point at a host other than this machine's
    /// loopback: the backend listens on loopback only and has no access control. Other addresses of
    /// 127.0.0.0/8 are refused too: the backend binds 127.0.0.1 and ::1 only, and answers only requests whose
    /// `Host` names one of these three (``Configuration/hostPolicy``), so links naming them would not work.
    public static func checkLoopbackHost(_ host: String) throws(EmbeddedBackendError) {
        _ = try loopbackHost(host)
    }

    /// The host as links write it (lower-cased, brackets removed), or `.hostNotLoopback`.
    static func loopbackHost(_ host: String) throws(EmbeddedBackendError) -> String {
        var bare = host
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        let lowered = bare.lowercased()
        if lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return "::1" }
        if lowered == "localhost" || lowered == "127.0.0.1" { return lowered }
        throw .hostNotLoopback(host)
    }

    static func isUsableProjectID(_ projectID: String) -> Bool {
        !projectID.isEmpty && projectID.utf8.count <= 128
            && projectID.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.".unicodeScalars.contains($0)
            }
    }
}

extension EmbeddedBackend {
    /// Turns TOTP second factors on or off for the project, as Identity Platform's MFA settings do. While off,
    /// enrolling or signing in with TOTP answers `OPERATION_NOT_ALLOWED`.
    public func setTOTPEnabled(_ enabled: Bool) {
        service.state.withLock { $0.totpEnabled = enabled }
    }

    /// Makes every TOTP secret handed out and not yet finalized expire now (past `finalizeEnrollmentTime`), for
    /// tests of a late enrolment.
    public func expireTOTPEnrollments() {
        service.state.withLock { state in
            for index in state.totpEnrollments.indices { state.totpEnrollments[index].finalizeBy = .distantPast }
        }
    }
}

extension EmbeddedBackend {
    /// What the backend does when a request names a project other than its own (in the emulator API's path,
    /// in `v1/projects/<id>/…` or in `targetProjectId`), as the emulator's `singleProjectMode` does.
    public enum SingleProjectMode: Sendable, Hashable, CaseIterable {
        /// Serve the other project as a separate, empty one without a word (the emulator library's default).
        case noWarning
        /// Serve it, and log that one emulator is meant for one project (`firebase emulators:start`'s default).
        case warning
        /// Log it and refuse the request with 400 and the same text.
        case error
    }
}
