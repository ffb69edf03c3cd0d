import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

@testable import AuthflowCLI

/// `oauth sign-in` on a machine where no browser can be launched: the device grant on its own when the
/// provider has one and its device client is configured (the first line says so and names the other route),
/// the browser route's instructions otherwise or when a route or browser is chosen; the device prompt as one
/// event line on a standard output that is not a terminal; the countdown cut to a narrow terminal; a refused
/// device client as a misconfigured project. The providers are the embedded backend's stand-ins, the approval
/// played through its switch.
@Suite("authflow oauth sign-in with no browser: the device route on its own")
struct OAuthDeviceHeadlessTests {
    static let iosApp = OAuthHostedRouteTests.iosApp

    /// A directory with a recording `xdg-open`, which leaves `xdg-open.url` behind if it runs.
    private struct Opener {
        let directory: TemporaryDirectory
        var launched: Bool { FileManager.default.fileExists(atPath: directory.file("xdg-open.url")) }

        init() throws {
            directory = try TemporaryDirectory()
            _ = try RecordingBrowser.install(at: directory.file("xdg-open"))
        }
    }

    /// No display and no SSH session (unless `set` says otherwise), `xdg-open` installed, the stand-ins as the
    /// providers' endpoints.
    private static func headless(
        _ fixture: PhoneCLIFixture, _ opener: Opener, _ set: [String: String] = [:]
    ) -> [String: String] {
        let cleared = [
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "SSH_CONNECTION": "", "SSH_CLIENT": "", "SSH_TTY": "",
            "BROWSER": "", "PATH": opener.directory.path + ":/usr/bin:/bin",
            "AUTHFLOW_DEVICE_ENDPOINT_BASE": fixture.backend.baseURL,
        ]
        return cleared.merging(set) { _, new in new }
    }

    /// Waits for a device authorization to start at the stand-ins and decides it as the person would; returns
    /// its user code.
    private static func decide(
        _ backend: EmbeddedBackend, _ change: EmbeddedBackend.DeviceAuthorizationChange
    ) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let started = backend.deviceAuthorizations.last {
                #expect(backend.decideDeviceAuthorization(userCode: started.userCode, change))
                return started.userCode
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("no device authorization was started")
    }

    @Test("No display, a GitHub device client set: the device route on its own, said first; the event line first")
    func gitHubWithoutDisplay() async throws {
        let fixture = try PhoneCLIFixture()
        let opener = try Opener()
        let started = ContinuousClock.now
        let before = Date()
        async let running = fixture.run(
            ["oauth", "sign-in", "--provider", "github.com"],
            environment: Self.headless(fixture, opener, ["AUTHFLOW_GITHUB_DEVICE_CLIENT_ID": "Iv1.headless"]))
        let userCode = try await Self.decide(
            fixture.backend, .approve(.init(sub: "4242", email: "hedy@example.com", name: "Hedy")))
        let result = try await running

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(!opener.launched, "xdg-open ran: \(result.stderrText)")
        let first = try #require(result.stderrText.split(separator: "\n").first)
        #expect(first.hasPrefix("authflow: there is no display here"), "\(result.stderrText)")
        #expect(first.contains("--device") && first.contains("--route hosted"), "\(first)")
        // Standard output is a pipe, not a terminal: the prompt comes first there as one event line.
        let lines = result.stdoutText.split(separator: "\n")
        let event = try jsonObject(try #require(lines.first))
        #expect(event["event"] as? String == "device-authorization")
        #expect(event["provider"] as? String == "github.com")
        #expect(event["verificationUri"] as? String == "https://github.com/login/device")
        #expect(event["verificationUriComplete"] is NSNull)
        #expect(event["userCode"] as? String == userCode)
        #expect(event["expiresIn"] as? Int == 900)
        #expect(event["interval"] as? Int == 5)
        let expiresAt = try #require(event["expiresAt"] as? String)
        let expiry = try Date(expiresAt, strategy: .iso8601)
        let elapsed = Double((ContinuousClock.now - started).components.seconds) + 1
        #expect(expiry >= before.addingTimeInterval(899) && expiry <= Date().addingTimeInterval(900 + elapsed))
        #expect(result.stdoutText.contains("hedy@example.com"), "\(result.stdoutText)")
    }

    @Test("An SSH session without a display: --link with Google takes the device route on its own")
    func googleLinkOverSSH() async throws {
        let fixture = try PhoneCLIFixture()
        let opener = try Opener()
        _ = try await fixture.signUp(email: "lin@example.com")
        fixture.backend.allowDeviceClient("tv-client", for: "google.com")
        async let running = fixture.run(
            ["oauth", "sign-in", "--provider", "google.com", "--link", "--json"],
            environment: Self.headless(
                fixture, opener,
                [
                    "SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22", "SSH_CLIENT": "192.0.2.7 51000 22",
                    "AUTHFLOW_GOOGLE_DEVICE_CLIENT_ID": "tv-client",
                    "AUTHFLOW_GOOGLE_DEVICE_CLIENT_SECRET": "tv-secret",
                ]))
        _ = try await Self.decide(fixture.backend, .approve(.init(sub: "g-77", email: "lin.google@example.com")))
        let result = try await running

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let first = try #require(result.stderrText.split(separator: "\n").first)
        #expect(first.hasPrefix("authflow: this is an SSH session with no display forwarded"), "\(first)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2, "one event line, then the result: \(result.stdoutText)")
        let event = try jsonObject(try #require(lines.first))
        #expect(event["verificationUri"] as? String == "https://www.google.com/device")
        let linked = try jsonObject(try #require(lines.last))
        let providers = (linked["user"] as? [String: Any])?["providerIds"] as? [String] ?? []
        #expect(providers.contains("google.com") && providers.contains("password"), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("tv-secret") && !result.stderrText.contains("tv-secret"))
    }

    @Test("--route, --browser and a missing device client keep the browser route; nothing starts at the provider")
    func explicitChoicesAndNoClient() async throws {
        let fixture = try PhoneCLIFixture()
        let opener = try Opener()
        let client = ["AUTHFLOW_GITHUB_DEVICE_CLIENT_ID": "Iv1.headless"]
        let chosen = try TemporaryDirectory()
        let browser = try RecordingBrowser.install(at: chosen.file("browser"))
        let hosted = ["oauth", "sign-in", "--provider", "github.com", "--timeout", "1"] + Self.iosApp

        let route = try await fixture.run(
            hosted + ["--route", "hosted"], stdin: [], environment: Self.headless(fixture, opener, client))
        let launched = try await fixture.run(
            hosted + ["--browser", browser], stdin: [], environment: Self.headless(fixture, opener, client))
        let noClient = try await fixture.run(hosted, stdin: [], environment: Self.headless(fixture, opener))

        #expect(fixture.backend.deviceAuthorizations.isEmpty)
        for result in [route, noClient] {
            let opening = result.stderrText.split(separator: "\n").prefix(2)
            #expect(opening.contains { $0.hasPrefix("authflow: there is no display here") }, "\(result.stderrText)")
            #expect(result.stderrText.contains("open this URL in a browser"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("uses a code"), "\(result.stderrText)")
        }
        #expect(FileManager.default.fileExists(atPath: browser + ".url"), "\(launched.stderrText)")
        #expect(!launched.stderrText.contains("uses a code"), "\(launched.stderrText)")
        #expect(!opener.launched)
    }

    @Test("On a 40-column terminal the countdown row is cut to the width, so its redraws leave nothing behind")
    func countdownFitsNarrowTerminal() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try TerminalSession(
            [
                "oauth", "sign-in", "--provider", "github.com", "--device", "--github-device-client-id", "Iv1.narrow",
                "--device-endpoint-base", fixture.backend.baseURL, "--state-dir", fixture.stateRoot,
            ], environment: fixture.environment, rows: 24, columns: 40)
        #expect(await session.waitFor("Waiting for the approval"))
        _ = try await Self.decide(fixture.backend, .deny)
        #expect(await session.finish() == .exited(1))

        let shown = String(decoding: session.shown, as: UTF8.self)
        let redraws = shown.components(separatedBy: "\r\u{1B}[K").dropFirst().map { drawn in
            String(drawn.prefix { $0 != "\r" && $0 != "\n" && $0 != "\u{1B}" })
        }.filter { $0.contains("Waiting") }
        #expect(!redraws.isEmpty, "\(shown)")
        for redraw in redraws {
            #expect(TerminalWidth.of(redraw) < 40, "\(redraw)")
        }
    }

    @Test("A line cut to a width ends in an ellipsis and never takes more columns, Hangul included")
    func cutToWidth() {
        #expect(TerminalWidth.cut("Waiting for the approval… 14:55 left", to: 12) == "Waiting for…")
        #expect(TerminalWidth.cut("short", to: 12) == "short")
        #expect(TerminalWidth.of(TerminalWidth.cut("승인을 기다리는 중… 14:55 남음", to: 9)) <= 9)
        #expect(TerminalWidth.cut("승인을", to: 4) == "승…")
    }

    @Test(
        "A refused device client is a misconfigured project: exit 2 and what to set up",
        arguments: [
            ("github.com", "device_flow_disabled", "Enable Device Flow"),
            ("github.com", "incorrect_client_credentials", "Enable Device Flow"),
            ("github.com", "unauthorized_client", "Enable Device Flow"),
            ("github.com", "invalid_client", "Enable Device Flow"),
            ("google.com", "invalid_client", "TVs and Limited Input devices"),
            ("google.com", "unauthorized_client", "TVs and Limited Input devices"),
            ("facebook.com", "190", "Login from Devices"),
            ("oidc.example", "unauthorized_client", "device authorization grant"),
            ("oidc.example", "unsupported_grant_type", "device authorization grant"),
        ])
    func refusedClient(provider: String, error: String, setup: String) throws {
        let chosen = try #require(OAuthProvider(id: provider))
        let failure = CommandFailure.from(
            OAuthSignInError.deviceProvider(.refused(error: error, description: "refused"), provider: chosen))

        #expect(failure.status == .usage)
        #expect(failure.message.contains(error) && failure.message.contains(setup), "\(failure.message)")
    }

    @Test("Through the binary: a device client the stand-in refuses ends with exit 2 and what to set up")
    func refusedClientThroughBinary() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.refuseDeviceClient("Iv1.disabled", for: "github.com")
        fixture.backend.refuseDeviceClient("web-client", for: "google.com")
        fixture.backend.refuseDeviceClient("1234", for: "facebook.com")
        let device = ["oauth", "sign-in", "--device", "--device-endpoint-base", fixture.backend.baseURL]

        let github = try await fixture.run(
            device + ["--provider", "github.com", "--github-device-client-id", "Iv1.disabled"])
        let google = try await fixture.run(
            device + [
                "--provider", "google.com", "--google-device-client-id", "web-client",
                "--google-device-client-secret", "web-secret",
            ])
        let facebook = try await fixture.run(
            device + ["--provider", "facebook.com", "--facebook-app-id", "1234", "--facebook-client-token", "ct"])

        for (result, error, setup) in [
            (github, "device_flow_disabled", "Enable Device Flow"),
            (google, "invalid_client", "TVs and Limited Input devices"),
            (facebook, "3", "Login from Devices"),
        ] {
            #expect(result.exitCode == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("(\(error)"), "\(result.stderrText)")
            #expect(result.stderrText.contains(setup), "\(result.stderrText)")
        }
        #expect(fixture.backend.deviceAuthorizations.isEmpty)
    }

    @Test("The person's answers keep their statuses: declined 1, expired 4, another refusal 1")
    func personsAnswers() throws {
        let github = try #require(OAuthProvider(id: "github.com"))
        #expect(CommandFailure.from(OAuthSignInError.deviceDenied(provider: github)).status == .refused)
        #expect(CommandFailure.from(OAuthSignInError.deviceExpired(provider: github)).status == .browserTimeout)
        let other = CommandFailure.from(
            OAuthSignInError.deviceProvider(
                .refused(error: "incorrect_device_code", description: nil), provider: github))
        #expect(other.status == .refused)
        #expect(!other.message.contains("Enable Device Flow"))
    }
}
