import AuthflowListener

extension EmbeddedBackend {
    /// How the backend is started and how it behaves where the emulator leaves a choice.
    public struct Configuration: Sendable {
        /// The loopback host written into links it hands out (`127.0.0.1`, `localhost` or `::1`). The server
        /// always listens on both 127.0.0.1 and ::1, never on other interfaces.
        public var host: String
        /// The port on both loopback addresses; 0 (the default) picks a free one. The emulator's is 9099.
        public var port: UInt16
        /// The project ID tokens are issued for (`aud`, `iss`) and the emulator API answers under.
        public var projectID: String
        /// Where the HTML pages' templates are looked up.
        public var templates: TemplateDirectory
        /// Receives the lines the emulator prints instead of sending SMS and email, e.g.
        /// `To verify the phone number +15555550100, use the code 123456.` Called on server threads, possibly several at once.
        public var log: (@Sendable (String) -> Void)?
        /// The emulator's `emailPrivacyConfig.enableImprovedEmailPrivacy` (off by default): one
        /// `INVALID_LOGIN_CREDENTIALS` for any bad password sign-in, and no account hints from
        /// `createAuthUri`. Also switchable at run time with `PATCH /emulator/v1/projects/<id>/config`.
        public var emailEnumerationProtection: Bool
        /// How long an SMS code stays usable before `SESSION_EXPIRED`; `nil` (the default), like the
        /// emulator, never expires codes.
        public var verificationCodeLifetime: Duration?
        /// What v2 `accounts:revokeToken` answers.
        public var revokeToken: RevokeTokenBehavior
        /// Larger request bodies get 413.
        public var maxBodyBytes: Int
        /// Which `Host` headers are served; the default refuses any but this server's loopback names with its
        /// port (`127.0.0.1`, `localhost`, `[::1]`), against DNS rebinding. `.any` is for reproducing pages
        /// recorded under another host and port.
        public var hostPolicy: LoopbackServer.HostPolicy
        /// Whether the project offers TOTP second factors (on by default; Identity Platform's switch). The
        /// emulator has no TOTP at all. Also switchable at run time with ``EmbeddedBackend/setTOTPEnabled(_:)``.
        public var totpEnabled = true
        /// What a request for another project ID gets (``SingleProjectMode/noWarning`` by default).
        public var singleProjectMode: SingleProjectMode = .noWarning
        /// Whether the project config may name blocking functions anywhere. Off by default: only URLs on this
        /// machine's loopback (`localhost`, `127.0.0.1`, `[::1]`) are accepted, and any other is refused with
        /// 400 `INVALID_BLOCKING_FUNCTION`, because the backend sends each new account's or sign-in's JWT there.
        public var allowsRemoteBlockingFunctions = false
        /// The version written into an export's `firebase-export-metadata.json` (firebase-tools writes its own
        /// there; nothing reads it back).
        public var exportVersion = "0.0.0"
        /// The polling interval, in seconds, the identity providers' device-flow stand-ins advertise (5, every
        /// provider's default; at least 1). Tests shorten it to stay quick.
        public var deviceAuthorizationInterval = 5
        /// How long the stand-ins' device codes live, in seconds; `nil` (the default): each provider's
        /// documented lifetime (GitHub 900, Google 1800, Facebook 420).
        public var deviceCodeLifetime: Int?

        /// Defaults suit tests: 127.0.0.1 on a free port, project `demo-authflow`, standard template lookup.
        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            projectID: String = "demo-authflow",
            templates: TemplateDirectory = .standard(),
            log: (@Sendable (String) -> Void)? = nil,
            emailEnumerationProtection: Bool = false,
            verificationCodeLifetime: Duration? = nil,
            revokeToken: RevokeTokenBehavior = .accept,
            maxBodyBytes: Int = 1024 * 1024,
            hostPolicy: LoopbackServer.HostPolicy = .loopback
        ) {
            self.host = host
            self.port = port
            self.projectID = projectID
            self.templates = templates
            self.log = log
            self.emailEnumerationProtection = emailEnumerationProtection
            self.verificationCodeLifetime = verificationCodeLifetime
            self.revokeToken = revokeToken
            self.maxBodyBytes = maxBodyBytes
            self.hostPolicy = hostPolicy
        }
    }

    /// What v2 `accounts:revokeToken` does. Production answers `{}`; the emulator lists the operation but
    /// answers 501 `NOT_IMPLEMENTED`.
    public enum RevokeTokenBehavior: Sendable, Hashable {
        /// Check the ID token, accept an `apple.com` token, answer `{}` and record it
        /// (``EmbeddedBackend/tokenRevocations``).
        case accept
        /// Answer as the emulator does: 501 "identitytoolkit.accounts.revokeToken is not implemented in the
        /// Auth Emulator."
        case notImplemented
    }

    /// The error the stand-in reCAPTCHA page reports through the callback's `firebaseError`.
    public struct HostedPageError: Sendable, Hashable {
        /// An `auth/…` code, e.g. `auth/invalid-oauth-client-id`.
        public var code: String
        /// The message, e.g. "The OAuth client ID provided is either invalid or does not match the specified API key."
        public var message: String

        /// An error for the `firebaseError` JSON.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }
}
