import AuthflowListener
import AuthflowPrimitives
import Foundation

/// The reCAPTCHA page authflow serves itself, at `http://localhost:PORT/phone?state=…` (web parity: reCAPTCHA
/// only runs on an authorized domain, and `localhost` is one by default while `127.0.0.1` is not).
///
/// The page (`templates/phone-recaptcha.html`) runs reCAPTCHA v2 with the project's site key, or reCAPTCHA
/// Enterprise when the project audits or enforces it, and posts the token(s) to ``answerPath``, the
/// listener's callback path. It then polls ``statusPath`` and, once the SMS is sent, shows a field for the
/// code, posted to ``codePath``; so the whole sign-in can finish in the tab. Every request must carry the
/// page's `state`, so other local pages cannot post answers or codes.
///
/// Against an emulator Google's script cannot be used (the emulator's site key is fake and tests run
/// offline), so the page shows a stand-in "I'm not a robot" button instead, labelled as such, which posts
/// a token the emulator ignores. Tests drive either the button or the same HTTP requests.
public final class LoopbackRecaptchaPage: Sendable {
    /// The page itself.
    public static let pagePath = "/phone"
    /// Where the page posts its reCAPTCHA answer: the listener's callback path.
    public static let answerPath = "/phone/answer"
    /// Where the page posts the SMS code.
    public static let codePath = "/phone/code"
    /// Where the page posts the v2 checkbox's token after an AUDIT refusal of the Enterprise token.
    public static let fallbackPath = "/phone/v2"
    /// Where the page polls the flow's progress (JSON `{"phase":…,"message":…}`).
    public static let statusPath = "/phone/status"
    /// The template file in `templates/`.
    public static let templateName = "phone-recaptcha.html"

    /// The unguessable value every request from the page carries.
    public let state: String
    /// The plan the page follows.
    public let plan: PhoneVerificationPlan
    let progress = LoopbackPageProgress()
    private let frame: LoopbackPageFrame
    private let recipient: String
    private let recaptchaAction: String
    private let languageCode: String?
    private let testWidget: Bool

    /// A page for `plan` that texts `recipient` (the number as shown, masked for a second factor).
    /// `recaptchaAction` is the Enterprise action the web SDK names for the request (`sendVerificationCode`,
    /// `mfaSmsEnrollment`, `mfaSmsSignIn`). `testWidget` replaces Google's script with the stand-in button
    /// (for an emulator); `languageCode` becomes reCAPTCHA's `hl` when it is a valid one.
    public init(
        plan: PhoneVerificationPlan, recipient: String, recaptchaAction: String = "sendVerificationCode",
        languageCode: String?, testWidget: Bool, templates: TemplateDirectory, state: String = RandomToken.make()
    ) {
        self.plan = plan
        self.recipient = recipient
        self.recaptchaAction = recaptchaAction
        self.languageCode = languageCode.flatMap(Self.validLanguage)
        self.testWidget = testWidget
        self.frame = LoopbackPageFrame(
            templateName: Self.templateName, pagePath: Self.pagePath, state: state,
            renderer: PageRenderer(directory: templates))
        self.state = state
    }

    /// Checks the template loads, so a broken branded copy is reported before the browser opens.
    public func preload() throws(TemplateError) {
        try frame.preload()
    }

    /// The address to open: on `localhost`, which the project authorizes, never `127.0.0.1`.
    public func url(port: UInt16) -> String {
        frame.url(port: port)
    }

    /// What the page posts, read once by ``check``: the tokens, or the failure the page reported.
    public typealias Answer = Result<RecaptchaAnswer, PhoneSignInError>

    /// The listener check for the page's answer: this page's state, and the tokens the plan needs (or an
    /// `error` the page reports, which ends the wait as a failure). The listener's answer is the tokens.
    public var check: CallbackCheck<Answer> {
        let plan = self.plan
        return frame.postedAnswerCheck(page: .phoneRecaptcha) { parameters in
            if let error = parameters.nonEmptyValue("error", rule: .firstWins) {
                let failure = Self.failure(error)
                return .acceptedWithError(.failure(failure), failure: failure)
            }
            let answer = Self.answer(in: parameters)
            guard !plan.attempts(with: answer).isEmpty else {
                return .rejected(LoopbackPageRejection.incomplete(.phoneRecaptcha))
            }
            return .accepted(.success(answer))
        }
    }

    /// The pages served beside the answer path.
    public var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] {
        [
            Self.pagePath: { [self] in page($0) },
            Self.codePath: { [self] in code($0) },
            Self.statusPath: { [self] in status($0) },
            Self.fallbackPath: { [self] in fallback($0) },
        ]
    }

    // MARK: The flow moves the page on

    /// The answer arrived; the SMS is being requested.
    public func sending() { progress.move(to: .sending) }
    /// The SMS was sent: open the code field (again, after a wrong code, with `note`).
    public func awaitingCode(note: String? = nil) { progress.move(to: .code(note: note)) }
    /// The Enterprise token was refused under AUDIT: the page shows the v2 checkbox, and this returns its
    /// token; nil when the page finished or the wait was cancelled.
    public func fallbackToV2() async -> String? {
        progress.move(to: .fallback)
        return await progress.nextFallbackToken()
    }
    /// A code arrived from elsewhere (the terminal); the field closes.
    public func confirming() { progress.move(to: .confirming) }
    /// The sign-in finished.
    public func finished(_ message: String) { progress.move(to: .done(message)) }
    /// The sign-in stopped.
    public func failed(_ message: String) { progress.move(to: .failed(message)) }

    /// The next code typed on the page; nil when the page is finished or the wait is cancelled.
    public func nextCode() async -> String? { await progress.nextCode() }

    /// Gives a page that is being watched up to `limit` to show the final outcome, so stopping the listener
    /// right after does not leave the tab saying authflow went away. Returns at once when no browser polls, and as
    /// soon as the page has polled the outcome; the limit (5 s) leaves room for a page polling every 700 ms in a
    /// tab whose timers the browser slows (a background tab's run at most once a second) or on a busy machine.
    /// The poll that saw the outcome may still be being answered when this returns: the listener's graceful stop
    /// (`LoopbackServer.stop()`) lets that answer finish, so the caller can stop it at once.
    public func letPageSeeOutcome(limit: Duration = .seconds(5)) async {
        guard progress.everPolled else { return }
        let deadline = ContinuousClock.now + limit
        while !progress.finalPhaseSeen, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    // MARK: Requests

    private func page(_ request: LoopbackRequest) -> LoopbackResponse {
        if let refusal = frame.refusal(ofPageRequest: request, page: .phoneRecaptcha) { return refusal }
        let nonce = RandomToken.make(bytes: 16)
        var context: TemplateContext = [
            "state": .text(state), "phoneNumber": .text(recipient), "recaptchaAction": .text(recaptchaAction),
            "lang": .text(languageCode ?? "en"),
            "answerPath": .text(Self.answerPath), "codePath": .text(Self.codePath),
            "statusPath": .text(Self.statusPath),
            "fallbackPath": .text(Self.fallbackPath), "fallsBackToV2": .flag(plan.fallsBackToV2),
            "nonce": .text(nonce), "testWidget": .flag(testWidget), "needsV2": .flag(plan.needsV2Token),
            "needsEnterprise": .flag(plan.needsEnterpriseToken),
        ]
        if let siteKey = plan.siteKey { context["siteKey"] = .text(siteKey) }
        if let key = plan.enterpriseSiteKey { context["enterpriseSiteKey"] = .text(key) }
        if !testWidget {
            var v2 = "https://www.google.com/recaptcha/api.js?onload=authflowV2Loaded&render=explicit"
            if let languageCode { v2 += "&hl=\(languageCode)" }
            context["v2ScriptURL"] = .text(v2)
            if let key = plan.enterpriseSiteKey {
                context["enterpriseScriptURL"] = .text(
                    RecaptchaScript.google.url(siteKey: key, onload: "authflowEnterpriseLoaded"))
            }
        }
        return frame.render(context, nonce: nonce)
    }

    private func code(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "POST" else {
            return LoopbackPageFrame.refusal(.wrongMethod(.phoneRecaptcha, expected: "POST"), status: 405)
        }
        let form = QueryParameters(query: request.text[...], plusAsSpace: true)
        guard isOurs(form) else { return Self.foreignPost }
        let code = (form.value("code", rule: .firstWins) ?? "").trimmingWhitespace()
        guard !code.isEmpty else { return statusReply(status: 400, message: "Enter the code from the SMS.") }
        guard progress.submit(code: code) else {
            return statusReply(status: 409, message: "The code field is not open right now.")
        }
        return statusReply(status: 202)
    }

    private func fallback(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "POST" else {
            return LoopbackPageFrame.refusal(.wrongMethod(.phoneRecaptcha, expected: "POST"), status: 405)
        }
        let form = QueryParameters(query: request.text[...], plusAsSpace: true)
        guard isOurs(form) else { return Self.foreignPost }
        let token = form.value("recaptchaToken", rule: .firstWins) ?? ""
        guard !token.isEmpty else { return statusReply(status: 400, message: "Solve the reCAPTCHA first.") }
        guard progress.submit(fallbackToken: token) else {
            return statusReply(status: 409, message: "The reCAPTCHA checkbox is not wanted right now.")
        }
        return statusReply(status: 202)
    }

    private func status(_ request: LoopbackRequest) -> LoopbackResponse {
        guard isOurs(QueryParameters(query: (request.query ?? "")[...], plusAsSpace: true)) else {
            return Self.foreignPost
        }
        // One reading of the phase: the poll is noted as having shown exactly what it answers.
        let phase = progress.phase
        progress.polled(phase)
        return statusReply(status: 200, phase: phase)
    }

    private func statusReply(
        status: Int, message: String? = nil, phase known: LoopbackPageProgress.Phase? = nil
    ) -> LoopbackResponse {
        let phase = known ?? progress.phase
        // A fixed shape, written in the keys' sorted order as before.
        var members: [(String, JSONValue)] = []
        if let text = message ?? phase.message { members.append(("message", .string(text))) }
        members.append(("phase", .string(phase.name)))
        return LoopbackResponse(
            status: status,
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/json"),
                HTTPHeader(name: "Cache-Control", value: "no-store"),
            ],
            body: JSONWriter.bytes(.object(members)))
    }

    /// The refusal of a post or poll carrying another page's state.
    private static var foreignPost: LoopbackResponse {
        LoopbackPageFrame.refusal(.anotherAttempt(.phoneRecaptcha), status: 403)
    }

    private func isOurs(_ parameters: QueryParameters) -> Bool {
        frame.isOurs(parameters)
    }

    // MARK: Helpers

    private static func answer(in parameters: QueryParameters) -> RecaptchaAnswer {
        RecaptchaAnswer(
            v2Token: parameters.value("recaptchaToken", rule: .firstWins),
            enterpriseToken: parameters.value("captchaResponse", rule: .firstWins))
    }

    /// What the page's `error` values mean.
    static func failure(_ code: String) -> PhoneSignInError {
        .recaptchaPage(RecaptchaPageFailure(code: code))
    }

    /// reCAPTCHA's `hl`: letters, digits and `-`, at most 6 characters.
    static func validLanguage(_ code: String) -> String? {
        guard !code.isEmpty, code.count <= 6,
            code.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            })
        else { return nil }
        return code
    }

    /// Scripts only from reCAPTCHA's hosts (and `extraScriptOrigin`, a stand-in's, when asked for) and the
    /// page's own inline script (by nonce); requests only back to this listener; frames only reCAPTCHA's.
    static func contentSecurityPolicy(nonce: String, extraScriptOrigin: String? = nil) -> String {
        let extra = extraScriptOrigin.map { " " + $0 + "/www.google.com/recaptcha/" } ?? ""
        // The stand-in script asks its backend for each token.
        let extraConnect = extraScriptOrigin.map { " " + $0 + "/__/authflow/recaptcha/" } ?? ""
        return [
            "default-src 'none'",
            "script-src 'nonce-\(nonce)' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/" + extra,
            "frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
            "style-src 'unsafe-inline'", "img-src data:", "connect-src 'self'" + extraConnect, "base-uri 'none'",
            "form-action 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }
}
