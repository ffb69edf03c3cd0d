import AuthflowBackend
import Foundation
import Testing

@Suite("Phone sign-in")
struct PhoneTests {
    @Test("sendVerificationCode needs a leading +: INVALID_PHONE_NUMBER : Invalid format.")
    func invalidNumber() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let local = try await harness.v1("accounts:sendVerificationCode", ["phoneNumber": "5555550100"])
        let missing = try await harness.v1("accounts:sendVerificationCode", [:])

        #expect(local.status == 400)
        #expect(local.errorMessage == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(missing.errorMessage == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(harness.backend.verificationCodes.isEmpty)
    }

    @Test("A code is 6 random digits, sessionInfo 226 base64url characters, and the emulator's log line is emitted")
    func codeShape() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let first = try await harness.sendCode(to: "+15555550100")
        let second = try await harness.sendCode(to: "+15555550100")

        for sent in [first, second] {
            #expect(sent.code.count == 6 && sent.code.allSatisfy(\.isNumber))
            #expect(sent.sessionInfo.count == 226)
            #expect(sent.sessionInfo.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
        #expect(first.sessionInfo != second.sessionInfo)
        #expect(harness.logs.all.contains("To verify the phone number +15555550100, use the code \(first.code)."))
        #expect(harness.backend.verificationCodes.map(\.sessionInfo) == [first.sessionInfo, second.sessionInfo])
    }

    @Test("signInWithPhoneNumber signs up, then signs in; codes are single use; wrong codes are INVALID_CODE")
    func signIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let sent = try await harness.sendCode(to: "+15555550100")
        let wrongCode = sent.code == "000000" ? "111111" : "000000"

        let wrong = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": wrongCode])
        let first = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code]
        ).requireOK()
        let reused = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code])
        let bogus = try await harness.v1("accounts:signInWithPhoneNumber", ["sessionInfo": "bogus", "code": "123456"])
        let again = try await harness.sendCode(to: "+15555550100")
        let second = try await harness.v1(
            "accounts:signInWithPhoneNumber",
            ["sessionInfo": again.sessionInfo, "code": again.code, "operation": "REAUTH"]
        ).requireOK()

        #expect(wrong.errorMessage == "INVALID_CODE")
        #expect(first["isNewUser"] as? Bool == true)
        #expect(first["phoneNumber"] as? String == "+15555550100")
        #expect(reused.errorMessage == "INVALID_SESSION_INFO")
        #expect(bogus.errorMessage == "INVALID_SESSION_INFO")
        #expect(second["isNewUser"] as? Bool == false)
        #expect(second["localId"] as? String == first["localId"] as? String)
        let token = try JWTParts(try #require(second["idToken"] as? String))
        #expect(token.claims["phone_number"] as? String == "+15555550100")
        #expect(token.firebase["sign_in_provider"] as? String == "phone")
        #expect((token.firebase["identities"] as? [String: [String]])?["phone"] == ["+15555550100"])
        #expect(harness.backend.verificationCodes.isEmpty)
    }

    @Test("With a code lifetime, an old code is SESSION_EXPIRED")
    func expiry() async throws {
        let harness = try BackendHarness(verificationCodeLifetime: .milliseconds(200))
        defer { harness.backend.stop() }
        let sent = try await harness.sendCode(to: "+15555550100")

        try await Task.sleep(for: .milliseconds(400))
        let reply = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code])

        #expect(reply.errorMessage == "SESSION_EXPIRED")
    }

    @Test("With idToken the number is linked; a number owned by another account gives a temporaryProof")
    func link() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let owner = try await harness.sendCode(to: "+15555550100")
        _ = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": owner.sessionInfo, "code": owner.code]
        ).requireOK()
        let signedUp = try await harness.signUp(email: "ada@example.com")
        let idToken = try #require(signedUp["idToken"] as? String)

        let free = try await harness.sendCode(to: "+15555550111")
        let linked = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": free.sessionInfo, "code": free.code, "idToken": idToken]
        ).requireOK()
        let taken = try await harness.sendCode(to: "+15555550100")
        let conflict = try await harness.v1(
            "accounts:signInWithPhoneNumber",
            ["sessionInfo": taken.sessionInfo, "code": taken.code, "idToken": idToken]
        ).requireOK()

        #expect(linked["localId"] as? String == signedUp["localId"] as? String)
        #expect(linked["isNewUser"] as? Bool == false)
        #expect(conflict["idToken"] == nil)
        #expect(conflict["phoneNumber"] as? String == "+15555550100")
        #expect((conflict["temporaryProof"] as? String)?.isEmpty == false)
        let ada = try #require(harness.backend.accounts.first { $0.email == "ada@example.com" })
        #expect(ada.phoneNumber == "+15555550111")
        #expect(Set(ada.providers.map(\.providerID)) == ["password", "phone"])
    }
}
