import AuthflowBackend
import AuthflowHTTP
import Foundation
import Testing

@Suite("reCAPTCHA stand-in at /__/auth/handler")
struct VerifyAppPageTests {
    private static let query =
        "apiKey=fake-api-key&authType=verifyApp&ibi=com.example.app&v=FirebaseAuth.iOS%2F12.0&eventId=EVT7&clientId=123-abc.apps.googleusercontent.com&hl=en"

    @Test("The page offers an 'I'm not a robot' form; submitting it redirects with the §2.6 callback shape")
    func tokenCallback() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let page = try await harness.get("/__/auth/handler?\(Self.query)")
        let fields = IdpWidgetTests.hiddenFormFields(page.text)
        let submitted = try await harness.post("/__/auth/handler/verify", form: fields)

        #expect(page.status == 200)
        #expect(page.text.contains("I'm not a robot") || page.text.contains("I&#39;m not a robot"))
        #expect(submitted.status == 303)
        let location = try #require(submitted.header("Location"))
        let prefix = "com.googleusercontent.apps.123-abc://firebaseauth/link?deep_link_id="
        #expect(location.hasPrefix(prefix))
        let inner = decodeOnce(String(location.dropFirst(prefix.count)))
        let token = try #require(harness.backend.recaptchaTokens.first)
        #expect(
            inner
                == "http://\(harness.backend.hostAndPort)/__/auth/callback?authType=verifyApp&recaptchaToken=\(token.token)&eventId=EVT7"
        )
        #expect(token.eventID == "EVT7")
        #expect(!token.presented)

        _ = try await harness.v1(
            "accounts:sendVerificationCode",
            ["phoneNumber": "+15555550100", "recaptchaToken": token.token, "clientType": "CLIENT_TYPE_IOS"]
        ).requireOK()
        #expect(harness.backend.recaptchaTokens.first?.presented == true)
    }

    @Test("With appId the scheme is app-…; each click gets a fresh token")
    func appIdScheme() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let form = [
            ("apiKey", "k"), ("authType", "verifyApp"), ("eventId", "E1"), ("appId", "1:123456789:ios:123abc456def"),
        ]

        let first = try await harness.post("/__/auth/handler/verify", form: form)
        let second = try await harness.post("/__/auth/handler/verify", form: form)

        #expect(
            first.header("Location")?.hasPrefix("app-1-123456789-ios-123abc456def://firebaseauth/link?deep_link_id=")
                == true)
        #expect(first.header("Location") != second.header("Location"))
        #expect(Set(harness.backend.recaptchaTokens.map(\.token)).count == 2)
    }

    @Test("The error switch sends firebaseError JSON instead of a token, per page or for the whole backend")
    func errorPath() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let perPage = try await harness.get(
            "/__/auth/handler/verify?\(Self.query)&authflowSimulateError=auth/invalid-oauth-client-id")
        harness.backend.setVerifyAppError(.init(code: "auth/internal-error", message: "Internal error ."))
        let global = try await harness.get("/__/auth/handler/verify?\(Self.query)")

        let perPageLocation = try #require(perPage.header("Location"))
        let inner = try #require(queryItems(perPageLocation)["deep_link_id"])
        let error = try #require(queryItems(inner)["firebaseError"])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: String])
        #expect(
            decoded == [
                "code": "auth/invalid-oauth-client-id",
                "message": "The OAuth client ID provided is either invalid or does not match the specified API key.",
            ])
        #expect(queryItems(inner)["authType"] == "verifyApp")
        #expect(queryItems(inner)["recaptchaToken"] == nil)
        let globalLocation = try #require(global.header("Location"))
        let globalInner = try #require(queryItems(globalLocation)["deep_link_id"])
        #expect(queryItems(globalInner)["firebaseError"]?.contains("auth/internal-error") == true)
        #expect(harness.backend.recaptchaTokens.isEmpty)
    }

    @Test("Missing apiKey, eventId or clientId|appId, or another authType, is an error page")
    func validation() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let cases = [
            "authType=verifyApp&eventId=E&clientId=a.b",
            "apiKey=k&authType=verifyApp&clientId=a.b",
            "apiKey=k&authType=verifyApp&eventId=E",
            "apiKey=k&authType=signInWithRedirect&eventId=E&clientId=a.b",
        ]
        for query in cases {
            let page = try await harness.get("/__/auth/handler?\(query)")
            let submit = try await harness.get("/__/auth/handler/verify?\(query)")
            #expect(page.status == 400, "\(query)")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.text.contains(#"role="alert""#))
            #expect(submit.status == 400, "\(query)")
        }
        #expect(harness.backend.recaptchaTokens.isEmpty)
    }
}

extension IdpWidgetTests {
    /// Every hidden input of a page, decoded.
    static func hiddenFormFields(_ page: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        var rest = page[...]
        let marker = #"<input type="hidden" name=""#
        while let found = rest.range(of: marker) {
            let nameEnd = rest[found.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            let name = String(rest[found.upperBound..<nameEnd])
            guard let valueStart = rest[nameEnd...].range(of: #"value=""#) else { break }
            let valueEnd = rest[valueStart.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            fields.append(
                (name, String(rest[valueStart.upperBound..<valueEnd]).replacingOccurrences(of: "&amp;", with: "&")))
            rest = rest[valueEnd...]
        }
        return fields
    }
}
