import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowStorage

/// Completes an email sign-in link: the decisions between "the user handed over a link (or the email)" and
/// "a session is stored".
///
/// In order: unwrap the link; refuse anything but a sign-in link; refuse a link of another project or
/// tenant; pick the address (given, pending, or asked for); `accounts:signInWithEmailLink` — with the
/// stored user's ID token to link, or checking the user afterwards to re-authenticate; store the session
/// and forget the pending address. Every refusal before the request leaves the link unused, and a failure
/// keeps the pending address, so nothing is lost.
public struct EmailLinkCompletion: Sendable {
    /// Asks a person for the address the link was sent to; `explanation` says why it is needed. Returns
    /// `nil` when nobody can answer.
    public typealias EmailQuestion = @Sendable (_ explanation: String) async -> String?

    /// Where the address used came from.
    public enum EmailSource: String, Sendable {
        /// Passed by the caller (`--email`).
        case given
        /// Remembered from `email-link send` on this machine.
        case pending
        /// Typed in answer to the question.
        case asked
    }

    /// A completed link.
    public struct Completed: Sendable {
        /// The session, or the second factor still needed.
        public let result: SignInResult
        /// How the link was found: its wrappers and fields.
        public let inspection: LinkInspection
        /// The action link's fields.
        public let action: ActionCodeURL
        /// The address the link was completed with.
        public let email: String
        /// Where that address came from.
        public let emailSource: EmailSource
    }

    /// Why the address is needed, for ``EmailQuestion``.
    public static let emailExplanation =
        "The link must be completed with the email address it was sent to "
        + "(the link itself does not say which), and none is remembered on this machine."

    private let environment: FlowEnvironment
    private let inspector: LinkInspector
    private let askForEmail: EmailQuestion?

    /// A completion with `environment`'s client, for its project, keeping state in its directory.
    ///
    /// - Parameters:
    ///   - inspector: unwraps links; give it a resolver to expand short links online.
    ///   - askForEmail: asks a person for the address when none is given or pending; `nil` never asks.
    public init(_ environment: FlowEnvironment, inspector: LinkInspector, askForEmail: EmailQuestion? = nil) {
        self.environment = environment
        self.inspector = inspector
        self.askForEmail = askForEmail
    }

    /// Completes the link found in `source` for `purpose`, with `email` if given.
    public func complete(
        _ source: EmailLinkSource, purpose: SignInPurpose = .signIn, email: String? = nil
    ) async throws(EmailLinkError) -> Completed {
        if let given = Self.cleaned(email) {
            do { try EmailAddressCheck.check(given) } catch { throw .invalidEmail(error) }
        }
        let link = try await EmailLinkLocator(inspector: inspector).locate(source)
        let action = link.action
        try await EmailLinkProjectCheck(client: environment.client, project: environment.project).check(action)

        let ending = SignInEnding(environment, purpose: purpose)
        let previous = try await ending.previousSession(reportingAs: EmailLinkError.self)
        let pendingStore = PendingEmailLinkStore(directory: environment.directory)
        let (address, emailSource) = try await chooseEmail(given: email, pendingStore: pendingStore)

        let request = SignInWithEmailLinkRequest(
            email: address, oobCode: action.oobCode, idToken: ending.idTokenToLink(previous), tenantID: action.tenantID)
        let reply: SignInWithEmailLinkResponse = try await ending.send(request) { server, code in
            Self.failure(server, code: code, email: address)
        }
        let result: SignInResult
        do {
            result = try await ending.finish(reply, firstFactor: "emailLink", email: address, previous: previous) {
                () throws(StorageError) in
                // Only the record of this address goes: a pending link to another address may still come.
                if let pending = try? pendingStore.load(), Self.sameAddress(pending.email, address) {
                    try pendingStore.remove()
                }
            }
        } catch {
            throw .signIn(error)
        }
        return Completed(
            result: result, inspection: link.inspection, action: action, email: address, emailSource: emailSource)
    }

    private func chooseEmail(
        given: String?, pendingStore: PendingEmailLinkStore
    ) async throws(EmailLinkError) -> (String, EmailSource) {
        if let given = Self.cleaned(given) { return (given, .given) }
        let pending: PendingEmailLink?
        do {
            pending = try pendingStore.load()
        } catch {
            throw .signIn(.storage(error))
        }
        if let pending = Self.cleaned(pending?.email) {
            // Remembered by `send`, which checked it; a file edited since (or written by an older version with a
            // looser check) is held to the same rule.
            do { try EmailAddressCheck.check(pending) } catch { throw .invalidEmail(error) }
            return (pending, .pending)
        }
        if let askForEmail, let answer = Self.cleaned(await askForEmail(Self.emailExplanation)) {
            // A typed address is checked like a given one: refused (the link unused), not asked again, so a
            // script answering the question cannot loop.
            do { try EmailAddressCheck.check(answer) } catch { throw .invalidEmail(error) }
            return (answer, .asked)
        }
        throw .emailNeeded(project: environment.project)
    }

    /// The refusals that are this flow's own: the link itself, or the address. The stored session and
    /// anything else are ``SignInEnding``'s.
    private static func failure(_ server: ServerError, code: ServerErrorCode, email: String) -> EmailLinkError? {
        switch code {
        case .invalidOobCode, .expiredOobCode, .missingOobCode:
            return .linkUnusable(server)
        case .invalidEmail:
            return .wrongEmail(email: email, server)
        default:
            return nil
        }
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Email addresses compare case-insensitively here, as the backend stores them lower-cased.
    private static func sameAddress(_ first: String, _ second: String) -> Bool {
        first.lowercased() == second.lowercased()
    }
}
