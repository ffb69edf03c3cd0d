import AuthflowIdentityToolkit
import AuthflowListener
import Foundation

/// Phone-number sign-in from start to session: what `verifyPhoneNumber` and `signIn(with:)` do on iOS.
///
/// In order: check who is signed in (to link or re-authenticate); reuse a fresh unused verification for the
/// number instead of texting again (unless `resend`); choose the route (``PhoneVerifierChoice``); prove the
/// app and send the SMS (the step the SMS second factor shares) and save the verification at once; take the
/// code from the first source that has one (``PhoneCodeSources``); confirm it (``PhoneCodeConfirmation``). The front end only shows pages and asks questions
/// (``PhoneSignInInteraction``).
public struct PhoneSignIn: Sendable {
    /// What the caller chose.
    public struct Options: Sendable {
        /// The route; nil chooses automatically.
        public var verifier: PhoneVerifier?
        /// The SDKs' `appVerificationDisabledForTesting`: send no proof (test numbers, emulators).
        public var appVerificationDisabledForTesting: Bool
        /// Send a new SMS even when a fresh one is waiting.
        public var resend: Bool
        /// The code, when the caller already has it.
        public var code: String?
        /// A command that prints the code.
        public var codeCommand: CodeProgram?
        /// The browser round's settings: how long to wait for the browser (and then for the code), where
        /// to listen, where the pages come from, where the hosted route publishes itself, its name (nil uses
        /// the flow's own) and how the page is presented.
        public var round: BrowserRoundOptions
        /// Where the hosted route gets a reCAPTCHA Enterprise token when the project audits phone sign-in: it
        /// is tried first, as the iOS SDK tries its own, and the hosted page's v2 token only after Firebase
        /// refuses it with `INVALID_APP_CREDENTIAL`. Only a source that needs nobody's attention is used (a
        /// ``RecaptchaTokenProgram``); without one the hosted page's v2 token goes first.
        public var recaptchaTokens: (any RecaptchaTokenSource)?

        /// Options; the defaults choose the route and wait five minutes.
        public init(
            verifier: PhoneVerifier? = nil, appVerificationDisabledForTesting: Bool = false, resend: Bool = false,
            code: String? = nil, codeCommand: CodeProgram? = nil, round: BrowserRoundOptions = .init(),
            recaptchaTokens: (any RecaptchaTokenSource)? = nil
        ) {
            self.verifier = verifier
            self.appVerificationDisabledForTesting = appVerificationDisabledForTesting
            self.resend = resend
            self.code = code
            self.codeCommand = codeCommand
            self.round = round
            self.recaptchaTokens = recaptchaTokens
        }
    }

    /// A finished sign-in.
    public struct Completed: Sendable {
        /// The session, or the second factor still needed.
        public let result: SignInResult
        /// The number that was verified.
        public let phoneNumber: PhoneNumber
        /// The route that proved the app; for a reused verification, the one that proved it then.
        public let verifier: PhoneVerifier
        /// Whether an earlier, still-fresh SMS was used instead of sending another.
        public let reusedVerification: Bool
        /// Where the code came from.
        public let codeOrigin: PhoneCodeOrigin
    }

    private let environment: FlowEnvironment

    /// A sign-in with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Signs in with `number` for `purpose`.
    public func run(
        _ number: PhoneNumber, purpose: SignInPurpose = .signIn, options: Options = .init(),
        interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> Completed {
        let store = PendingPhoneVerificationStore(directory: environment.directory)
        let signedIn = try signedInUser(for: purpose)
        let userID = signedIn?.uid
        if !options.resend, var pending = reusable(number, in: store) {
            let minutes = max(1, Int(Date().timeIntervalSince(pending.sentAt) / 60 + 0.5))
            interaction.notice(.reusingUnusedSMS(.phoneSignIn(number), recipient: number.e164, minutesAgo: minutes))
            pending.purpose = purpose
            pending.userID = userID
            try? store.save(pending)
            let texted = TextedCode(verificationID: pending.verificationID, page: nil, listener: nil)
            return try await finish(
                pending, texted: texted, reused: true, signedIn: signedIn, options: options, interaction: interaction)
        }

        let (texted, verifier) = try await SMSCodeStep.text(
            environment: environment, recipient: number.e164, recaptchaAction: .sendVerificationCode,
            label: "phone sign-in", options: options, interaction: interaction
        ) { verification, plan throws(IdentityToolkitError) in
            try await environment.client.send(
                SendVerificationCodeRequest(
                    phoneNumber: number.e164, verification: verification, clientType: plan.clientType)
            ).sessionInfo
        }
        let pending = PendingPhoneVerification(
            phoneNumber: number, verificationID: texted.verificationID, purpose: purpose, userID: userID,
            verifier: verifier, project: environment.project)
        do {
            try store.save(pending)
            interaction.notice(.codeSent(.phoneSignIn(number), recipient: "\(number)", factorName: nil))
        } catch {
            interaction.notice(.verificationNotSaved(.phoneSignIn(number), error))
        }
        return try await finish(
            pending, texted: texted, reused: false, signedIn: signedIn, options: options, interaction: interaction)
    }

    // MARK: Steps

    private func finish(
        _ pending: PendingPhoneVerification, texted: TextedCode, reused: Bool, signedIn: UserSession?,
        options: Options, interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> Completed {
        let confirmation = PhoneCodeConfirmation(environment)
        // A wrong code keeps the verification: a code typed at the terminal is asked for again.
        let (result, origin) = try await texted.confirmed(
            for: pending.sentCode, given: options.code, command: options.codeCommand, timeout: options.round.timeout,
            interaction: interaction, codeFailure: { $0 },
            refusedFlow: { error in
                guard case .wrongCode = error else { return nil }
                return .phoneSignIn(pending.phoneNumber)
            },
            confirm: { code throws(PhoneSignInError) in
                try await confirmation.confirm(pending, code: code, signedIn: signedIn)
            })
        await texted.succeeded(Self.outcome(result))
        return Completed(
            result: result, phoneNumber: pending.phoneNumber, verifier: pending.verifier,
            reusedVerification: reused, codeOrigin: origin)
    }

    /// For linking and re-authentication, the signed-in user, checked before any SMS is sent; the
    /// confirmation reuses it (refreshing a link's ID token only when it is due).
    private func signedInUser(for purpose: SignInPurpose) throws(PhoneSignInError) -> UserSession? {
        guard purpose != .signIn else { return nil }
        let session: UserSession?
        do {
            session = try SessionStore(directory: environment.directory).load()
        } catch {
            throw .session(.storage(error))
        }
        guard let session else { throw .session(.notSignedIn(project: environment.project)) }
        return session
    }

    private func reusable(_ number: PhoneNumber, in store: PendingPhoneVerificationStore) -> PendingPhoneVerification? {
        guard let pending = try? store.load(number), pending.isFresh(), pending.project == environment.project else {
            return nil
        }
        return pending
    }

    private static func outcome(_ result: SignInResult) -> String {
        switch result {
        case .signedIn(let session, _):
            "Signed in as \(session.phoneNumber ?? session.uid). You can close this tab."
        case .secondFactorRequired:
            "The number is verified, but this account also needs a second factor; go back to the terminal."
        }
    }
}
