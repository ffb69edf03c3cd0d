import AuthflowIdentityToolkit
import AuthflowListener
import Foundation

/// Phone-number sign-in from start to session: what `verifyPhoneNumber` and `signIn(with:)` do on iOS.
///
/// In order: check who is signed in (to link or re-authenticate); reuse a fresh unused verification for the
/// number instead of texting again (unless `resend`); choose the route (``PhoneVerifierChoice``); prove the
/// app (the hosted page through the custom scheme, the loopback page, or nothing); send the SMS and save the
/// verification at once; take the code from the first source that has one (``PhoneCodeSources``); confirm
/// it (``PhoneCodeConfirmation``). The front end only shows pages and asks questions
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
        /// `--code`.
        public var code: String?
        /// `--code-command`.
        public var codeCommand: PhoneCodeCommand?
        /// How long to wait for the browser, and then for the code.
        public var timeout: Duration
        /// The listener's loopback port (0 picks one).
        public var port: UInt16
        /// Where the pages come from.
        public var templates: TemplateDirectory
        /// Where the hosted route publishes itself for `authflow handle-url`.
        public var rendezvous: RendezvousDirectory?

        /// Options; the defaults choose the route and wait five minutes.
        public init(
            verifier: PhoneVerifier? = nil, appVerificationDisabledForTesting: Bool = false, resend: Bool = false,
            code: String? = nil, codeCommand: PhoneCodeCommand? = nil, timeout: Duration = .seconds(300),
            port: UInt16 = 0, templates: TemplateDirectory = .standard(), rendezvous: RendezvousDirectory? = .standard()
        ) {
            self.verifier = verifier
            self.appVerificationDisabledForTesting = appVerificationDisabledForTesting
            self.resend = resend
            self.code = code
            self.codeCommand = codeCommand
            self.timeout = timeout
            self.port = port
            self.templates = templates
            self.rendezvous = rendezvous
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

    private let client: IdentityToolkitClient
    private let configuration: ProjectConfiguration
    private let project: SessionProject
    private let directory: ProjectStateDirectory

    /// A sign-in through `client` for the project `configuration` describes, whose state lives in
    /// `directory`.
    public init(
        client: IdentityToolkitClient, configuration: ProjectConfiguration, project: SessionProject,
        directory: ProjectStateDirectory
    ) {
        self.client = client
        self.configuration = configuration
        self.project = project
        self.directory = directory
    }

    /// Signs in with `number` for `purpose`.
    public func run(
        _ number: PhoneNumber, purpose: SignInPurpose = .signIn, options: Options = .init(),
        interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> Completed {
        let store = PendingPhoneVerificationStore(directory: directory)
        let userID = try signedInUser(for: purpose)
        if !options.resend, var pending = reusable(number, in: store) {
            let minutes = max(1, Int(Date().timeIntervalSince(pending.sentAt) / 60 + 0.5))
            interaction.note("An SMS sent to \(number) about \(minutes) min ago is still unused; using it instead of "
                + "sending another (--resend sends a new one).")
            pending.purpose = purpose
            pending.userID = userID
            try? store.save(pending)
            return try await finish(pending, page: nil, reused: true, options: options, interaction: interaction)
        }

        let plan = try await PhoneVerifierChoice(client: client, configuration: configuration)
            .plan(requested: options.verifier, testMode: options.appVerificationDisabledForTesting)
        if plan.verifier != .none { interaction.note("Proving the app with the \(plan.verifier.rawValue) reCAPTCHA page: \(plan.reason).") }
        let sender = PhoneCodeSender(client: client, project: project, store: store)
        switch plan.verifier {
        case .none:
            let pending = try await send(sender, number, [.none], plan, purpose, userID, interaction)
            return try await finish(pending, page: nil, reused: false, options: options, interaction: interaction)
        case .hosted:
            let token = try await hostedToken(plan: plan, options: options, interaction: interaction)
            let pending = try await send(sender, number, plan.attempts(with: RecaptchaAnswer(v2Token: token)), plan, purpose, userID, interaction)
            return try await finish(pending, page: nil, reused: false, options: options, interaction: interaction)
        case .loopback:
            return try await loopback(number, plan: plan, sender: sender, purpose: purpose, userID: userID, options: options, interaction: interaction)
        }
    }

    // MARK: Routes

    private func hostedToken(
        plan: PhoneVerificationPlan, options: Options, interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> String {
        guard let scheme = configuration.callbackScheme else {
            throw .verifierUnavailable(PhoneVerifierChoice(client: client, configuration: configuration).hostedProblem() ?? "")
        }
        let resolved: ProjectConfiguration
        do {
            resolved = try await AuthDomainResolver(client: client).resolve(configuration)
        } catch {
            throw .verifierUnavailable(error.description)
        }
        let page = HostedVerifyAppURL(
            authDomain: resolved.authDomain ?? "", secure: configuration.emulatorHost == nil,
            apiKey: client.configuration.apiKey, bundleID: configuration[.iosBundleID],
            clientVersion: client.configuration.clientVersion, scheme: scheme, languageCode: configuration.languageCode)
        let listener: RedirectListener
        do {
            listener = try RedirectListener(configuration: .init(
                check: HostedVerifyAppCallback.check(eventID: page.eventID, scheme: scheme), port: options.port,
                schemes: [scheme.scheme], rendezvous: options.rendezvous, label: "authflow phone sign-in",
                templates: options.templates,
                successPage: ("reCAPTCHA solved", "authflow received the answer; go back to the terminal for the SMS code.")))
        } catch {
            throw .browser(error)
        }
        defer { listener.stop() }
        await interaction.present(
            PhoneBrowserPage(url: page.url, verifier: .hosted, callbackScheme: scheme.scheme), listener: listener)
        let callback = try await interaction.waitForAnswer(from: listener)
        return try HostedVerifyAppCallback.token(from: callback)
    }

    private func loopback(
        _ number: PhoneNumber, plan: PhoneVerificationPlan, sender: PhoneCodeSender, purpose: SignInPurpose,
        userID: String?, options: Options, interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> Completed {
        let page = LoopbackRecaptchaPage(
            plan: plan, phoneNumber: number, languageCode: configuration.languageCode,
            testWidget: configuration.emulatorHost != nil, templates: options.templates)
        do {
            try page.preload()
        } catch {
            throw .verifierUnavailable("The reCAPTCHA page cannot be shown: \(error)")
        }
        let listener: RedirectListener
        do {
            listener = try RedirectListener(configuration: .init(
                check: page.check, port: options.port, path: LoopbackRecaptchaPage.answerPath, rendezvous: nil,
                label: "authflow phone sign-in", templates: options.templates, routes: page.routes,
                successPage: ("reCAPTCHA solved", "authflow is sending the SMS.")))
        } catch {
            throw .browser(error)
        }
        defer { listener.stop() }
        await interaction.present(PhoneBrowserPage(url: page.url(port: listener.port), verifier: .loopback), listener: listener)
        let pending: PendingPhoneVerification
        do throws(PhoneSignInError) {
            let callback = try await interaction.waitForAnswer(from: listener)
            let answer = try LoopbackRecaptchaPage.answer(from: callback)
            page.sending()
            pending = try await send(sender, number, plan.attempts(with: answer), plan, purpose, userID, interaction)
        } catch {
            page.failed(error.description)
            await page.letPageSeeOutcome()
            throw error
        }
        page.awaitingCode()
        let completed = try await finish(pending, page: page, reused: false, options: options, interaction: interaction)
        await page.letPageSeeOutcome()
        return completed
    }

    // MARK: Steps

    private func send(
        _ sender: PhoneCodeSender, _ number: PhoneNumber, _ attempts: [AppVerification], _ plan: PhoneVerificationPlan,
        _ purpose: SignInPurpose, _ userID: String?, _ interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> PendingPhoneVerification {
        let (pending, notSaved) = try await sender.send(
            to: number, attempts: attempts, plan: plan, purpose: purpose, userID: userID)
        if let notSaved {
            interaction.note("The SMS was sent, but the verification could not be saved (\(notSaved.description)); "
                + "if this command stops, it cannot be finished with `authflow phone verify`.")
        } else {
            interaction.note("Sent an SMS code to \(number).")
        }
        return pending
    }

    private func finish(
        _ pending: PendingPhoneVerification, page: LoopbackRecaptchaPage?, reused: Bool, options: Options,
        interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> Completed {
        var interactive: [PhoneCodeSource] = []
        if let page { interactive.append(PhoneCodeSource(.page) { await page.nextCode() }) }
        interactive += interaction.codeSources(for: pending)
        let sources = PhoneCodeSources(
            given: options.code, command: options.codeCommand, interactive: interactive, timeout: options.timeout)
        let result: SignInResult
        let origin: PhoneCodeOrigin
        do throws(PhoneSignInError) {
            let answer = try await sources.code(for: pending)
            origin = answer.origin
            if origin != .page { page?.confirming() }
            result = try await PhoneCodeConfirmation(client: client, project: project, directory: directory)
                .confirm(pending, code: answer.code)
        } catch {
            page?.failed(error.description)
            throw error
        }
        page?.finished(Self.outcome(result))
        return Completed(
            result: result, phoneNumber: pending.phoneNumber, verifier: pending.verifier, reusedVerification: reused,
            codeOrigin: origin)
    }

    /// For linking and re-authentication, the signed-in user, checked before any SMS is sent.
    private func signedInUser(for purpose: SignInPurpose) throws(PhoneSignInError) -> String? {
        guard purpose != .signIn else { return nil }
        let session: UserSession?
        do {
            session = try SessionStore(directory: directory).load()
        } catch {
            throw .session(.storage(error))
        }
        guard let session else { throw .session(.notSignedIn(project: project.label)) }
        return session.uid
    }

    private func reusable(_ number: PhoneNumber, in store: PendingPhoneVerificationStore) -> PendingPhoneVerification? {
        guard let pending = try? store.load(number), pending.isFresh(), pending.project == project else { return nil }
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
