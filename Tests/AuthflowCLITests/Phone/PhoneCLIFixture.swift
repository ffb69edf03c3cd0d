import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Synchronization

/// The `authflow` binary against an embedded backend, with private state, runtime, home and XDG directories
/// (so neither the developer's desktop settings nor another test's waiting flows are seen), and a
/// `--code-command` script that fetches the code from the backend's verificationCodes endpoint as a CI job
/// would.
final class PhoneCLIFixture: Sendable {
    let backend: EmbeddedBackend
    let directory: TemporaryDirectory

    /// `host` is the name the backend is reached by (`127.0.0.1`, or `localhost` for a page that needs the
    /// emulator on its own site).
    /// `deviceInterval` is the polling interval the backend's identity-provider device-flow stand-ins
    /// advertise (providers' 5 s by default), `deviceCodeLifetime` their device codes' lifetime in seconds.
    init(
        codeLifetime: Duration? = nil, host: String = "127.0.0.1", deviceInterval: Int = 5,
        deviceCodeLifetime: Int? = nil
    ) throws {
        let lines = LogLines()
        var configuration = EmbeddedBackend.Configuration(
            host: host, port: 0, log: { lines.append($0) }, verificationCodeLifetime: codeLifetime)
        configuration.deviceAuthorizationInterval = deviceInterval
        configuration.deviceCodeLifetime = deviceCodeLifetime
        backend = try EmbeddedBackend(configuration: configuration)
        directory = try TemporaryDirectory()
        logLines = lines
        for name in ["run", "home", "data", "config"] {
            try FileManager.default.createDirectory(
                atPath: directory.file(name), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try ExecutableScript.write(
            #"""
            #!/bin/bash
            # Prints the backend's code for $AUTHFLOW_VERIFICATION_ID, as a CI job would fetch it.
            exec 3<>"/dev/tcp/${AUTHFLOW_EMULATOR_HOST%:*}/${AUTHFLOW_EMULATOR_HOST##*:}"
            printf 'GET /emulator/v1/projects/%s/verificationCodes HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' \
              "$AUTHFLOW_PROJECT_ID" "$AUTHFLOW_EMULATOR_HOST" >&3
            cat <&3 | sed 's/},{/}\n{/g' | grep -F -e "$AUTHFLOW_VERIFICATION_ID" | sed -n 's/.*"code":"\([0-9]*\)".*/\1/p' | head -1
            """#, to: codeCommand)
    }

    private let logLines: LogLines

    deinit {
        backend.stop()
    }

    /// A `--code-command` that prints the right code.
    var codeCommand: String { directory.file("emulator-code") }
    var stateRoot: String { directory.file("state") }

    /// This backend as the emulator, and the isolated directories.
    var environment: [String: String] {
        [
            "FIREBASE_AUTH_EMULATOR_HOST": backend.hostAndPort, "FIREBASE_PROJECT_ID": backend.projectID,
            "XDG_RUNTIME_DIR": directory.file("run"), "HOME": directory.file("home"),
            "XDG_DATA_HOME": directory.file("data"), "XDG_CONFIG_HOME": directory.file("config"),
            "XDG_DATA_DIRS": directory.file("data"), "BROWSER": "", "XDG_CURRENT_DESKTOP": "",
        ]
    }

    /// Runs `authflow arguments --state-dir …` to the end.
    func run(
        _ arguments: [String], stdin: [UInt8]? = nil, environment extra: [String: String] = [:]
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", stateRoot], stdin: stdin,
            environment: environment.merging(extra) { _, new in new },
            workingDirectory: directory.path)
    }

    /// Starts `authflow arguments --state-dir …` for a test to talk to.
    func start(_ arguments: [String]) throws -> InteractiveCommand {
        try InteractiveCommand(
            arguments + ["--state-dir", stateRoot], environment: environment, workingDirectory: directory.path)
    }

    /// How many SMS the backend "sent" (its log lines).
    var smsSent: Int { logLines.count { $0.hasPrefix("To verify the phone number") } }

    /// The newest unused code for `number`.
    func code(for number: String) -> String? {
        backend.verificationCodes.last { $0.phoneNumber == number }?.code
    }

    /// A code for `number` that is certainly wrong.
    func wrongCode(for number: String) -> String {
        code(for: number) == "000000" ? "111111" : "000000"
    }

    var projectDirectory: ProjectStateDirectory {
        ProjectStateDirectory(
            root: StateDirectory(path: stateRoot), projectID: backend.projectID, emulatorHost: backend.hostAndPort)
    }

    var pending: PendingPhoneVerificationStore { PendingPhoneVerificationStore(directory: projectDirectory) }
    var sessions: SessionStore { SessionStore(directory: projectDirectory) }

    /// Creates a password account through the REST API and stores its session, as `email sign-in` would.
    func signUp(email: String) async throws -> UserSession {
        let reply = try await SignedInBackend.client(for: backend).send(
            SignUpRequest(email: email, password: "correct horse"))
        guard case .signedIn(let tokens) = reply.outcome else { throw Unexpected("sign-up did not sign in") }
        let session = SessionBuilder.session(
            tokens: tokens, reply: reply,
            project: SessionProject(projectID: backend.projectID, emulatorHost: backend.hostAndPort))
        try sessions.save(session)
        return session
    }

    func pending(_ number: String) throws -> PendingPhoneVerification? {
        try pending.load(try PhoneNumber(validating: number))
    }
}

/// The backend's log, kept for counting the SMS it "sent".
private final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    func count(where matches: (String) -> Bool) -> Int {
        lines.withLock { $0.filter(matches).count }
    }
}

/// A stand-in browser that only notes the URL it was given (in `PATH.url`), for tests that then act on
/// the page themselves; with `then`, it also runs that command line with the URL as `$1` in the background.
enum RecordingBrowser {
    static func install(at path: String) throws -> String {
        try ExecutableScript.write(
            "#!/bin/bash\nprintf '%s\\n' \"$1\" > \"$0.url.part\" && mv \"$0.url.part\" \"$0.url\"\n", to: path)
        return path
    }

    /// Waits for the URL the browser was given.
    static func url(recordedBy path: String, limit: Duration = .seconds(60)) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: path + ".url", encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("the browser was never opened")
    }
}
