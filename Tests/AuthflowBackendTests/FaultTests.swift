import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

@Suite("Fault switches")
struct FaultTests {
    @Test("status replaces the reply for one endpoint, a given number of times")
    func statusFault() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        harness.backend.setFault(
            .status(503, body: #"{"error":{"code":503,"message":"UNAVAILABLE"}}"#), for: "accounts:signUp", times: 2)

        let first = try await harness.v1("accounts:signUp", [:])
        let other = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")
        let second = try await harness.v1("accounts:signUp", [:])
        let third = try await harness.v1("accounts:signUp", [:])

        #expect(first.status == 503)
        #expect(first.errorMessage == "UNAVAILABLE")
        #expect(other.status == 200)
        #expect(second.status == 503)
        #expect(third.status == 200)
        #expect(harness.backend.accounts.count == 1)
    }

    @Test("A global fault hits every request until removed; an endpoint fault wins over it")
    func globalFault() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        harness.backend.setFault(.status(500, body: "{}"))
        harness.backend.setFault(.status(429, body: "{}"), for: "token")

        let page = try await harness.get("/emulator/auth/handler?apiKey=k&providerId=apple.com&ibi=x")
        let token = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k", form: [("grant_type", "refresh_token")])
        harness.backend.setFault(nil)
        harness.backend.clearFaults()
        let healed = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")

        #expect(page.status == 500)
        #expect(token.status == 429)
        #expect(healed.status == 200)
    }

    @Test("truncatedJSON cuts the body in half; malformedJSON is a 200 that is not JSON")
    func brokenBodies() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let whole = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")
        harness.backend.setFault(.truncatedJSON, for: "projects", times: 1)
        harness.backend.setFault(.malformedJSON, for: "recaptchaParams", times: 1)

        let truncated = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")
        let malformed = try await harness.get("/identitytoolkit.googleapis.com/v1/recaptchaParams?key=k")

        #expect(truncated.status == 200)
        #expect(truncated.text == String(whole.text.prefix(whole.text.utf8.count / 2)))
        #expect((try? truncated.json) == nil)
        #expect(malformed.status == 200)
        #expect(malformed.header("Content-Type") == "application/json; charset=utf-8")
        #expect((try? JSONParser.parse(malformed.text)) == nil)
    }

    @Test("delay holds the reply back, then answers normally; a short client timeout sees it time out")
    func delay() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        harness.backend.setFault(.delay(.milliseconds(600)), for: "projects")
        let impatient = HTTPClient(
            configuration: HTTPClientConfiguration(
                totalTimeout: .milliseconds(200), redirects: .doNotFollow, proxy: .none))

        let clock = ContinuousClock()
        let start = clock.now
        let slow = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")
        let elapsed = clock.now - start
        await #expect(throws: HTTPError.self) {
            _ = try await impatient.send(
                HTTPRequest(url: harness.backend.baseURL + "/identitytoolkit.googleapis.com/v1/projects?key=k"))
        }

        #expect(slow.status == 200)
        #expect(elapsed >= .milliseconds(550))
    }
}
