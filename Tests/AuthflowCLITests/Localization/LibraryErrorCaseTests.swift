import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import AuthflowStorage
import Foundation
import Testing

@testable import AuthflowCLI
@testable import AuthflowCore

/// Every case of the library errors the CLI words, rendered as the CLI shows it under Korean, holds no English
/// sentence: no free-text reason, guidance text or description a library carries reaches a Korean user
/// untranslated. Messages are rendered with the Korean catalogue (`po/ko.po`) through
/// ``MessageCatalogue/override`` for this task only, so tests running beside it keep English. Quoted command
/// lines, flags and the C libraries' own text (shown after the translated sentence as `(libcurl: …)` or
/// `(libc: …)`) are exempt.
@Suite("Library error cases in Korean")
struct LibraryErrorCaseTests {
    static let korean: [String: POFile.Entry] = (try? MessageCatalogueTests.catalogue("ko").byKey) ?? [:]

    /// The Korean of a key, or the English when the catalogue lacks it (which the check then finds).
    static let koreanLookup: @Sendable (String, String?, Int) -> String = { key, pluralKey, count in
        guard let entry = korean[key], !entry.fuzzy, let text = entry.translations.first, !text.isEmpty else {
            return count == 1 || pluralKey == nil ? key : pluralKey ?? key
        }
        return text
    }

    /// `render()`'s messages as a Korean user sees them.
    static func inKorean(_ render: () -> [String]) -> [String] {
        MessageCatalogue.$override.withValue(koreanLookup) { render() }
    }

    /// The English sentences in `text`: three or more ASCII words in a row (one of them lower-case, so product
    /// names such as "Google Cloud" do not count), outside `code spans`, flags and `(libcurl: …)` details.
    static func englishSentences(in text: String) -> [String] {
        var cleaned = withoutLibcurlDetail(text)
        while let open = cleaned.firstIndex(of: "`"),
            let close = cleaned[cleaned.index(after: open)...].firstIndex(of: "`")
        {
            cleaned.replaceSubrange(open...close, with: " | ")
        }
        // Korean sets parentheses against the word before them: "않았습니다(it printed nothing)".
        cleaned = cleaned.replacingOccurrences(of: "(", with: " ").replacingOccurrences(of: ")", with: " ")
        var found: [String] = []
        var run: [Substring] = []
        func finish() {
            if run.count >= 3, run.contains(where: { $0.count > 1 && $0.allSatisfy(\.isLowercase) }) {
                found.append(run.joined(separator: " "))
            }
            run = []
        }
        for token in cleaned.split(whereSeparator: \.isWhitespace) {
            let word = token.drop(while: { "\"'".contains($0) })
            let bare = word.prefix { $0.isASCII && $0.isLetter || $0 == "'" || $0 == "-" }
            let tail = word.dropFirst(bare.count)
            guard !bare.isEmpty, !bare.hasPrefix("-"), tail.allSatisfy({ ".,:;!?\"".contains($0) }) else {
                finish()
                continue
            }
            run.append(bare)
            if !tail.isEmpty { finish() }
        }
        finish()
        return found
    }

    /// `text` with the C libraries' own text, `(libcurl: …)` and `(libc: …)`, removed.
    static func withoutLibcurlDetail(_ text: String) -> String {
        guard let start = text.range(of: " (libcurl: ") ?? text.range(of: " (libc: ") else { return text }
        guard let end = text[start.upperBound...].firstIndex(of: ")") else { return String(text[..<start.lowerBound]) }
        return String(text[..<start.lowerBound]) + withoutLibcurlDetail(String(text[text.index(after: end)...]))
    }

    /// The Korean messages that still hold an English sentence, with the sentence found.
    static func untranslated(_ render: () -> [String]) -> [String] {
        inKorean(render).compactMap { message in
            let english = englishSentences(in: message)
            return english.isEmpty ? nil : "\(message)\n    ↳ \(english.joined(separator: " / "))"
        }
    }

    static let system: [SystemError] = [EACCES, ENOENT, ENOSPC, EROFS, EADDRINUSE, EXDEV].map { SystemError(code: $0) }

    static let storageProblems: [StorageProblem] =
        system.map { .system($0) } + [
            .notADirectory, .notARegularFile, .ownedByAnotherUser(uid: 1001), .cannotRestrictMode(system[0]),
            .cannotRemove(system[0]), .tooLarge(limit: 4096), .noSuchFile, .notUTF8, .notAuthflowDocument,
            .unsupportedFormat(found: 3, expected: 2), .unencodable, .otherProject(found: "a", expected: "b"),
            .unexpected(type: "CancellationError"), .symbolicLink, .writableByOthers(mode: 0o777),
        ]

    static let httpErrors: [HTTPError] = [
        .invalidURL("ht!tp://x"), .unsupportedScheme("ftp"), .dnsFailure(host: "example.invalid"),
        .connectionRefused(host: "127.0.0.1:9"), .blockedAddress(host: "evil.example", address: "10.0.0.1"),
        .tls(host: "example.com", detail: "SSL certificate problem: unable to get local issuer certificate"),
        .timedOut(phase: .connect, limit: .seconds(10)), .timedOut(phase: .total, limit: .milliseconds(1500)),
        .responseTooLarge(limit: 1024), .proxy(detail: "Could not resolve proxy: proxy.invalid"),
        .status(code: 500, body: Array("Internal Server Error".utf8)), .cancelled,
        .transport(code: 56, detail: "Failure when receiving data from the peer"),
    ]

    static let invalidRequests: [InvalidRequestReason] = [
        .missingAPIKey, .unencodable(requestType: "SignUpRequest"), .missingPhoneNumber, .missingRecaptchaClientType,
        .missingVerificationID, .missingSMSCode, .missingTemporaryProof, .missingMultiFactorSession,
        .missingSecondFactor, .missingAuthenticatorCode, .missingTOTPSession, .missingRequestURI,
        .missingRecaptchaEnterpriseToken, .missingAppCheckDebugToken, .missingEmail, .missingLinkCode,
        .missingContinueURL, .linkNotHandledInApp, .missingAccountCredential, .missingRefreshToken,
    ]

    /// Every refusal the backend can name (with and without the server's detail), unknown codes, and the other
    /// REST client failures.
    static func identityToolkitMessages() -> [String] {
        var errors: [IdentityToolkitError] = []
        for code in ServerErrorCode.allCases {
            errors.append(.server(ServerError(httpStatus: 400, message: code.rawValue)))
            errors.append(.server(ServerError(httpStatus: 400, message: "\(code.rawValue) : TOO_SHORT")))
        }
        errors += [
            .server(ServerError(httpStatus: 400, message: "SOMETHING_NEW")),
            .server(ServerError(httpStatus: 503, message: "BACKEND_ERROR")),
            .unavailable(status: 429, excerpt: ""), .unavailable(status: 502, excerpt: "{error}"),
            .redirected(RefusedRedirect(status: 302, locationHost: "elsewhere.example")),
            .redirected(RefusedRedirect(status: 307, locationHost: nil)),
        ]
        errors += httpErrors.map { .network($0) }
        errors += invalidRequests.map { .invalidRequest($0) }
        let problems: [MalformedResponse.Problem] = [
            .notJSON, .notJSONObject, .missing(field: "idToken"), .unexpectedValue(field: "expiresIn"),
            .undecodable, .noErrorObject,
        ]
        errors += problems.map { .malformedResponse(MalformedResponse(status: 200, problem: $0, excerpt: "{kind}")) }
        return errors.map(\.cliMessage) + APIKeyRestriction.allCases.map(\.cliMessage)
    }

    static func appCheckMessages() -> [String] {
        let problems: [AppCheckFailure.Problem] = [
            .missingAppID, .missingProjectID, .exchangeFailed(.network(.dnsFailure(host: "x.invalid"))),
            .exchangeFailed(.server(ServerError(httpStatus: 403, message: "PERMISSION_DENIED"))),
            .commandNotStarted(system[1]), .commandTimedOut(.seconds(1)), .commandTimedOut(.seconds(20)),
            .commandFailed(status: 3, signal: false), .commandFailed(status: 9, signal: true),
            .commandOutputUnusable(.empty), .commandOutputUnusable(.notJSONObject), .commandOutputUnusable(.noToken),
            .commandOutputUnusable(.notSingleToken), .commandOutputUnusable(.notATime(field: "ttl")),
            .commandTokenExpired, .browserUnavailable,
            .rejected(ServerError(httpStatus: 401, message: "App Check token is invalid.")),
            .placeholderRefused(ServerError(httpStatus: 401, message: "App Check token is invalid.")),
            .pageFailed(RecaptchaProtectionError.page(RecaptchaPageFailure(code: "load-failed"))),
            .pageFailed(RedirectListenerError.timedOut(.seconds(300))), .pageFailed(RedirectListenerError.cancelled),
        ]
        let sources: [AppCheckSource] = [.debugToken, .tokenCommand, .recaptchaEnterprise]
        let failures = sources.flatMap { source in problems.map { AppCheckFailure(source: source, problem: $0) } }
        return failures.map(\.cliMessage) + failures.filter(\.allowsPlaceholder).map(AppCheckWording.placeholderWarning)
            + [AppCheckWording.emulatorWithoutURL]
    }

    static func storageAndConfigurationMessages() -> [String] {
        var messages: [String] = []
        for problem in storageProblems {
            for error: StorageError in [
                .directory(path: "/s", reason: problem), .write(path: "/s/f", reason: problem),
                .read(path: "/s/f", reason: problem), .corrupt(path: "/s/f", reason: problem),
            ] {
                messages.append(error.cliMessage)
                messages.append(SignInError.cannotStore(error).cliMessage)
            }
            messages.append(SessionWording.unsavedToken(.write(path: "/s/f", reason: problem)))
            messages.append(ConfigurationError.unreadableFile(path: "authflow.json", reason: problem).cliMessage)
            messages.append(TemplateError.unreadable(path: "page.html", reason: problem).cliMessage)
        }
        messages += TemplateSyntaxProblem.allCases.map {
            TemplateError.syntax(path: "page.html", line: 3, column: 7, reason: $0).cliMessage
        }
        let files: [ConfigurationFileProblem] = [
            .notPropertyList, .propertyListNotDictionary, .noIOSSettings, .notAString(key: "apiKey"),
            .noWebSettings, .notUTF8, .projectInfoNotObject, .noAndroidSettings,
        ]
        messages += files.map { ConfigurationError.invalidFile(path: "f.json", reason: $0).cliMessage }
        let trustProblems: [StorageProblem] = [
            .ownedByAnotherUser(uid: 7), .writableByOthers(mode: 0o664),
        ]
        messages += trustProblems.map {
            ConfigurationError.untrustedFile(path: "/c/config.json", reason: $0).cliMessage
        }
        messages += ConfigurationKey.allCases.filter { $0.role != .identifier }.map {
            IgnoredConfigurationValue(key: $0, value: "v", path: "authflow.json").cliWarning(userFile: "/c/config.json")
        }
        messages += ConfigurationFile.Origin.allCases.map(\.cliName)
        let hostProblems: [EmulatorHostError.Problem] = [
            .empty, .hasScheme, .hasPath, .missingPort, .invalidPort, .invalidHost, .unbracketedIPv6,
        ]
        let values: [ConfigurationValueProblem] =
            [
                .languageTag, .androidPackageTooFewParts, .androidPackagePartStart(part: "1x"),
                .androidPackageCharacters, .certificateSHA1, .referrerNotHTTPURL, .referrerUnencodedCharacters,
                .appCheckURLNotHTTPURL,
            ] + hostProblems.map { .emulatorHost(EmulatorHostError(value: "x", problem: $0)) }
        messages += ConfigurationSource.Derivation.allCases.map { ConfigurationSource.derived($0).cliName }
        messages += ConfigurationSource.DefaultReason.allCases.map { ConfigurationSource.defaultValue($0).cliName }
        messages += values.map {
            ConfigurationError.invalidValue(key: .emulatorHost, value: "x", source: .flag("--emulator"), reason: $0)
                .cliMessage
        }
        return messages
    }

    static func listenerAndLinkMessages() -> [String] {
        let serverProblems: [LoopbackServerProblem] =
            system.map { .system($0) } + [
                .noFreePort, .noTLSSupport, .outOfMemory, .identityRejected, .daemonNotStarted(address: "::1"),
            ]
        var errors: [RedirectListenerError] = serverProblems.flatMap { problem in
            [
                .server(.bindFailed(address: "127.0.0.1", reason: problem)), .server(.tlsSetupFailed(reason: problem)),
                .server(.startFailed(reason: problem)),
            ]
        }
        errors += storageProblems.map { .rendezvous(.write(path: "/run/r", reason: $0)) }
        errors += storageProblems.map { .rendezvous(.directory(path: "/run/r", reason: $0)) }
        var messages = errors.map(\.cliMessage)
        let shortLinks: [ShortLinkError] = [
            .network(link: "https://x.page.link/a", underlying: .dnsFailure(host: "x.page.link")),
            .notFound(link: "https://x.page.link/a"), .noRedirect(link: "https://x.page.link/a", status: 200),
            .notHTTPS(link: "http://x.page.link/a"), .tooManyHops(link: "https://x.page.link/a", limit: 5),
        ]
        messages += shortLinks.map { LinkInspectionError.shortLink($0).cliMessage }
        let documents: [DocumentError] = [
            .tooLarge(limit: 1 << 20), .notAnEmail(detail: "it does not start with header lines"),
            .nestingTooDeep(limit: 20), .tooManyParts(limit: 100),
        ]
        messages += documents.map { DocumentSearchError.document($0).cliMessage }
        messages += shortLinks.map { DocumentSearchError.shortLink($0).cliMessage }
        let commandProblems: [CodeProgramFailure.Problem] = [
            .notStarted(system[1]), .stopped, .timedOut(.seconds(30)), .failed(.exited(1)), .failed(.signalled(9)),
            .printedNothing,
        ]
        messages += commandProblems.map {
            RecaptchaProtectionError.tokenCommand(RecaptchaTokenProgramFailure(command: "get-token", problem: $0))
                .cliMessage
        }
        let unreachable: [HandoffSender.Unreachable] =
            system.map { .system($0) } + [.nothingListens(port: 4000), .closed, .noAnswer, .notHTTP, .status(500)]
        messages += unreachable.map(\.cliMessage)
        let launches: [BrowserLaunchFailure.Problem] = [.notInstalled, .exited(3), .signalled(9)]
        messages += (launches + system.map { .notStarted($0) }).map {
            BrowserLaunchFailure(program: "xdg-open", problem: $0).cliMessage
        }
        messages.append(OpenerLimitation(scheme: "app-1-2-ios-3", openerVersion: "1.1.3").cliMessage)
        messages.append(CallbackURLError.controlCharacter("\r", offset: 12).cliMessage)
        messages.append(RecaptchaProtectionError.interrupted.cliMessage)
        messages.append(
            RecaptchaProtectionError.refused(action: .signInWithPassword, code: .missingRecaptchaToken).cliMessage)
        messages.append(
            RecaptchaProtectionError.pageUnavailable(.unreadable(path: "p.html", reason: .notUTF8)).cliMessage)
        return messages
    }

    /// Every reason a callback is refused for (the listener's, the loopback pages', the hosted handler's). The
    /// switches below stop compiling when a case is added, so the list is kept whole.
    static let rejections: [any CallbackRejectionReason] = {
        let redirect: [RedirectRejection] = [
            .notURL, .foreignAddress(expected: "http://127.0.0.1:4000/callback"), .foreignScheme("other"),
            .alreadyAnswered, .repeatedParameter("state"), .missingParameter("state"), .mismatchedParameter("state"),
            .controlCharacter(codePoint: "U+000D"),
        ]
        let hosted: [HostedHandlerRejection] = [
            .notAtAddress(page: .recaptcha, scheme: "app-1-2"),
            .notAtAddress(page: .signIn(providerID: "apple.com"), scheme: "app-1-2"),
            .notAtAddress(page: .signIn(providerID: "github.com"), scheme: "app-1-2"),
            .notFirebaseCallback(scheme: "app-1-2"), .anotherAttempt, .repeatedParameter("eventId"),
        ]
        return redirect + LoopbackPageRejection.allCases + hosted
    }()

    static func listed(_ reason: RedirectRejection) {
        switch reason {
        case .notURL, .foreignAddress, .foreignScheme, .alreadyAnswered, .repeatedParameter, .missingParameter,
            .mismatchedParameter, .controlCharacter:
            break
        }
    }

    static func listed(_ reason: HostedHandlerRejection) {
        switch reason {
        case .notAtAddress(.recaptcha, _), .notAtAddress(.signIn, _), .notFirebaseCallback, .anotherAttempt,
            .repeatedParameter:
            break
        }
    }

    /// Each rejection as the browser's page, the paste prompt and `handle-url` (from its code) word it.
    static func rejectionMessages() -> [String] {
        rejections.flatMap { reason in
            [
                CallbackRejectionWording.cliMessage(reason),
                CallbackRejectionWording.cliMessage(HandoffSender.Refusal.coded(reason.code)),
            ]
        } + [CallbackRejectionWording.cliMessage(HandoffSender.Refusal.coded(CallbackRejectionCode("newer-reason")))]
    }

    /// Text that reaches a failure from outside and is shown as sent (an authorization server's
    /// `error_description`, Firebase's own `message`): data, not ours to translate, removed before the check.
    static let failureData = ["The user denied access", "Something went wrong at Firebase."]

    /// A hosted page's `firebaseError` of each kind (the test below checks every kind is here).
    static let pageErrors: [FirebaseCallbackError] = [
        #"{"code":"auth/invalid-oauth-client-id","message":"Something went wrong at Firebase."}"#,
        #"{"code":"auth/network-request-failed","message":"Something went wrong at Firebase."}"#,
        #"{"code":"auth/internal-error","message":"Something went wrong at Firebase."}"#,
        #"{"code":"auth/invalid-api-key","message":"Something went wrong at Firebase."}"#,
        #"{"code":"auth/user-cancelled","message":"Something went wrong at Firebase."}"#,
        #"{"code":"auth/web-context-cancelled","message":"Something went wrong at Firebase."}"#, "{}",
        #"{"message":"Something went wrong at Firebase."}"#, "not-json",
    ].map { FirebaseCallbackError(raw: $0) }

    /// The JS SDK codes the web route's page posts that the CLI words apart, and one it does not.
    static let webCodes = [
        "auth/popup-closed-by-user", "auth/cancelled-popup-request", "auth/user-cancelled",
        OAuthSignIn.missingCredentialCode, "auth/operation-not-allowed", "auth/unauthorized-domain",
        "authflow/sdk-load-failed", "auth/account-exists-with-different-credential", "auth/credential-already-in-use",
        "auth/email-already-in-use", "auth/multi-factor-auth-required", "auth/internal-error",
    ]

    /// Every failure a callback check reports, as the browser's "sign-in failed" page shows it: the listener's
    /// own (an authorization server's `error`), the loopback reCAPTCHA pages' error codes, the hosted pages'
    /// `firebaseError` (reCAPTCHA, Apple, any provider) and the web route's JS SDK codes.
    static let failures: [any CallbackFailure] = {
        var failures: [any CallbackFailure] = [
            RedirectFailure.authorizationError(error: "access_denied", detail: nil),
            RedirectFailure.authorizationError(error: "access_denied", detail: "The user denied access"),
        ]
        let recaptcha = ["load-failed", "expired", "other-code"].map { RecaptchaPageFailure(code: $0) }
        failures += recaptcha.map { PhoneSignInError.recaptchaPage($0) }
        failures += recaptcha.map { RecaptchaProtectionError.page($0) }
        let github = OAuthProvider(id: "github.com") ?? .apple
        let unknownURL = "https://example.firebaseapp.com/__/auth/callback?unexpected=1"
        failures += pageErrors.map { PhoneSignInError.hostedPage($0) }
        failures.append(PhoneSignInError.hostedPageUnknown(callbackURL: unknownURL))
        failures += pageErrors.map { AppleSignInError.page($0) }
        failures.append(AppleSignInError.pageUnknown(callbackURL: unknownURL))
        failures += pageErrors.map { OAuthSignInError.page($0, provider: github) }
        failures.append(OAuthSignInError.pageUnknown(callbackURL: unknownURL))
        let hints = [WebSecondFactorHint(enrollmentID: "e1", factorID: "phone", phoneNumber: "+1******1234")]
        failures += webCodes.map {
            OAuthSignInError(webCode: $0, email: "someone@example.com", hints: hints, provider: github)
        }
        return failures
    }()

    /// Each failure as the browser's "sign-in failed" page words it, without the outside data it quotes.
    static func failureMessages() -> [String] {
        failures.map { failure in
            failureData.reduce(CallbackFailureWording.cliMessage(failure)) {
                $0.replacingOccurrences(of: $1, with: "")
            }
        }
    }

    /// The error families the CLI words, each rendered in every case.
    enum Family: String, CaseIterable, Sendable {
        case identityToolkit = "backend refusals, transport failures and invalid requests"
        case appCheck = "App Check failures of every source"
        case storageAndConfiguration = "storage, configuration and template reasons"
        case listenerAndLinks = "listener, handoff, short-link, document and reCAPTCHA command failures"
        case callbackRejections = "callback rejections, shown on the page, after a paste and by handle-url"
        case callbackFailures = "callback failures, shown on the sign-in failed page"

        var messages: [String] {
            switch self {
            case .identityToolkit: LibraryErrorCaseTests.identityToolkitMessages()
            case .appCheck: LibraryErrorCaseTests.appCheckMessages()
            case .storageAndConfiguration: LibraryErrorCaseTests.storageAndConfigurationMessages()
            case .listenerAndLinks: LibraryErrorCaseTests.listenerAndLinkMessages()
            case .callbackRejections: LibraryErrorCaseTests.rejectionMessages()
            case .callbackFailures: LibraryErrorCaseTests.failureMessages()
            }
        }
    }

    @Test("Every case of a library error family holds no English under Korean", arguments: Family.allCases)
    func noEnglish(family: Family) {
        #expect(Self.korean.count > 500)
        var rendered: [String] = []
        let left = Self.untranslated {
            rendered = family.messages
            return rendered
        }
        #expect(rendered.count > 20)
        #expect(left.isEmpty, "English left in Korean messages:\n\(left.joined(separator: "\n"))")
    }

    @Test("Each rejection's code names it alone and survives the handoff's wire form; handle-url reads it back")
    func rejectionCodes() {
        let codes = Self.rejections.map(\.code)
        #expect(Set(codes).count == codes.count, "two reasons share a code")
        for reason in Self.rejections {
            #expect(CallbackRejectionCode(wire: reason.code.wire) == reason.code)
            #expect(CallbackRejectionWording.reason(reason.code)?.code == reason.code, "\(reason.code)")
            #expect(
                CallbackRejectionWording.cliMessage(HandoffSender.Refusal.coded(reason.code))
                    == CallbackRejectionWording.cliMessage(reason))
        }
        let awkward = CallbackRejectionCode("foreign-scheme", ["a&b=c d+é"])
        #expect(CallbackRejectionCode(wire: awkward.wire) == awkward)
        #expect(CallbackRejectionCode(wire: "value=x") == nil)
        #expect(CallbackRejectionWording.reason(CallbackRejectionCode("missing-parameter")) == nil, "values checked")
    }

    @Test("Every kind of hosted page error is listed; each failure's page text is its flow's own terminal text")
    func failureCases() {
        #expect(Set(Self.pageErrors.map(\.kind)).count == 6)
        #expect(Set(Self.pageErrors.map(\.kind)).isSuperset(of: [.invalidClientID, .incomplete, .unparsable]))
        // The CLI installs this wording for the page; each failure reads as the flow's error does at the terminal.
        for failure in Self.failures {
            let page = CallbackFailureWording.cliMessage(failure)
            let terminal =
                switch failure {
                case let failure as PhoneSignInError: failure.cliMessage
                case let failure as RecaptchaProtectionError: failure.cliMessage
                case let failure as AppleSignInError: failure.cliMessage
                case let failure as OAuthSignInError: failure.cliMessage
                default: page
                }
            #expect(page == terminal, "\(failure)")
        }
    }

    @Test("The check sees English a library carries into a Korean message, and passes over commands")
    func detectorFails() {
        #expect(!Self.englishSentences(in: "Firebase 인증에 연결하지 못했습니다: the host has no address").isEmpty)
        #expect(Self.englishSentences(in: "Firebase Console의 Authentication → 설정에서 확인하세요.").isEmpty)
        #expect(Self.englishSentences(in: "`authflow mfa resolve --code CODE`를 실행하세요.").isEmpty)
        #expect(Self.englishSentences(in: "요청에 실패했습니다. (libcurl: Could not connect to server)").isEmpty)
        #expect(Self.englishSentences(in: "API_KEY, PROJECT_ID, GOOGLE_APP_ID 중 어느 것도 없습니다").isEmpty)
        let left = Self.untranslated {
            [localized("Could not reach Firebase Auth: \(HTTPError.dnsFailure(host: "x").description)")]
        }
        #expect(left.count == 1)
        #expect(Self.untranslated { [HTTPError.dnsFailure(host: "x.invalid").cliMessage] }.isEmpty)
    }
}
