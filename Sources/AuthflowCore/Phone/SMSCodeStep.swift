import AuthflowIdentityToolkit
import AuthflowListener

/// Proves the app by a plan's route and texts a code: the part phone sign-in, SMS second-factor enrolment and
/// SMS second-factor sign-in share.
///
/// Each flow brings the request that texts (`sendVerificationCode`, `mfaEnrollment:start`, `mfaSignIn:start`);
/// all three take the same proofs (the SDKs put them in the body, `phoneEnrollmentInfo` or `phoneSignInInfo`).
/// The step shows the hosted or loopback page, tries the plan's proofs in order as the SDKs fall back, and hands
/// back the verification ID with the loopback page still open for the code (``TextedCode``).
struct SMSCodeStep: Sendable {
    /// What the pages show and where they listen.
    struct Setting: Sendable {
        /// The number as the loopback page shows it (masked for a second-factor hint).
        var recipient: String
        /// The Enterprise action the SDKs name for the request.
        var recaptchaAction: RecaptchaAction
        /// The flow's own name for a handoff (the CLI's `handle-url`) and the listener's messages, used when
        /// the round's options name none.
        var label: String
        /// The browser round's settings; its timeout also bounds the loopback page's v2 fallback (AUDIT).
        var round: BrowserRoundOptions
        /// Where the hosted route gets its Enterprise token under AUDIT; used only when it needs nobody's
        /// attention (``RecaptchaTokenSource/isUnattended``), as the iOS SDK's token needs none.
        var enterpriseTokens: (any RecaptchaTokenSource)?
    }

    let client: IdentityToolkitClient
    let configuration: ProjectConfiguration
    let project: SessionProject
    let setting: Setting

    /// Chooses the route as `options` ask (``PhoneVerifierChoice``), then proves the app and texts with
    /// `request`, which also gets the plan (its client type goes into the body). The whole step for a flow.
    static func text(
        environment: FlowEnvironment, recipient: String, recaptchaAction: RecaptchaAction, label: String,
        options: PhoneSignIn.Options, interaction: some PhoneSignInInteraction,
        request: (AppVerification, PhoneVerificationPlan) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> (texted: TextedCode, verifier: PhoneVerifier) {
        let plan = try await PhoneVerifierChoice(client: environment.client, configuration: environment.configuration)
            .plan(requested: options.verifier, testMode: options.appVerificationDisabledForTesting)
        let step = SMSCodeStep(
            client: environment.client, configuration: environment.configuration, project: environment.project,
            setting: Setting(
                recipient: recipient, recaptchaAction: recaptchaAction, label: label, round: options.round,
                enterpriseTokens: options.recaptchaTokens))
        let texted = try await step.text(plan: plan, interaction: interaction) {
            verification, clientType throws(IdentityToolkitError) in
            var sent = plan
            sent.clientType = clientType
            return try await request(verification, sent)
        }
        return (texted, plan.verifier)
    }

    /// Proves the app as `plan` says and texts the code with `request`, which sends one proof with a client
    /// type (the plan's, but for the hosted route's Enterprise token) and returns the verification ID. Each
    /// proof is sent once, so one call texts at most one SMS.
    func text(
        plan: PhoneVerificationPlan, interaction: some PhoneSignInInteraction,
        request: (AppVerification, RecaptchaClientType) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> TextedCode {
        // The hosted route says so only once it opens the page (not for an Enterprise token that was accepted).
        if plan.verifier == .loopback {
            interaction.notice(.provingApp(plan))
        }
        let planned: (AppVerification) async throws(IdentityToolkitError) -> String = {
            verification throws(IdentityToolkitError) in
            try await request(verification, plan.clientType)
        }
        switch plan.verifier {
        case .none:
            return TextedCode(verificationID: try await Self.send([.none], request: planned), page: nil, listener: nil)
        case .hosted:
            if let verificationID = try await hostedEnterprise(plan: plan, request: request) {
                return TextedCode(verificationID: verificationID, page: nil, listener: nil)
            }
            interaction.notice(.provingApp(plan))
            let token = try await hostedToken(plan: plan, interaction: interaction)
            let attempts = plan.attempts(with: RecaptchaAnswer(v2Token: token))
            return TextedCode(verificationID: try await Self.send(attempts, request: planned), page: nil, listener: nil)
        case .loopback:
            return try await loopback(plan: plan, interaction: interaction, request: planned)
        }
    }

    /// Sends with the first proof in `attempts`, moving to the next only after the refusals the SDKs fall back
    /// on (`INVALID_APP_CREDENTIAL`, `MISSING_RECAPTCHA_TOKEN`).
    static func send(
        _ attempts: [AppVerification], request: (AppVerification) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> String {
        var remaining = attempts[...]
        while let verification = remaining.popFirst() {
            do {
                return try await request(verification)
            } catch {
                if !remaining.isEmpty, let code = error.serverError?.code,
                    code == .invalidAppCredential || code == .missingRecaptchaToken
                {
                    continue
                }
                throw .sendFailed(error)
            }
        }
        throw .verifierUnavailable(.answerLacksToken)
    }

    // MARK: Routes

    /// The iOS SDK's AUDIT order on the hosted route: an Enterprise token first, without the page; nil (go on to
    /// the page, whose v2 token goes with `captchaResponse: "NO_RECAPTCHA"`) only when Firebase refused it with
    /// `INVALID_APP_CREDENTIAL`, or when there is no Enterprise token to try. The token is for the site key
    /// `recaptchaConfig` gave for web clients, so it goes with `CLIENT_TYPE_WEB`.
    private func hostedEnterprise(
        plan: PhoneVerificationPlan,
        request: (AppVerification, RecaptchaClientType) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> String? {
        guard plan.enforcement == .audit, let siteKey = plan.enterpriseSiteKey, let tokens = setting.enterpriseTokens,
            tokens.isUnattended
        else { return nil }
        let token: String
        do {
            token = try await tokens.token(
                for: RecaptchaTokenRequest(action: setting.recaptchaAction, siteKey: siteKey, project: project))
        } catch {
            throw .signIn(.recaptcha(error))
        }
        do {
            return try await request(.recaptchaEnterprise(token: token), .web)
        } catch {
            guard error.serverError?.code == .invalidAppCredential else { throw .sendFailed(error) }
            return nil
        }
    }

    private func hostedToken(
        plan: PhoneVerificationPlan, interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> String {
        // The choice put the scheme in every hosted plan it made; only a plan built by hand can lack it.
        guard let scheme = plan.callbackScheme else {
            throw .verifierUnavailable(
                PhoneVerifierChoice(client: client, configuration: configuration).hostedProblem()
                    ?? .hostedNeedsIOSApp(missing: [.clientOrAppID]))
        }
        let setup: HostedHandlerSetup
        do {
            setup = try await HostedHandlerSetup.prepare(client: client, configuration: configuration)
        } catch {
            switch error {
            // The plan's scheme was checked above; the set-up only checks the app for a provider's redirect.
            case .notConfigured(let missing): throw .verifierUnavailable(.hostedNeedsIOSApp(missing: missing))
            case .authDomain(let failure): throw .verifierUnavailable(.authDomain(failure))
            case .appCheck(let failure): throw .lookupFailed(failure)
            }
        }
        let page = HostedVerifyAppURL(
            authDomain: setup.authDomain, secure: !setup.emulator, apiKey: client.configuration.apiKey,
            bundleID: configuration[.iosBundleID], clientVersion: client.configuration.clientVersion, scheme: scheme,
            languageCode: configuration.firebaseLanguageCode, appCheckToken: setup.appCheckToken)
        let round = BrowserRound.hosted(
            options: setting.round, label: setting.label,
            check: HostedVerifyAppCallback.check(eventID: page.eventID, scheme: scheme), scheme: scheme.scheme,
            successPage: ("reCAPTCHA solved", "Answer received; go back to the terminal for the SMS code."))
        let answer = try await round.run(
            url: { _ in page.url }, callbackScheme: scheme.scheme, listenFailed: PhoneSignInError.browser,
            present: { page, listener in await interaction.present(page, listener: listener) },
            wait: { listener throws(PhoneSignInError) in try await interaction.waitForAnswer(from: listener) })
        return try answer.token.get()
    }

    /// The web SDK's AUDIT flow on the loopback page: the Enterprise token alone; only when the server refuses
    /// it with `INVALID_APP_CREDENTIAL` or `MISSING_RECAPTCHA_TOKEN` does the page show the v2 checkbox, whose
    /// token is then sent with `captchaResponse: "NO_RECAPTCHA"`.
    private func enterpriseThenV2(
        _ enterprise: String, plan: PhoneVerificationPlan, page: LoopbackRecaptchaPage,
        request: (AppVerification) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> String {
        do {
            return try await request(.recaptchaEnterprise(token: enterprise))
        } catch {
            let code = error.serverError?.code
            guard code == .invalidAppCredential || code == .missingRecaptchaToken else { throw .sendFailed(error) }
        }
        let limit = setting.round.timeout
        let v2Token: String?? = await withTaskGroup(of: String??.self) { group in
            group.addTask { .some(await page.fallbackToV2()) }
            group.addTask {
                try? await Task.sleep(for: limit)
                return .none
            }
            let first = await group.next() ?? .none
            group.cancelAll()
            return first
        }
        guard let answered = v2Token else { throw .browser(.timedOut(limit)) }
        guard let token = answered else { throw .interrupted }
        return try await Self.send([plan.fallbackAttempt(v2Token: token)], request: request)
    }

    private func loopback(
        plan: PhoneVerificationPlan, interaction: some PhoneSignInInteraction,
        request: (AppVerification) async throws(IdentityToolkitError) -> String
    ) async throws(PhoneSignInError) -> TextedCode {
        let page = LoopbackRecaptchaPage(
            plan: plan, recipient: setting.recipient, recaptchaAction: setting.recaptchaAction.rawValue,
            languageCode: configuration.firebaseLanguageCode, testWidget: configuration.emulatorHost != nil,
            templates: setting.round.templates)
        do {
            try page.preload()
        } catch {
            throw .verifierUnavailable(.pageUnavailable(error))
        }
        let round = BrowserRound.loopback(
            options: setting.round, label: setting.label, check: page.check, path: LoopbackRecaptchaPage.answerPath,
            routes: page.routes, successPage: ("reCAPTCHA solved", "The SMS is being sent."))
        // Until the SMS is sent this only closes the page on failure; the value returned owns the listener.
        var texted = TextedCode(verificationID: "", page: page, listener: nil, ownsListener: false)
        do throws(PhoneSignInError) {
            let answer = try await round.run(
                url: page.url(port:), listenFailed: PhoneSignInError.browser, keepsListening: true,
                listening: { texted = TextedCode(verificationID: "", page: page, listener: $0, ownsListener: false) },
                present: { page, listener in await interaction.present(page, listener: listener) },
                wait: { listener throws(PhoneSignInError) in try await interaction.waitForAnswer(from: listener) }
            ).get()
            page.sending()
            let verificationID: String
            if plan.fallsBackToV2, let enterprise = answer.enterpriseToken {
                verificationID = try await enterpriseThenV2(enterprise, plan: plan, page: page, request: request)
            } else {
                verificationID = try await Self.send(plan.attempts(with: answer), request: request)
            }
            return texted.with(verificationID: verificationID)
        } catch {
            await texted.failed(interaction.pageMessage(for: error))
            throw error
        }
    }
}
