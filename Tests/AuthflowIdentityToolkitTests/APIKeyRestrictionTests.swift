import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// API-key restrictions: the headers that satisfy them, and Google's refusals read into which restriction
/// refused.
@Suite("API-key restrictions")
struct APIKeyRestrictionTests {
    /// The refusal `reply` causes, through a real client and loopback server.
    private func refusal(
        _ reply: LoopbackResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ServerError? {
        let server = try RecordingServer { _ in reply }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())
        let error = await expectFailure(sourceLocation: sourceLocation) {
            try await client.send(GetRecaptchaParamsRequest())
        }
        return error?.serverError
    }

    /// Google's reply to a refused key, as its front end sends it (403, ErrorInfo and LocalizedMessage).
    private func googleReply(_ message: String, reason: String) -> LoopbackResponse {
        json(
            #"""
            {"error":{"code":403,"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"forbidden"}],
             "status":"PERMISSION_DENIED","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"\#(reason)",
             "domain":"googleapis.com","metadata":{"service":"identitytoolkit.googleapis.com","consumer":"projects/123"}},
             {"@type":"type.googleapis.com/google.rpc.LocalizedMessage","locale":"en-US","message":"\#(message)"}]}}
            """#, status: 403)
    }

    @Test("Each ErrorInfo reason names its restriction; the refusal is a configuration error")
    func errorInfoReasons() async throws {
        let cases: [(String, String, APIKeyRestriction)] = [
            (
                "Requests from this iOS client application \\u003cempty\\u003e are blocked.", "API_KEY_IOS_APP_BLOCKED",
                .iosApp
            ),
            (
                "Requests from this Android client application \\u003cempty\\u003e are blocked.",
                "API_KEY_ANDROID_APP_BLOCKED", .androidApp
            ),
            ("Requests from referer \\u003cempty\\u003e are blocked.", "API_KEY_HTTP_REFERRER_BLOCKED", .httpReferrer),
            (
                "The provided API key has an IP address restriction. The originating IP address of the call (192.0.2.1) violates this restriction.",
                "API_KEY_IP_ADDRESS_BLOCKED", .ipAddress
            ),
            (
                "Requests to this API identitytoolkit.googleapis.com method google.cloud.identitytoolkit.v1.AuthenticationService.SignInWithPassword are blocked.",
                "API_KEY_SERVICE_BLOCKED", .apiNotAllowed
            ),
        ]
        for (message, reason, restriction) in cases {
            let error = try #require(try await refusal(googleReply(message, reason: reason)))
            #expect(error.keyRestriction == restriction, "\(reason)")
            #expect(error.code == .appNotAuthorized, "\(reason)")
            #expect(error.category == .configuration, "\(reason)")
            #expect(error.status == "PERMISSION_DENIED")
            #expect(error.message == restriction.userMessage, "\(reason)")
        }
    }

    @Test("Older replies: the message alone, or the legacy ipRefererBlocked reason, still name the restriction")
    func messagesAndLegacyReason() async throws {
        let ios = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"Requests from this ios client application \u003cempty\u003e are blocked.","status":"PERMISSION_DENIED"}}"#,
                    status: 403)))
        let android = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"Requests from this Android client application <empty> are blocked.","errors":[{"message":"x","domain":"global","reason":"forbidden"}],"status":"PERMISSION_DENIED"}}"#,
                    status: 403)))
        let referrer = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"Requests from referer https://other.example/ are blocked.","status":"PERMISSION_DENIED"}}"#,
                    status: 403)))
        let legacy = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"The request did not specify any referer.","errors":[{"domain":"usageLimits","reason":"ipRefererBlocked"}]}}"#,
                    status: 403)))

        #expect(ios.keyRestriction == .iosApp)
        #expect(android.keyRestriction == .androidApp)
        #expect(referrer.keyRestriction == .httpReferrer)
        #expect(legacy.keyRestriction == .ipAddressOrReferrer)
        for error in [ios, android, referrer, legacy] {
            #expect(error.code == .appNotAuthorized)
            #expect(error.category == .configuration)
        }
    }

    @Test("Other PERMISSION_DENIED refusals are not key restrictions")
    func otherRefusals() async throws {
        let denied = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}"#,
                    status: 403)))
        let noKey = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"The request is missing a valid API key.","status":"PERMISSION_DENIED"}}"#,
                    status: 403)))

        #expect(denied.keyRestriction == nil)
        #expect(denied.code == nil)
        #expect(noKey.keyRestriction == nil)
        #expect(noKey.code == .missingAPIKey)
    }

    @Test("Restriction headers are sent only when configured; X-Android-Cert only with the package")
    func headersOnlyWhenConfigured() async throws {
        let server = try RecordingServer { _ in json("{}") }
        defer { server.stop() }
        var configuration = emulatorConfiguration(port: server.port)
        _ = try await IdentityToolkitClient(configuration: configuration, http: loopbackHTTP()).send(
            GetRecaptchaParamsRequest())
        configuration.androidCertificateSHA1 = testAndroidCertificate
        _ = try await IdentityToolkitClient(configuration: configuration, http: loopbackHTTP()).send(
            GetRecaptchaParamsRequest())

        #expect(server.requests.count == 2)
        for request in server.requests {
            for name in ["X-Android-Package", "X-Android-Cert", "Referer", "Accept-Language"] {
                #expect(request.header(name) == nil, "\(name)")
            }
        }
    }
}
