import AuthflowHTTP

/// One REST method of the Identity Toolkit or secure-token API: what to call, and whether calling it twice is
/// harmless.
public struct Endpoint: Sendable, Hashable {
    /// The API an endpoint belongs to; each has its own host and version prefix.
    public enum Service: Sendable, Hashable {
        /// `identitytoolkit.googleapis.com/v1`.
        case identityToolkitV1
        /// `identitytoolkit.googleapis.com/v2`: reCAPTCHA Enterprise config, MFA and token revocation.
        case identityToolkitV2
        /// `securetoken.googleapis.com/v1`: refreshing ID tokens.
        case secureToken
        /// `content-firebaseappcheck.googleapis.com/v1`: exchanging attestations for App Check tokens.
        case appCheck

        /// The production host; an Auth emulator serves the same string as the first path segment (App Check's
        /// excepted: the emulator has no App Check, see ``AppCheckEndpoint``).
        var host: String {
            switch self {
            case .identityToolkitV1, .identityToolkitV2: "identitytoolkit.googleapis.com"
            case .secureToken: "securetoken.googleapis.com"
            case .appCheck: "content-firebaseappcheck.googleapis.com"
            }
        }

        /// The path segment between the host and the method path.
        var version: String {
            switch self {
            case .identityToolkitV1, .secureToken, .appCheck: "v1"
            case .identityToolkitV2: "v2"
            }
        }
    }

    /// The HTTP method; the API only uses GET and POST.
    public let method: HTTPMethod
    /// Which API, and so which host and version prefix.
    public let service: Service
    /// The path after the version prefix, e.g. `accounts:signInWithIdp`. For App Check's methods it is only
    /// the method (`exchangeDebugToken`): the request supplies the `projects/<id>/apps/<appId>` resource
    /// before it (``IdentityToolkitRequest/resourcePath``).
    public let path: String
    /// Whether a failed attempt may be repeated automatically. True only for reads and the token refresh:
    /// repeating anything else could send a second SMS or email, or act twice on the account.
    public let isSafeToRetry: Bool

    /// An endpoint; prefer the named constants below.
    public init(method: HTTPMethod, service: Service, path: String, isSafeToRetry: Bool) {
        self.method = method
        self.service = service
        self.path = path
        self.isSafeToRetry = isSafeToRetry
    }

    static func get(_ service: Service, _ path: String) -> Endpoint {
        Endpoint(method: .get, service: service, path: path, isSafeToRetry: true)
    }

    static func post(_ service: Service, _ path: String) -> Endpoint {
        Endpoint(method: .post, service: service, path: path, isSafeToRetry: false)
    }

    /// A POST that only reads (it sends nothing, consumes no code, changes nothing): safe to repeat.
    static func postRead(_ service: Service, _ path: String) -> Endpoint {
        Endpoint(method: .post, service: service, path: path, isSafeToRetry: true)
    }
}

extension Endpoint {
    /// GET v1 `projects`: authorized domains and project ID.
    public static let getProjectConfig = get(.identityToolkitV1, "projects")
    /// GET v1 `recaptchaParams`: the reCAPTCHA v2 site key.
    public static let getRecaptchaParams = get(.identityToolkitV1, "recaptchaParams")
    /// GET v2 `recaptchaConfig`: the reCAPTCHA Enterprise key and enforcement states.
    public static let getRecaptchaConfig = get(.identityToolkitV2, "recaptchaConfig")
    /// POST v1 `accounts:sendVerificationCode`: sends an SMS.
    public static let sendVerificationCode = post(.identityToolkitV1, "accounts:sendVerificationCode")
    /// POST v1 `accounts:signInWithPhoneNumber`: confirms an SMS code.
    public static let signInWithPhoneNumber = post(.identityToolkitV1, "accounts:signInWithPhoneNumber")
    /// POST v1 `accounts:sendOobCode`: sends a sign-in, reset or verification email.
    public static let sendOobCode = post(.identityToolkitV1, "accounts:sendOobCode")
    /// POST v1 `accounts:signInWithEmailLink`.
    public static let signInWithEmailLink = post(.identityToolkitV1, "accounts:signInWithEmailLink")
    /// POST v1 `accounts:signInWithPassword`.
    public static let signInWithPassword = post(.identityToolkitV1, "accounts:signInWithPassword")
    /// POST v1 `accounts:signUp`.
    public static let signUp = post(.identityToolkitV1, "accounts:signUp")
    /// POST v1 `accounts:signInWithIdp`: signs in with an OAuth or OpenID Connect credential.
    public static let signInWithIdp = post(.identityToolkitV1, "accounts:signInWithIdp")
    /// POST v1 `accounts:createAuthUri`: the sign-in methods registered for an email.
    public static let createAuthUri = postRead(.identityToolkitV1, "accounts:createAuthUri")
    /// POST v1 `accounts:lookup`: the signed-in user's account.
    public static let lookup = postRead(.identityToolkitV1, "accounts:lookup")
    /// POST v1 `accounts:update`.
    public static let updateAccount = post(.identityToolkitV1, "accounts:update")
    /// POST v1 `accounts:delete`.
    public static let deleteAccount = post(.identityToolkitV1, "accounts:delete")
    /// POST v2 `accounts:revokeToken`: revokes a provider token such as Apple's authorization code.
    public static let revokeToken = post(.identityToolkitV2, "accounts:revokeToken")
    /// POST v2 `accounts/mfaEnrollment:start`: sends the enrollment SMS.
    public static let startMFAEnrollment = post(.identityToolkitV2, "accounts/mfaEnrollment:start")
    /// POST v2 `accounts/mfaEnrollment:finalize`.
    public static let finalizeMFAEnrollment = post(.identityToolkitV2, "accounts/mfaEnrollment:finalize")
    /// POST v2 `accounts/mfaEnrollment:withdraw`.
    public static let withdrawMFA = post(.identityToolkitV2, "accounts/mfaEnrollment:withdraw")
    /// POST v2 `accounts/mfaSignIn:start`: sends the second-factor SMS.
    public static let startMFASignIn = post(.identityToolkitV2, "accounts/mfaSignIn:start")
    /// POST v2 `accounts/mfaSignIn:finalize`.
    public static let finalizeMFASignIn = post(.identityToolkitV2, "accounts/mfaSignIn:finalize")
    /// POST `securetoken.googleapis.com/v1/token`: exchanges a refresh token for a fresh ID token. Safe to
    /// retry because a refresh token can be used any number of times.
    public static let refreshToken = Endpoint(
        method: .post, service: .secureToken, path: "token", isSafeToRetry: true
    )
}

extension Endpoint {
    /// POST App Check v1 `projects/<id>/apps/<appId>:exchangeDebugToken`: a console-registered debug token for an
    /// App Check token.
    public static let exchangeDebugToken = post(.appCheck, "exchangeDebugToken")
    /// POST App Check v1 `projects/<id>/apps/<appId>:exchangeRecaptchaEnterpriseToken`: a reCAPTCHA Enterprise
    /// token (action `fire_app_check`) for an App Check token.
    public static let exchangeRecaptchaEnterpriseToken = post(.appCheck, "exchangeRecaptchaEnterpriseToken")
}
