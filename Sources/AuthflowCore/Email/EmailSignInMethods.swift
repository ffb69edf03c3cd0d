import AuthflowIdentityToolkit

/// How an address can sign in, for identifier-first flows ("enter your email, then we show the next step").
public struct EmailSignInMethods: Sendable, Equatable {
    /// The address asked about.
    public let email: String
    /// Whether an account uses the address; `nil` when the server withheld the answer.
    public let registered: Bool?
    /// `password`, `emailLink` and provider IDs such as `apple.com`; `nil` when withheld (email enumeration
    /// protection is on), which means "unknown", not "none".
    public let methods: [String]?
    /// The providers linked to the account (`password` covers both email methods).
    public let providers: [String]?

    /// Whether the server withheld the answer (email enumeration protection).
    public var isWithheld: Bool { methods == nil && registered == nil }

    /// The answer as the server gave it.
    public init(email: String, registered: Bool?, methods: [String]?, providers: [String]?) {
        self.email = email
        self.registered = registered
        self.methods = methods
        self.providers = providers
    }
}

/// Asks Firebase how an address signs in (`accounts:createAuthUri` with the address as `identifier`, the
/// SDKs' `fetchSignInMethodsForEmail`).
public struct SignInMethodLookup: Sendable {
    private let client: IdentityToolkitClient

    /// A lookup through `client`.
    public init(client: IdentityToolkitClient) {
        self.client = client
    }

    /// The sign-in methods of `email`.
    public func methods(for email: String) async throws(SignInMethodLookupError) -> EmailSignInMethods {
        let address = email.trimmingWhitespace()
        do { try EmailAddressCheck.check(address) } catch { throw .invalidEmail(error) }
        // The SDKs send the current page as continueUri, or http://localhost where there is none; it is
        // only checked for being an absolute URL.
        let reply: CreateAuthUriResponse
        do {
            reply = try await client.send(CreateAuthUriRequest(identifier: address, continueUri: "http://localhost"))
        } catch {
            throw .service(error)
        }
        return EmailSignInMethods(
            email: address, registered: reply.registered, methods: reply.signinMethods, providers: reply.allProviders)
    }
}

/// Why ``SignInMethodLookup`` could not say how an address signs in.
public enum SignInMethodLookupError: Error, Sendable, CustomStringConvertible {
    /// The text is not an email address; nothing was asked.
    case invalidEmail(InvalidEmailAddress)
    /// The server could not be asked, or refused.
    case service(IdentityToolkitError)

    public var description: String {
        switch self {
        case .invalidEmail(let invalid): invalid.description
        case .service(let error): error.description
        }
    }
}
