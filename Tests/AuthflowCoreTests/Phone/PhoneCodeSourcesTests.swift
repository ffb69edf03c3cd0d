import AuthflowCore
import Foundation
import Testing

@Suite("SMS code sources: --code, --code-command, then the interactive ones raced")
struct PhoneCodeSourcesTests {
    static let pending = PendingPhoneVerification(
        phoneNumber: try! PhoneNumber(validating: "+15555550100"), verificationID: "v-1", purpose: .signIn, userID: nil,
        verifier: .none, project: SessionProject(projectID: "demo"))

    /// A source that never answers until cancelled.
    static let silent = PhoneCodeSource(.page) {
        try? await Task.sleep(for: .seconds(3600))
        return nil
    }

    @Test("--code wins over everything; the command's first non-empty line is the code")
    func order() async throws {
        let given = try await PhoneCodeSources(
            given: " 123456 ", command: CodeProgram("echo 999999"), interactive: [Self.silent]
        ).code(for: Self.pending)
        let command = try await PhoneCodeSources(
            command: CodeProgram("printf '\\n  654321  \\nrest\\n'"), interactive: [Self.silent]
        ).code(for: Self.pending)
        #expect(given.code == "123456" && given.origin == .option)
        #expect(command.code == "654321" && command.origin == .command)
    }

    @Test("The command sees the number and verification ID; failing or silent commands are errors")
    func commandEnvironmentAndFailures() async throws {
        let echoed = try await PhoneCodeSources(
            command: CodeProgram("echo \"$AUTHFLOW_PHONE_NUMBER/$AUTHFLOW_VERIFICATION_ID/$AUTHFLOW_PROJECT_ID\"")
        ).code(for: Self.pending)
        #expect(echoed.code == "+15555550100/v-1/demo")
        await #expect {
            try await PhoneCodeSources(command: CodeProgram("exit 3")).code(for: Self.pending)
        } throws: { error in
            "\(error)".contains("exited with status 3")
        }
        await #expect {
            try await PhoneCodeSources(command: CodeProgram("true")).code(for: Self.pending)
        } throws: { error in
            "\(error)".contains("printed nothing")
        }
    }

    @Test("Interactive sources race; blank answers are asked again; the first real code wins")
    func race() async throws {
        let lines = LinesSource(["", "  ", "246810"])
        let answer = try await PhoneCodeSources(interactive: [
            Self.silent, PhoneCodeSource(.terminal) { await lines.next() },
        ]).code(for: Self.pending)
        #expect(answer.code == "246810" && answer.origin == .terminal)
    }

    @Test("When every source gives up the code is needed; when the time runs out, that is said")
    func noCode() async {
        await #expect {
            try await PhoneCodeSources(interactive: [PhoneCodeSource(.standardInput) { nil }]).code(for: Self.pending)
        } throws: { error in
            guard case PhoneSignInError.codeNeeded = error else { return false }
            return true
        }
        await #expect {
            try await PhoneCodeSources(interactive: [Self.silent], timeout: .milliseconds(10)).code(for: Self.pending)
        } throws: { error in
            guard case PhoneSignInError.codeTimedOut = error else { return false }
            return true
        }
        await #expect {
            try await PhoneCodeSources().code(for: Self.pending)
        } throws: { error in
            guard case PhoneSignInError.codeNeeded = error else { return false }
            return true
        }
    }
}

/// Hands out fixed lines, then nil.
private actor LinesSource {
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}
