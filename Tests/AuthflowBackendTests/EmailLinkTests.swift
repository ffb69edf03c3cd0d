import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

@Suite("Email links and /emulator/action")
struct EmailLinkTests {
    private static func sendSignInLink(
        _ harness: BackendHarness, email: String, continueUrl: String = "https://example.com"
    ) async throws -> BackendOobCode {
        let reply = try await harness.v1(
            "accounts:sendOobCode",
            [
                "requestType": "EMAIL_SIGNIN", "email": email, "canHandleCodeInApp": true, "continueUrl": continueUrl,
                "clientType": "CLIENT_TYPE_WEB",
            ]
        ).requireOK()
        #expect(reply["kind"] as? String == "identitytoolkit#GetOobConfirmationCodeResponse")
        #expect(reply["email"] as? String == email.lowercased())
        #expect(reply.count == 2, "the reply is only kind and email: \(reply)")
        return try #require(harness.backend.oobCodes.last)
    }

    @Test("oobLink has the emulator's exact shape, and the emulator API lists it")
    func linkShape() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let record = try await Self.sendSignInLink(
            harness, email: "Ada@Example.com", continueUrl: "https://app.example.com/done?x=1")
        let listed = try await harness.get("/emulator/v1/projects/\(harness.projectID)/oobCodes").requireOK()

        #expect(record.oobCode.count == 54)
        #expect(record.oobCode.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(
            record.oobLink
                == "http://\(harness.backend.hostAndPort)/emulator/action?mode=signIn&lang=en&oobCode=\(record.oobCode)&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fapp.example.com%2Fdone%3Fx%3D1"
        )
        #expect(record.requestType == "EMAIL_SIGNIN")
        #expect(record.email == "ada@example.com")
        let entry = try #require((listed["oobCodes"] as? [[String: Any]])?.first)
        #expect(entry["oobLink"] as? String == record.oobLink)
        #expect(entry["oobCode"] as? String == record.oobCode)
        #expect(entry["requestType"] as? String == "EMAIL_SIGNIN")
        #expect(entry["email"] as? String == "ada@example.com")
        #expect(harness.logs.all.contains("To sign in as ada@example.com, follow this link: \(record.oobLink)"))
    }

    @Test("An action link's lang is the request's X-Firebase-Locale; without one, or with one that is no tag, en")
    func linkLanguage() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        var links: [String] = []
        for locale in ["ko", "ko-KR", "en\"><b", nil, "zh-Hant-TW", "ko_KR", "toolonglanguage"] {
            _ = try await harness.v1(
                "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com"],
                headers: locale.map { [HTTPHeader(name: "X-Firebase-Locale", value: $0)] } ?? []
            ).requireOK()
            links.append(try #require(harness.backend.oobCodes.last).oobLink)
        }
        #expect(links[0].contains("?mode=signIn&lang=ko&oobCode="))
        #expect(links[1].contains("?mode=signIn&lang=ko-KR&oobCode="))
        #expect(links[2].contains("?mode=signIn&lang=en&oobCode="))
        #expect(links[3].contains("?mode=signIn&lang=en&oobCode="))
        // The one definition of a well-formed tag (LanguageTag), as the client checks --lang.
        #expect(links[4].contains("?mode=signIn&lang=zh-Hant-TW&oobCode="))
        #expect(links[5].contains("?mode=signIn&lang=en&oobCode="))
        #expect(links[6].contains("?mode=signIn&lang=en&oobCode="))
    }

    @Test(
        "continueUrl must be absolute: INVALID_CONTINUE_URI; returnOobLink needs Bearer owner: INSUFFICIENT_PERMISSION")
    func sendErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let relative = try await harness.v1(
            "accounts:sendOobCode",
            ["requestType": "EMAIL_SIGNIN", "email": "a@example.com", "continueUrl": "continue-url"])
        let notAdmin = try await harness.v1(
            "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com", "returnOobLink": true])
        let admin = try await harness.v1(
            "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com", "returnOobLink": true],
            headers: BackendHarness.owner
        ).requireOK()
        let noType = try await harness.v1("accounts:sendOobCode", ["email": "a@example.com"])
        let resetUnknown = try await harness.v1(
            "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"])

        #expect(relative.status == 400)
        #expect(
            relative.errorMessage == "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        #expect(notAdmin.errorMessage == "INSUFFICIENT_PERMISSION")
        #expect((admin["oobLink"] as? String)?.contains("/emulator/action?mode=signIn&lang=en&oobCode=") == true)
        #expect((admin["oobCode"] as? String)?.count == 54)
        #expect(noType.errorMessage == "MISSING_REQ_TYPE")
        #expect(resetUnknown.errorMessage == "EMAIL_NOT_FOUND")
    }

    @Test("signInWithEmailLink: the email must match, the code is single use, and it links with idToken")
    func signIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let record = try await Self.sendSignInLink(harness, email: "ada@example.com")

        let mismatch = try await harness.v1(
            "accounts:signInWithEmailLink", ["email": "bob@example.com", "oobCode": record.oobCode])
        let signedIn = try await harness.v1(
            "accounts:signInWithEmailLink", ["email": "ADA@example.com", "oobCode": record.oobCode]
        ).requireOK()
        let reused = try await harness.v1(
            "accounts:signInWithEmailLink", ["email": "ada@example.com", "oobCode": record.oobCode])

        #expect(mismatch.status == 400)
        #expect(mismatch.errorMessage == "INVALID_EMAIL : The email provided does not match the sign-in email address.")
        #expect(signedIn["kind"] as? String == "identitytoolkit#EmailLinkSigninResponse")
        #expect(signedIn["isNewUser"] as? Bool == true)
        #expect(signedIn["email"] as? String == "ada@example.com")
        #expect(reused.errorMessage == "INVALID_OOB_CODE")
        #expect(harness.backend.oobCodes.isEmpty)
        let account = try #require(harness.backend.accounts.first)
        #expect(account.emailVerified)
        let methods = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "ada@example.com", "continueUri": "http://localhost"]
        ).requireOK()
        #expect(methods["signinMethods"] as? [String] == ["emailLink"])

        let anonymous = try await harness.v1("accounts:signUp", [:]).requireOK()
        let second = try await Self.sendSignInLink(harness, email: "carol@example.com")
        let linked = try await harness.v1(
            "accounts:signInWithEmailLink",
            [
                "email": "carol@example.com", "oobCode": second.oobCode,
                "idToken": try #require(anonymous["idToken"] as? String),
            ]
        ).requireOK()
        #expect(linked["localId"] as? String == anonymous["localId"] as? String)
        #expect(linked["isNewUser"] as? Bool == false)
    }

    @Test("Opening a signIn link answers 303 to continueUrl with the other parameters, without consuming the code")
    func openSignInLink() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let record = try await Self.sendSignInLink(harness, email: "ada@example.com")
        let path = String(record.oobLink.dropFirst(harness.backend.baseURL.count))

        let opened = try await harness.get(path)
        let withoutContinue = try await harness.get(
            "/emulator/action?mode=signIn&lang=en&oobCode=\(record.oobCode)&apiKey=fake-api-key")
        let noKey = try await harness.get("/emulator/action?mode=signIn&oobCode=\(record.oobCode)")

        #expect(opened.status == 303)
        #expect(
            opened.header("Location")
                == "https://example.com/?mode=signIn&lang=en&oobCode=\(record.oobCode)&apiKey=fake-api-key")
        #expect(harness.backend.oobCodes.map(\.oobCode) == [record.oobCode])
        #expect(withoutContinue.status == 400)
        #expect(
            ((try withoutContinue.json)["authEmulator"] as? [String: Any])?["error"] as? String
                == "Missing continueUrl query parameter")
        #expect(noKey.status == 400)
        _ = try await harness.v1(
            "accounts:signInWithEmailLink", ["email": "ada@example.com", "oobCode": record.oobCode]
        ).requireOK()
    }

    @Test("A VERIFY_EMAIL link verifies when opened; opening it again says it expired")
    func verifyEmailLink() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "ada@example.com")
        _ = try await harness.v1(
            "accounts:sendOobCode",
            ["requestType": "VERIFY_EMAIL", "idToken": try #require(signedUp["idToken"] as? String)]
        ).requireOK()
        let record = try #require(harness.backend.oobCodes.first)
        let path = String(record.oobLink.dropFirst(harness.backend.baseURL.count))

        let opened = try await harness.get(path).requireOK()
        let again = try await harness.get(path)

        #expect(record.oobLink.contains("mode=verifyEmail"))
        #expect(
            (opened["authEmulator"] as? [String: Any])?["success"] as? String
                == "The email has been successfully verified.")
        #expect(harness.backend.accounts.first?.emailVerified == true)
        #expect(again.status == 400)
        #expect(
            ((try again.json)["authEmulator"] as? [String: Any])?["error"] as? String
                == "Your request to verify your email has expired or the link has already been used.")
        #expect(
            harness.logs.all.contains(
                "To verify the email address ada@example.com, follow this link: \(record.oobLink)"))
    }

    @Test("A PASSWORD_RESET link needs &newPassword=, then changes the password")
    func resetPasswordLink() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")
        _ = try await harness.v1("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
            .requireOK()
        let record = try #require(harness.backend.oobCodes.first)
        let path = String(record.oobLink.dropFirst(harness.backend.baseURL.count))

        let bare = try await harness.get(path)
        let placeholder = try await harness.get(path + "&newPassword=NEW_PASSWORD_HERE")
        let done = try await harness.get(path + "&newPassword=brand-new-secret").requireOK()
        let oldPassword = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "secret-password"])
        let newPassword = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "brand-new-secret"])

        #expect(bare.status == 400)
        #expect(
            ((try bare.json)["authEmulator"] as? [String: Any])?["urlTemplate"] as? String == record.oobLink
                + "&newPassword=NEW_PASSWORD_HERE")
        #expect(placeholder.status == 400)
        #expect((done["authEmulator"] as? [String: Any])?["email"] as? String == "ada@example.com")
        #expect(oldPassword.errorMessage == "INVALID_PASSWORD")
        #expect(newPassword.status == 200)
    }

    @Test("accounts:resetPassword tells a code's type without consuming it")
    func inspectCode() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let record = try await Self.sendSignInLink(harness, email: "ada@example.com")

        let reply = try await harness.v1("accounts:resetPassword", ["oobCode": record.oobCode]).requireOK()
        let invalid = try await harness.v1("accounts:resetPassword", ["oobCode": "nope"])

        #expect(reply["requestType"] as? String == "EMAIL_SIGNIN")
        #expect(reply["email"] == nil, "an email sign-in code never reveals its address")
        #expect(invalid.errorMessage == "INVALID_OOB_CODE")
        #expect(harness.backend.oobCodes.count == 1)
    }
}

extension EmailLinkTests {
    @Test("The signIn redirect keeps continueUrl's own query and fragment, and encodes what a Location cannot carry")
    func redirectEncoding() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let record = try await Self.sendSignInLink(
            harness, email: "ada@example.com", continueUrl: "https://example.com/done?x=1#frag")

        let opened = try await harness.get(
            "/emulator/action?mode=signIn&lang=en&oobCode=\(record.oobCode)&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fexample.com%2Fdone%3Fx%3D1%23frag"
        )
        let spaced = try await harness.get(
            "/emulator/action?mode=verifyEmail&oobCode=nope&apiKey=k&continueUrl=https%3A%2F%2Fexample.com%2Fa%20b%0D%0AX-Injected%3A%201"
        )
        let withLineBreak = try await harness.get(
            "/emulator/action?mode=signIn&oobCode=c&apiKey=k&continueUrl=https%3A%2F%2Fexample.com%2Fa%0D%0AX-Injected%3A%201"
        )

        #expect(
            opened.header("Location")
                == "https://example.com/done?x=1&mode=signIn&lang=en&oobCode=\(record.oobCode)&apiKey=fake-api-key#frag"
        )
        #expect(spaced.status == 400, "an unknown code is refused before any redirect")
        #expect(withLineBreak.status == 303)
        #expect(withLineBreak.header("X-Injected") == nil)
        #expect(withLineBreak.header("Location")?.hasPrefix("https://example.com/aX-Injected:%201?mode=signIn") == true)
    }
}
