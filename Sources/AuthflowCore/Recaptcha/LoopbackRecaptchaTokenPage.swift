import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives

/// The page authflow serves at `http://localhost:PORT/recaptcha?state=…` to get one reCAPTCHA Enterprise
/// token for an action (`getOobCode`, `signInWithPassword`, `signUpPassword`, or App Check's
/// `fire_app_check`): the same machinery as
/// phone sign-in's ``LoopbackRecaptchaPage`` (a `localhost` page, which projects authorize by default; the
/// listener's state check; the same Content-Security-Policy), with nothing for the person to do. The page
/// (`templates/recaptcha-enterprise.html`) loads ``RecaptchaScript``, runs
/// `grecaptcha.enterprise.execute(siteKey, {action})` and posts the token to ``answerPath``, or `error`
/// when the script did not load or gave no token.
public final class LoopbackRecaptchaTokenPage: Sendable {
    /// The page itself.
    public static let pagePath = "/recaptcha"
    /// Where the page posts the token: the listener's callback path.
    public static let answerPath = "/recaptcha/answer"
    /// The template file in `templates/`.
    public static let templateName = "recaptcha-enterprise.html"

    /// The unguessable value every request from the page carries.
    public let state: String
    /// The reCAPTCHA Enterprise site key the token is for.
    public let siteKey: String
    /// The action the token is issued for.
    public let action: RecaptchaAction
    private let script: RecaptchaScript
    private let languageCode: String?
    private let frame: LoopbackPageFrame

    /// A page getting a token for `action` with `siteKey`, from `script`; `languageCode` is the page's language.
    public init(
        siteKey: String, action: RecaptchaAction, script: RecaptchaScript, languageCode: String?,
        templates: TemplateDirectory, state: String = RandomToken.make()
    ) {
        self.siteKey = siteKey
        self.action = action
        self.script = script
        self.languageCode = languageCode.flatMap(LoopbackRecaptchaPage.validLanguage)
        self.frame = LoopbackPageFrame(
            templateName: Self.templateName, pagePath: Self.pagePath, state: state,
            renderer: PageRenderer(directory: templates))
        self.state = state
    }

    /// Checks the template loads, so a broken branded copy is reported before the browser opens.
    public func preload() throws(TemplateError) {
        try frame.preload()
    }

    /// The address to open: on `localhost`, never `127.0.0.1`.
    public func url(port: UInt16) -> String {
        frame.url(port: port)
    }

    /// What the page posts: the token, or the failure it reported.
    public typealias Answer = Result<String, RecaptchaProtectionError>

    /// The listener check for the page's answer: this page's state, and a token or an `error`.
    public var check: CallbackCheck<Answer> {
        return frame.postedAnswerCheck(page: .recaptchaToken) { parameters in
            if let error = parameters.nonEmptyValue("error", rule: .firstWins) {
                let failure = RecaptchaProtectionError.page(RecaptchaPageFailure(code: error))
                return .acceptedWithError(.failure(failure), failure: failure)
            }
            guard let token = parameters.nonEmptyValue("captchaResponse", rule: .firstWins) else {
                return .rejected(LoopbackPageRejection.incomplete(.recaptchaToken))
            }
            return .accepted(.success(token))
        }
    }

    /// The page, served beside the answer path.
    public var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] {
        [Self.pagePath: { [self] in page($0) }]
    }

    private func page(_ incoming: LoopbackRequest) -> LoopbackResponse {
        if let refusal = frame.refusal(ofPageRequest: incoming, page: .recaptchaToken) { return refusal }
        let nonce = RandomToken.make(bytes: 16)
        let context: TemplateContext = [
            "state": .text(state), "answerPath": .text(Self.answerPath), "nonce": .text(nonce),
            "recaptchaAction": .text(action.rawValue), "siteKey": .text(siteKey),
            "lang": .text(languageCode ?? "en"),
            "scriptURL": .text(script.url(siteKey: siteKey, onload: "authflowEnterpriseLoaded")),
        ]
        return frame.render(context, nonce: nonce, extraScriptOrigin: script.extraScriptOrigin)
    }
}
