import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// A signed-up password user on an embedded backend, and the two protected commands (`email-link send`,
/// `email sign-in`) run through the `authflow` binary, with a `--recaptcha-token-command` script that
/// prints a stand-in token for the action it is given and records each call.
final class RecaptchaCLIFixture: Sendable {
    let account: SignedInBackend
    /// The part of every token the script prints that must never appear in authflow's output.
    static let secretPart = "c0ffee5ecret7oken"

    init() async throws {
        account = try await SignedInBackend()
        try account.store.remove()
        try ExecutableScript.write(
            #"""
            #!/bin/bash
            printf '%s %s\n' "$AUTHFLOW_RECAPTCHA_ACTION" "$AUTHFLOW_RECAPTCHA_SITE_KEY" >> "$0.calls"
            printf 'authflow-stand-in:%s:%s\n' "$AUTHFLOW_RECAPTCHA_ACTION" "\#(Self.secretPart)"
            """#, to: tokenCommand)
    }

    var backend: EmbeddedBackend { account.backend }
    var tokenCommand: String { account.directory.file("token-command") }

    /// The lines the token command recorded: `<action> <site key>` per run.
    var tokenCommandCalls: [String] {
        ((try? String(contentsOfFile: tokenCommand + ".calls", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// A protected command: its arguments, standard input, the action it needs, and whether it took effect.
    struct Call: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let stdin: [UInt8]?
        let action: String
        var testDescription: String { name }
    }

    static let sendLink = Call(
        name: "email-link send",
        arguments: ["email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/finish"],
        stdin: nil, action: "getOobCode")
    static let passwordSignIn = Call(
        name: "email sign-in", arguments: ["email", "sign-in", "ada@example.com", "--password-stdin"],
        stdin: Array("correct horse battery\n".utf8), action: "signInWithPassword")
    static let calls = [sendLink, passwordSignIn]

    /// The reCAPTCHA fields each of `call`'s requests carried (the fixture's own sign-up is not among them).
    func sent(_ call: Call) -> [BackendRecaptchaRequest] {
        let operation = call.action == "getOobCode" ? "accounts:sendOobCode" : "accounts:signInWithPassword"
        return backend.recaptchaRequests.filter { $0.operation == operation }
    }

    /// Whether `call` took effect: a link was sent, or a session stored.
    func tookEffect(_ call: Call) throws -> Bool {
        call.action == "getOobCode" ? !backend.oobCodes.isEmpty : try account.store.load() != nil
    }

    func run(_ call: Call, _ extra: [String] = []) async throws -> SubprocessResult {
        try await run(call.arguments + extra, stdin: call.stdin)
    }

    func run(_ arguments: [String], stdin: [UInt8]? = nil) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", account.stateRoot.path], stdin: stdin, environment: account.environment,
            workingDirectory: account.directory.path)
    }

    /// Starts `call` without waiting, for a test that drives the page meanwhile.
    func start(_ call: Call, _ extra: [String]) -> Task<SubprocessResult, any Error> {
        Task { try await self.run(call, extra) }
    }
}
