import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The backend runs on a developer's machine while its user browses the web: no page may reconfigure it, read
/// its codes or send its admin credential, while the JS SDK in a page from any origin keeps the client API.
@Suite("Protections against web pages")
struct WebPageProtectionTests {
    static let evil = [HTTPHeader(name: "Origin", value: "https://evil.example")]
    static let devServer = [HTTPHeader(name: "Origin", value: "http://localhost:5173")]
    static let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
    static let options = HTTPMethod(rawValue: "OPTIONS")

    static func configPath(_ harness: BackendHarness) -> String {
        "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/config"
    }

    static func functionBody(_ url: String) throws -> [UInt8] {
        JSONWriter.bytes(["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": .string(url)]]]])
    }

    /// The function URL the project's config holds now, read as the admin.
    static func configuredFunction(_ harness: BackendHarness) async throws -> String? {
        let config = try await harness.get(configPath(harness), headers: BackendHarness.owner).requireOK()
        let triggers = (config["blockingFunctions"] as? [String: Any])?["triggers"] as? [String: Any]
        return (triggers?["beforeCreate"] as? [String: Any])?["functionUri"] as? String
    }

    // MARK: Admin credential

    /// Admin and configuration paths (method, path after the host, body), each naming the project in its path.
    static let adminPaths: [(String, String, String)] = [
        ("PATCH", "/identitytoolkit.googleapis.com/v2/projects/P/config?updateMask=blockingFunctions", "BODY"),
        ("GET", "/identitytoolkit.googleapis.com/v2/projects/P/config", ""),
        ("POST", "/identitytoolkit.googleapis.com/v2/projects/P/tenants", "{}"),
        ("GET", "/identitytoolkit.googleapis.com/v2/projects/P/tenants", ""),
        ("POST", "/identitytoolkit.googleapis.com/v1/projects/P/accounts:query", "{}"),
        ("POST", "/identitytoolkit.googleapis.com/v1/projects/P/accounts:batchDelete", #"{"localIds":["x"]}"#),
        ("GET", "/identitytoolkit.googleapis.com/v1/projects/P/accounts:batchGet", ""),
    ]

    static func send(
        _ harness: BackendHarness, _ entry: (String, String, String), query: String, headers: [HTTPHeader]
    ) async throws -> Reply {
        let (method, template, bodyTemplate) = entry
        var path = template.replacingOccurrences(of: "/projects/P/", with: "/projects/\(harness.projectID)/")
        path += (path.contains("?") ? "&" : "?") + query
        let body =
            bodyTemplate == "BODY"
            ? try functionBody("http://127.0.0.1:1/f") : bodyTemplate.isEmpty ? nil : Array(bodyTemplate.utf8)
        return try await harness.send(
            HTTPMethod(rawValue: method), path, body: body, headers: headers + (body == nil ? [] : json))
    }

    @Test(
        "Config, tenant and admin paths: no credential is 403 'missing a valid API key', an API key alone 400 INSUFFICIENT_PERMISSION (the emulator's answers), Bearer owner is served",
        arguments: 0..<adminPaths.count
    )
    func adminPathsNeedTheCredential(index: Int) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let entry = Self.adminPaths[index]

        let bare = try await Self.send(harness, entry, query: "", headers: [])
        let keyed = try await Self.send(harness, entry, query: "key=fake-api-key", headers: [])
        let owner = try await Self.send(harness, entry, query: "", headers: BackendHarness.owner)

        #expect(bare.status == 403, "\(entry.0) \(entry.1): \(bare.text)")
        #expect(bare.errorObject?["status"] as? String == "PERMISSION_DENIED")
        #expect(bare.errorMessage == "The request is missing a valid API key.")
        #expect(keyed.status == 400, "\(entry.0) \(entry.1): \(keyed.text)")
        #expect(
            keyed.errorMessage == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
        )
        #expect(owner.status == 200, "\(entry.0) \(entry.1): \(owner.text)")
    }

    @Test("PATCH config without the credential leaves the blocking functions as they were")
    func unauthenticatedPatchChangesNothing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let refused = try await harness.send(
            .patch, Self.configPath(harness) + "?key=k", body: try Self.functionBody("http://127.0.0.1:1/f"),
            headers: Self.json)

        #expect(refused.status == 400)
        #expect(try await Self.configuredFunction(harness) == nil)
        #expect(harness.backend.blockingFunctionURLs.isEmpty)
    }

    @Test("The admin credential from a page not on loopback is refused, even Bearer owner, and changes nothing")
    func credentialFromForeignPage() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let refused = try await harness.send(
            .patch, Self.configPath(harness), body: try Self.functionBody("http://127.0.0.1:1/f"),
            headers: BackendHarness.owner + Self.evil + Self.json)
        let fromDevServer = try await harness.send(
            .get, Self.configPath(harness), headers: BackendHarness.owner + Self.devServer)

        #expect(refused.status == 403)
        #expect(refused.errorObject?["status"] as? String == "PERMISSION_DENIED")
        #expect(refused.errorMessage?.contains("Authorization") == true)
        #expect(refused.header("Access-Control-Allow-Origin") == nil)
        #expect(try await Self.configuredFunction(harness) == nil)
        #expect(fromDevServer.status == 200)
        #expect(fromDevServer.header("Access-Control-Allow-Origin") == "http://localhost:5173")
    }

    // MARK: CORS

    @Test("The client API serves a page from any origin (the JS SDK), with its origin reflected, as the emulator")
    func clientAPIFromAnyOrigin() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let signedUp = try await harness.v1("accounts:signUp", ["returnSecureToken": true], headers: Self.evil)
        let preflight = try await harness.send(
            Self.options, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            headers: Self.evil + [
                HTTPHeader(name: "Access-Control-Request-Method", value: "POST"),
                HTTPHeader(name: "Access-Control-Request-Headers", value: "content-type,x-client-version"),
            ])

        #expect(signedUp.status == 200)
        #expect(signedUp.header("Access-Control-Allow-Origin") == "https://evil.example")
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "https://evil.example")
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type,x-client-version")
    }

    @Test(
        "A preflight from a page not on loopback is never told Authorization may be sent; a loopback page's is",
        arguments: [
            "/identitytoolkit.googleapis.com/v2/projects/demo-authflow/config",
            "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        ]
    )
    func preflightWithoutAuthorization(path: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let asking = [
            HTTPHeader(name: "Access-Control-Request-Method", value: "PATCH"),
            HTTPHeader(name: "Access-Control-Request-Headers", value: "authorization,content-type"),
        ]

        let foreign = try await harness.send(Self.options, path, headers: Self.evil + asking)
        let local = try await harness.send(Self.options, path, headers: Self.devServer + asking)

        #expect(foreign.header("Access-Control-Allow-Headers") == "content-type")
        #expect(local.header("Access-Control-Allow-Headers") == "authorization,content-type")
        #expect(local.header("Access-Control-Allow-Origin") == "http://localhost:5173")
    }

    // MARK: The emulator-only API

    @Test(
        "The emulator API refuses a page not on loopback (no CORS grant either); loopback pages and programs are served",
        arguments: [
            "https://evil.example", "null", "http://localhost.evil.example", "http://127.0.0.1.nip.io:9099",
            "http://localhost:5173/path", "file://", "http://user@localhost:5173",
        ]
    )
    func emulatorAPIFromForeignPage(origin: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.v1("accounts:sendVerificationCode", ["phoneNumber": "+15555550100"]).requireOK()
        let codes = "/emulator/v1/projects/\(harness.projectID)/verificationCodes"
        let config = "/emulator/v1/projects/\(harness.projectID)/config"
        let page = [HTTPHeader(name: "Origin", value: origin)]

        let read = try await harness.get(codes, headers: page)
        let patched = try await harness.send(
            .patch, config, body: Array(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8), headers: page + Self.json)
        let preflight = try await harness.send(
            Self.options, config, headers: page + [HTTPHeader(name: "Access-Control-Request-Method", value: "PATCH")])
        let after = try await harness.get(config).requireOK()

        #expect(read.status == 403, "Origin: \(origin)")
        #expect(!read.text.contains("+15555550100"))
        #expect(read.errorMessage?.contains("emulator API") == true)
        #expect(read.header("Access-Control-Allow-Origin") == nil)
        #expect(patched.status == 403)
        #expect((after["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        #expect(harness.logs.all.contains { $0.contains("Refused a request from a web page") })
    }

    @Test(
        "The emulator API serves pages on this machine's loopback and requests without Origin",
        arguments: ["http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:8080", "https://LOCALHOST", nil]
    )
    func emulatorAPIFromLoopbackPage(origin: String?) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let page = origin.map { [HTTPHeader(name: "Origin", value: $0)] } ?? []

        let read = try await harness.get("/emulator/v1/projects/\(harness.projectID)/oobCodes", headers: page)

        #expect(read.status == 200, "Origin: \(origin ?? "none")")
        #expect(read.header("Access-Control-Allow-Origin") == origin)
    }

    // MARK: Host

    @Test(
        "A request whose Host is not this backend's loopback name and port is refused (DNS rebinding)",
        arguments: ["evil.example", "evil.example:PORT", "127.0.0.2:PORT", "localhost.evil.example:PORT"]
    )
    func foreignHost(template: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.v1("accounts:sendVerificationCode", ["phoneNumber": "+15555550100"]).requireOK()
        let host = template.replacingOccurrences(of: "PORT", with: String(harness.backend.port))
        let request =
            "GET /emulator/v1/projects/\(harness.projectID)/verificationCodes HTTP/1.1\r\nHost: \(host)\r\n"
            + "Connection: close\r\n\r\n"
        let own = request.replacingOccurrences(of: "Host: \(host)", with: "Host: localhost:\(harness.backend.port)")

        let refused = try #require(try await RawHTTPConnection.exchange(request, port: harness.backend.port))
        let served = try #require(try await RawHTTPConnection.exchange(own, port: harness.backend.port))

        #expect(refused.status == 400, "Host: \(host)")
        #expect(!refused.text.contains("+15555550100"))
        #expect(served.status == 200)
        #expect(served.text.contains("+15555550100"))
    }

    @Test("Links may name only hosts the backend answers: 127.0.0.1, localhost, ::1; not 127.0.0.2")
    func advertisedHosts() throws {
        for host in ["127.0.0.2", "127.1.2.3"] {
            #expect(throws: EmbeddedBackendError.hostNotLoopback(host)) {
                try EmbeddedBackend.checkLoopbackHost(host)
            }
        }
        for host in ["127.0.0.1", "localhost", "::1", "[::1]"] {
            #expect(throws: Never.self) { try EmbeddedBackend.checkLoopbackHost(host) }
        }
    }

    // MARK: Blocking functions

    @Test(
        "A blocking-function URL off loopback is refused with 400 INVALID_BLOCKING_FUNCTION and not stored",
        arguments: [
            "https://functions.example/beforeCreate", "http://127.0.0.1.nip.io:5001/f", "http://10.0.0.5:5001/f",
            "http://evil@127.0.0.1:5001/f", "http://localhost.evil.example/f", "http://127.0.0.2:5001/f",
            "ftp://127.0.0.1/f", "http://0.0.0.0:5001/f",
        ]
    )
    func remoteFunctionRefused(url: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.send(
            .patch, Self.configPath(harness), body: try Self.functionBody(url),
            headers: BackendHarness.owner + Self.json)

        #expect(reply.status == 400, "\(url): \(reply.text)")
        #expect(reply.errorMessage?.hasPrefix("INVALID_BLOCKING_FUNCTION : ") == true)
        #expect(reply.errorMessage?.contains("loopback") == true)
        #expect(try await Self.configuredFunction(harness) == nil)
    }

    @Test(
        "Loopback function URLs are accepted, and the change is logged with the URL",
        arguments: [
            "http://127.0.0.1:5001/p/us-central1/beforeCreate", "http://localhost:5001/f", "http://[::1]:5001/f",
        ]
    )
    func loopbackFunctionAccepted(url: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.send(
            .patch, Self.configPath(harness), body: try Self.functionBody(url),
            headers: BackendHarness.owner + Self.json)

        #expect(reply.status == 200, "\(url): \(reply.text)")
        #expect(harness.backend.blockingFunctionURLs == ["beforeCreate": url])
        #expect(
            harness.logs.all.contains(
                "Blocking functions of project \(harness.projectID): beforeCreate at \(url)."), "\(harness.logs.all)")
    }

    @Test("Started allowing remote functions, the backend takes any absolute URL")
    func remoteFunctionAllowed() async throws {
        let harness = try BackendHarness(allowsRemoteBlockingFunctions: true)
        defer { harness.backend.stop() }
        let url = "https://functions.example/beforeCreate"

        let reply = try await harness.send(
            .patch, Self.configPath(harness), body: try Self.functionBody(url),
            headers: BackendHarness.owner + Self.json)

        #expect(reply.status == 200, "\(reply.text)")
        #expect(harness.backend.blockingFunctionURLs == ["beforeCreate": url])
        #expect(harness.backend.allowsRemoteBlockingFunctions)
    }
}
