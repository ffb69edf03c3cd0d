import AuthflowBackend
import AuthflowCore
import AuthflowHTTP
import AuthflowStorage
import AuthflowTestSupport
import Foundation

/// What the second-factor tests add to the phone fixture: accounts with factors, the saved challenge, and the
/// codes the backend texted to second factors.
extension PhoneCLIFixture {
    static let password = "correct horse battery"

    /// `email` with a verified address and the given factors (number, name), through the REST API.
    func mfaAccount(
        _ email: String, factors: [(String, String)] = [("+15555550199", "work phone")]
    ) async throws -> [String] {
        try await SecondFactorAccount.create(
            on: backend, email: email, password: Self.password,
            factors: factors.map { (phoneNumber: $0.0, displayName: $0.1) })
    }

    /// `authflow email sign-in EMAIL --password-stdin` plus `arguments`.
    func passwordSignIn(_ email: String, _ arguments: [String] = []) async throws -> SubprocessResult {
        try await run(["email", "sign-in", email, "--password-stdin"] + arguments, stdin: Array(Self.password.utf8))
    }

    /// The saved second-factor challenge.
    var challengeFile: StateFile<PendingSecondFactor> { StateFile(PendingSecondFactor.fileName, in: projectDirectory) }

    func challenge() throws -> PendingSecondFactor? { try challengeFile.load() }

    /// The unused codes texted to `number`, oldest first.
    func codes(for number: String) -> [String] {
        backend.verificationCodes.filter { $0.phoneNumber == number }.map(\.code)
    }

    /// Opens the newest VERIFY_EMAIL link sent to `email`, as the user would.
    func openVerificationLink(for email: String) async throws {
        let link = try await EmulatorEmailLinks.latest(backend, email: email, requestType: "VERIFY_EMAIL")
        let response = try await HTTPClient(configuration: HTTPClientConfiguration(proxy: .none)).send(
            HTTPRequest(url: link))
        guard response.status < 400 else { throw Unexpected("opening the verification link gave \(response.status)") }
    }

    /// Makes the next phone sign-in answer with a second-factor challenge for `uid`'s factor `factorID` (the
    /// emulator refuses phone as a first factor of an MFA account; production answers with a challenge).
    func challengeNextPhoneSignIn(uid: String, factorID: String) {
        backend.setFault(
            .status(
                200,
                body:
                    #"{"mfaPendingCredential":"\#(pendingCredential(uid: uid))","mfaInfo":[{"mfaEnrollmentId":"\#(factorID)","displayName":"work phone","phoneInfo":"+*******0199"}]}"#
            ),
            for: "accounts:signInWithPhoneNumber", times: 1)
    }

    /// The emulator's pending credential for `uid` after a password first factor, as its sign-in replies carry it.
    func pendingCredential(uid: String, provider: String = "password") -> String {
        let json =
            #"{"_AuthEmulatorMfaPendingCredential":"DO NOT MODIFY","localId":"\#(uid)","signInProvider":"\#(provider)","projectId":"\#(backend.projectID)"}"#
        return Data(json.utf8).base64EncodedString()
    }
}
