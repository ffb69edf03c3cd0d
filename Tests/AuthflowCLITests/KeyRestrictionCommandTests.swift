import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// API keys restricted to an iOS app, an Android app or websites, end to end: the embedded backend refuses as
/// Google does, the binary says which restriction refused and which flag satisfies it (exit 2), and the
/// same command with that flag, variable or file succeeds.
@Suite("API-key restrictions through the CLI")
struct KeyRestrictionCommandTests {
    static let iosAdvice =
        "authflow: Google refused the request: the API key is restricted to iOS apps "
        + "(API_KEY_IOS_APP_BLOCKED). Pass --ios-bundle-id with the bundle ID of an app the key allows (or set "
        + "FIREBASE_IOS_BUNDLE_ID, or \"iosBundleId\" in authflow.json); the key's restrictions are under APIs & "
        + "Services → Credentials in the Google Cloud console.\n"
    static let androidAdvice =
        "authflow: Google refused the request: the API key is restricted to Android apps "
        + "(API_KEY_ANDROID_APP_BLOCKED). Pass --android-package and --android-cert-sha1 with the package name and "
        + "signing-certificate SHA-1 of an app the key allows (or set FIREBASE_ANDROID_PACKAGE and "
        + "FIREBASE_ANDROID_CERT_SHA1, or use the app's google-services.json); the key's restrictions are under "
        + "APIs & Services → Credentials in the Google Cloud console.\n"
    static let referrerAdvice =
        "authflow: Google refused the request: the API key is restricted to websites "
        + "(API_KEY_HTTP_REFERRER_BLOCKED). Pass --referer with the URL of a page the key allows, e.g. --referer "
        + "https://app.example.com/ (or set AUTHFLOW_REFERER, or \"referer\" in authflow.json).\n"

    static let certificate = "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01"

    /// `authflow token --force-refresh`: a secure-token request, the one every script depends on.
    private func refresh(
        _ fixture: SignedInBackend, _ extra: [String] = [], environment: [String: String] = [:]
    )
        async throws -> SubprocessResult
    {
        try await AuthflowCommand.run(
            ["token", "--force-refresh", "--state-dir", fixture.stateRoot.path] + extra,
            environment: fixture.environment.merging(environment) { _, new in new },
            workingDirectory: fixture.directory.path)
    }

    @Test("iOS-restricted key: refused without the bundle ID (session kept), accepted with it")
    func iosApp() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setKeyRestriction(.iosApps(bundleIDs: ["com.example.app"]))
        let before = try fixture.store.load()

        let refused = try await refresh(fixture)
        let wrong = try await refresh(fixture, ["--ios-bundle-id", "com.example.other"])
        let afterRefusals = try fixture.store.load()
        let flag = try await refresh(fixture, ["--ios-bundle-id", "com.example.app"])
        let variable = try await refresh(fixture, environment: ["FIREBASE_IOS_BUNDLE_ID": "com.example.app"])

        #expect(refused.exitCode == 2)
        #expect(refused.stderrText == Self.iosAdvice)
        #expect(refused.stdout.isEmpty)
        #expect(wrong.exitCode == 2)
        #expect(wrong.stderrText == Self.iosAdvice)
        #expect(flag.exitCode == 0, "\(flag.stderrText)")
        #expect(variable.exitCode == 0, "\(variable.stderrText)")
        #expect(!flag.stdoutText.isEmpty)
        #expect(afterRefusals == before)
    }

    @Test("Android-restricted key: package and certificate from flags (any fingerprint form) or google-services.json")
    func androidApp() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setKeyRestriction(
            .androidApps([.init(package: "com.example.android", certificateSHA1: Self.certificate)]))

        let refused = try await refresh(fixture)
        let packageOnly = try await refresh(fixture, ["--android-package", "com.example.android"])
        let wrongCertificate = try await refresh(
            fixture,
            ["--android-package", "com.example.android", "--android-cert-sha1", String(repeating: "0", count: 40)])
        let colons = try await refresh(
            fixture, ["--android-package", "com.example.android", "--android-cert-sha1", Self.certificate.lowercased()])
        let hex = try await refresh(
            fixture, [],
            environment: [
                "FIREBASE_ANDROID_PACKAGE": "com.example.android",
                "FIREBASE_ANDROID_CERT_SHA1": Self.certificate.replacingOccurrences(of: ":", with: ""),
            ])
        try Self.googleServicesJSON(certificate: Self.certificate.replacingOccurrences(of: ":", with: "").lowercased())
            .write(
                to: URL(fileURLWithPath: fixture.directory.file("google-services.json")), atomically: true,
                encoding: .utf8)
        let file = try await refresh(fixture)

        for result in [refused, packageOnly, wrongCertificate] {
            #expect(result.exitCode == 2)
            #expect(result.stderrText == Self.androidAdvice)
        }
        for result in [colons, hex, file] {
            #expect(result.exitCode == 0, "\(result.stderrText)")
        }
        let sent = fixture.backend.receivedHeaders.last
        #expect(sent?.value("X-Android-Package") == "com.example.android")
        #expect(sent?.value("X-Android-Cert") == Self.certificate.replacingOccurrences(of: ":", with: ""))
    }

    @Test("Website-restricted key: --referer or AUTHFLOW_REFERER satisfies it; another site is refused")
    func website() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setKeyRestriction(.websites(referrers: ["https://app.example.com/*"]))

        let refused = try await refresh(fixture)
        let otherSite = try await refresh(fixture, ["--referer", "https://evil.example.net/"])
        let flag = try await refresh(fixture, ["--referer", "https://app.example.com/login"])
        let variable = try await refresh(fixture, environment: ["AUTHFLOW_REFERER": "https://app.example.com/"])

        #expect(refused.exitCode == 2)
        #expect(refused.stderrText == Self.referrerAdvice)
        #expect(otherSite.exitCode == 2)
        #expect(otherSite.stderrText == Self.referrerAdvice)
        #expect(flag.exitCode == 0, "\(flag.stderrText)")
        #expect(variable.exitCode == 0, "\(variable.stderrText)")
    }

    @Test("Whichever step is refused (phone send, email-link send), the advice is the restriction's; then it works")
    func refusedInsideFlows() async throws {
        let phone = try PhoneCLIFixture()
        phone.backend.setKeyRestriction(
            .androidApps([.init(package: "com.example.android", certificateSHA1: Self.certificate)]))
        let refusedPhone = try await phone.run([
            "phone", "sign-in", "+16505550140", "--code-command", phone.codeCommand,
        ])
        let phoneCodes = phone.backend.verificationCodes.count
        let acceptedPhone = try await phone.run(
            [
                "phone", "sign-in", "+16505550140", "--code-command", phone.codeCommand,
                "--android-package", "com.example.android", "--android-cert-sha1", Self.certificate,
            ])

        let links = try EmailLinkCLIFixture()
        links.backend.setKeyRestriction(.websites(referrers: ["https://app.example.com/*"]))
        let refusedLink = try await links.run([
            "email-link", "send", "ada@example.com", "--continue-url", links.continueURL,
        ])
        let pendingAfterRefusal = try links.pending.load()
        let acceptedLink = try await links.run(
            [
                "email-link", "send", "ada@example.com", "--continue-url", links.continueURL,
                "--referer", "https://app.example.com/",
            ])

        #expect(refusedPhone.exitCode == 2)
        #expect(refusedPhone.stderrText == Self.androidAdvice)
        #expect(phoneCodes == 0, "no SMS may be sent")
        #expect(acceptedPhone.exitCode == 0, "\(acceptedPhone.stderrText)")
        #expect(refusedLink.exitCode == 2)
        #expect(refusedLink.stderrText == Self.referrerAdvice)
        #expect(pendingAfterRefusal == nil)
        #expect(acceptedLink.exitCode == 0, "\(acceptedLink.stderrText)")
        #expect(try links.pending.load()?.email == "ada@example.com")
    }

    @Test("Every request family carries the restriction and locale headers: token, lookup, password, email link")
    func everyRequestFamily() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setKeyRestriction(.iosApps(bundleIDs: ["com.example.app"]))
        let project = [
            "--ios-bundle-id", "com.example.app", "--android-package", "com.example.android", "--android-cert-sha1",
            Self.certificate, "--referer", "https://app.example.com/", "--app-id", "1:555:ios:abc", "--lang", "fr",
            "--state-dir", fixture.stateRoot.path,
        ]
        let commands: [([String], [UInt8]?)] = [
            (["token", "--force-refresh"], nil),
            (["whoami", "--check"], nil),
            (["email", "sign-in", fixture.email, "--password-stdin"], Array((fixture.password + "\n").utf8)),
            (["email-link", "send", "grace@example.com", "--continue-url", "https://app.example.com/finish"], nil),
        ]
        let signUp = fixture.backend.receivedHeaders.count
        for (command, stdin) in commands {
            let result = try await AuthflowCommand.run(
                command + project, stdin: stdin, environment: fixture.environment,
                workingDirectory: fixture.directory.path)
            #expect(result.exitCode == 0, "\(command): \(result.stderrText)")
        }

        let received = fixture.backend.receivedHeaders.dropFirst(signUp)
        let operations = Set(received.map(\.operation))
        for operation in ["token", "accounts:lookup", "accounts:signInWithPassword", "accounts:sendOobCode"] {
            #expect(operations.contains(operation), "\(operation) not among \(operations)")
        }
        for request in received {
            #expect(request.value("X-Ios-Bundle-Identifier") == "com.example.app", "\(request.operation)")
            #expect(request.value("X-Android-Package") == "com.example.android", "\(request.operation)")
            #expect(request.value("X-Android-Cert") == Self.certificate.replacingOccurrences(of: ":", with: ""))
            #expect(request.value("Referer") == "https://app.example.com/", "\(request.operation)")
            #expect(request.value("X-Firebase-Locale") == "fr", "\(request.operation)")
            #expect(request.value("Accept-Language") == "fr", "\(request.operation)")
            #expect(request.headers.contains { $0.name == "X-Firebase-GMPID" && $0.value == "1:555:ios:abc" })
        }
    }

    @Test("Locale: --firebase-lang, else --lang, AUTHFLOW_LANG, the POSIX locale: X-Firebase-Locale, Accept-Language")
    func locale() async throws {
        let fixture = try await SignedInBackend()
        let posix = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_AT.UTF-8"]

        let flag = try await refresh(
            fixture, ["--lang", "fr"], environment: posix.merging(["AUTHFLOW_LANG": "es"]) { $1 })
        let flagHeaders = fixture.backend.receivedHeaders.last
        let variable = try await refresh(fixture, environment: posix.merging(["AUTHFLOW_LANG": "pt-BR"]) { $1 })
        let variableHeaders = fixture.backend.receivedHeaders.last
        let none = try await refresh(fixture, environment: posix)
        let noneHeaders = fixture.backend.receivedHeaders.last
        let apart = try await refresh(
            fixture, ["--lang", "ko", "--firebase-lang", "fr_FR.UTF-8"], environment: posix)
        let apartHeaders = fixture.backend.receivedHeaders.last
        let apartByVariable = try await refresh(
            fixture, environment: posix.merging(["AUTHFLOW_FIREBASE_LANG": "es"]) { $1 })
        let apartByVariableHeaders = fixture.backend.receivedHeaders.last

        for result in [flag, variable, none, apart, apartByVariable] {
            #expect(result.exitCode == 0, "\(result.stderrText)")
        }
        // Set apart, Google's language differs from the one messages are shown in.
        #expect(apartHeaders?.value("X-Firebase-Locale") == "fr-FR")
        #expect(apartByVariableHeaders?.value("X-Firebase-Locale") == "es")
        #expect(flagHeaders?.value("X-Firebase-Locale") == "fr")
        #expect(flagHeaders?.value("Accept-Language") == "fr")
        #expect(variableHeaders?.value("X-Firebase-Locale") == "pt-BR")
        #expect(variableHeaders?.value("Accept-Language") == "pt-BR")
        #expect(noneHeaders?.value("X-Firebase-Locale") == "de-AT")
        #expect(noneHeaders?.value("Accept-Language") == "de-AT")
    }

    @Test(
        "Malformed restriction values are usage errors naming the value, its source and the form expected",
        arguments: [
            (
                ["--android-package", "1bad.name"], [String: String](),
                "authflow: androidPackage \"1bad.name\" from flag --android-package cannot be used. Each part of an "
                    + "Android package name starts with a letter (\"1bad\" does not).\n"
            ),
            (
                ["--android-package", "example"], [:],
                "authflow: androidPackage \"example\" from flag --android-package cannot be used. An Android package "
                    + "name has at least two dot-separated parts, such as com.example.app.\n"
            ),
            (
                [], ["FIREBASE_ANDROID_CERT_SHA1": "AB:CD:EF"],
                "authflow: androidCertSha1 \"AB:CD:EF\" from environment FIREBASE_ANDROID_CERT_SHA1 cannot be used. A "
                    + "SHA-1 fingerprint is 40 hex digits, or 20 colon-separated pairs as keytool prints it (AB:CD:…); a "
                    + "SHA-256 fingerprint does not work here.\n"
            ),
            (
                ["--referer", "app.example.com"], [:],
                "authflow: referer \"app.example.com\" from flag --referer cannot be used. The referrer must be an "
                    + "absolute http(s) URL of a page the key allows, such as https://app.example.com/.\n"
            ),
            (
                ["--referer", "ftp://app.example.com/"], [:],
                "authflow: referer \"ftp://app.example.com/\" from flag --referer cannot be used. The referrer must be "
                    + "an absolute http(s) URL of a page the key allows, such as https://app.example.com/.\n"
            ),
        ])
    func invalidValues(arguments: [String], environment: [String: String], expected: String) async throws {
        let fixture = try await SignedInBackend()
        let signUp = fixture.backend.receivedHeaders.count
        let result = try await refresh(fixture, arguments, environment: environment)

        #expect(result.exitCode == 2)
        #expect(result.stderrText == expected)
        #expect(fixture.backend.receivedHeaders.count == signUp, "nothing may be sent with a malformed value")
    }

    @Test("config show lists the restriction values with their sources, from google-services.json too")
    func configShow() async throws {
        let directory = try TemporaryDirectory()
        try Self.googleServicesJSON(certificate: "abcdef0123456789abcdef0123456789abcdef01")
            .write(to: URL(fileURLWithPath: directory.file("google-services.json")), atomically: true, encoding: .utf8)

        let result = try await AuthflowCommand.run(
            ["config", "show", "--offline", "--json", "--referer", "https://app.example.com/"],
            environment: [:], workingDirectory: directory.path)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        let values = try #require(object["values"] as? [String: Any])
        let package = try #require(values["androidPackage"] as? [String: Any])
        let certificate = try #require(values["androidCertSha1"] as? [String: Any])
        let referrer = try #require(values["referer"] as? [String: Any])
        #expect(package["value"] as? String == "com.example.android")
        #expect(package["source"] as? String == "file")
        #expect(certificate["value"] as? String == "abcdef0123456789abcdef0123456789abcdef01")
        #expect(referrer["value"] as? String == "https://app.example.com/")
        #expect(referrer["source"] as? String == "flag")
    }

    /// A `google-services.json` for the Android app `com.example.android` with one signing certificate.
    static func googleServicesJSON(certificate: String) -> String {
        #"""
        {"project_info":{"project_number":"555","project_id":"demo-authflow"},
         "client":[{"client_info":{"mobilesdk_app_id":"1:555:android:abc","android_client_info":{"package_name":"com.example.android"}},
           "oauth_client":[{"client_id":"555-a.apps.googleusercontent.com","client_type":1,
             "android_info":{"package_name":"com.example.android","certificate_hash":"\#(certificate)"}},
             {"client_id":"555-w.apps.googleusercontent.com","client_type":3}],
           "api_key":[{"current_key":"AIzaSyTESTKEY000000000000000000000000"}],
           "services":{"appinvite_service":{"other_platform_oauth_client":[]}}}],
         "configuration_version":"1"}
        """#
    }
}
