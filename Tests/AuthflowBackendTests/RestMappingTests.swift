import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Testing

/// The emulator's `rest.spec.ts` groups "REST API mapping" and "authentication", and the single-project checks
/// of `misc.spec.ts`, over HTTP.
@Suite("REST API mapping")
struct RestMappingTests {
    @Test(
        "OPTIONS / is a preflight: 204, origin, requested headers and private network reflected; Authorization only to a loopback page"
    )
    func crossOriginPreflightOnRoot() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        func preflight(_ origin: String) async throws -> Reply {
            try await harness.send(
                HTTPMethod(rawValue: "OPTIONS"), "/",
                headers: [
                    HTTPHeader(name: "Origin", value: origin),
                    HTTPHeader(
                        name: "Access-Control-Request-Headers",
                        value: "Authorization,X-Client-Version,X-Whatever-Header"),
                    HTTPHeader(name: "Access-Control-Request-Private-Network", value: "true"),
                ])
        }
        let local = try await preflight("http://localhost:3000")
        let foreign = try await preflight("example.com")

        #expect(local.status == 204)
        #expect(local.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        let allowed = Set((local.header("Access-Control-Allow-Headers") ?? "").split(separator: ",").map(String.init))
        #expect(allowed == ["Authorization", "X-Client-Version", "X-Whatever-Header"])
        #expect(local.header("Access-Control-Allow-Private-Network") == "true")
        #expect(foreign.status == 204)
        #expect(foreign.header("Access-Control-Allow-Origin") == "example.com")
        #expect(foreign.header("Access-Control-Allow-Headers") == "X-Client-Version,X-Whatever-Header")
    }

    @Test(
        "An integer requestType is the proto enum's index (6 is EMAIL_SIGNIN), on v1 and the legacy path",
        arguments: [
            "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode",
        ])
    func integerEnums(path: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.post(
            path, json: ["email": "bob@example.com", "requestType": 6, "returnOobLink": true],
            headers: BackendHarness.owner
        ).requireOK()

        #expect((reply["oobLink"] as? String)?.contains("mode=signIn") == true)
        #expect(harness.backend.oobCodes.last?.requestType == "EMAIL_SIGNIN")
    }

    @Test("An enum value outside the enum, by name or index, is 400 INVALID_ARGUMENT naming the field")
    func enumOutOfRange() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let byIndex = try await harness.v1("accounts:sendOobCode", ["email": "bob@example.com", "requestType": 42])
        let byName = try await harness.v1("accounts:sendOobCode", ["email": "bob@example.com", "requestType": "NOPE"])

        for reply in [byIndex, byName] {
            #expect(reply.status == 400)
            #expect(reply.errorObject?["status"] as? String == "INVALID_ARGUMENT")
            #expect(
                reply.errorMessage
                    == "Invalid JSON payload received. /requestType must be equal to one of the allowed values")
        }
        #expect(harness.backend.oobCodes.isEmpty)
    }

    @Test("A number in a string field (validSince from the Node Admin SDK) passes validation and reaches the handler")
    func numbersForStringFields() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "accounts:update", ["localId": "nosuch", "validSince": 1_611_780_718], key: nil,
            headers: BackendHarness.owner)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_NOT_FOUND")
    }
}

@Suite("Authentication of REST calls")
struct RestAuthenticationTests {
    @Test("The API key may come in the x-goog-api-key header instead of the query")
    func apiKeyHeader() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let header = try await harness.v1(
            "accounts:signUp", [:], key: nil, headers: [HTTPHeader(name: "x-goog-api-key", value: "fake-api-key")])
        let emptyHeader = try await harness.v1(
            "accounts:signUp", [:], key: nil, headers: [HTTPHeader(name: "x-goog-api-key", value: "")])

        #expect(header.status == 200)
        #expect((try header.json)["error"] == nil)
        #expect(emptyHeader.status == 403)
        #expect(harness.backend.accounts.count == 1)
    }

    @Test("A non-Bearer Authorization header is ignored: without a key the call is still 403 PERMISSION_DENIED")
    func nonBearerAuthorization() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "accounts:signUp", ["returnSecureToken": true], key: nil,
            headers: [HTTPHeader(name: "Authorization", value: "Basic YWxhZGRpbjpvcGVuc2VzYW1l")]
        )

        #expect(reply.status == 403)
        #expect(reply.errorObject?["status"] as? String == "PERMISSION_DENIED")
    }

    @Test("targetProjectId with only an API key is 400 INSUFFICIENT_PERMISSION; nothing is created")
    func targetProjectIdNeedsOAuth() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1("accounts:signUp", ["targetProjectId": "example2"], key: "fake-api-key")

        #expect(reply.status == 400)
        #expect(
            reply.errorMessage == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
        )
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("Bearer and owner are matched without regard to case")
    func ownerCasing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "accounts:signUp", [:], key: nil, headers: [HTTPHeader(name: "Authorization", value: "bEArEr OWNER")])

        #expect(reply.status == 200)
        #expect((try reply.json)["error"] == nil)
    }
}

@Suite("Single-project mode")
struct SingleProjectModeTests {
    @Test("Off (the library's default): another project ID in the emulator API is served without a word")
    func noWarning() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.get("/emulator/v1/projects/someproject/config")

        #expect(reply.status == 200)
        #expect(harness.logs.all.isEmpty)
    }

    @Test("Warning: another project ID is served and the mismatch is logged")
    func warning() async throws {
        let harness = try BackendHarness(singleProjectMode: .warning)
        defer { harness.backend.stop() }

        let other = try await harness.get("/emulator/v1/projects/someproject/config")
        let own = try await harness.get("/emulator/v1/projects/\(harness.projectID)/config")

        #expect(other.status == 200)
        #expect(own.status == 200)
        #expect(harness.logs.all.count == 1)
        #expect(
            harness.logs.all.first?.contains(
                "Requested project ID someproject, but the emulator is configured for \(harness.projectID)") == true)
    }

    @Test("Error: another project ID is 400 with the single-project-mode message; the own project still works")
    func error() async throws {
        let harness = try BackendHarness(singleProjectMode: .error)
        defer { harness.backend.stop() }

        let other = try await harness.get("/emulator/v1/projects/someproject/config")
        let own = try await harness.get("/emulator/v1/projects/\(harness.projectID)/config")

        #expect(other.status == 400)
        #expect(other.errorMessage?.contains("single project mode") == true)
        #expect(own.status == 200)
    }
}
