import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("URL layout and headers")
struct LayoutTests {
    /// Production hosts over a plain-HTTP recording proxy: the proxy sees the absolute production URL.
    func productionExchange<R: IdentityToolkitRequest>(
        _ request: R, reply: LoopbackResponse, configure: (inout IdentityToolkitConfiguration) -> Void = { _ in }
    ) async throws -> (R.Response, LoopbackRequest) {
        let proxy = try RecordingServer.forwardProxy { _ in reply }
        defer { proxy.stop() }
        var configuration = IdentityToolkitConfiguration(
            apiKey: "AIza+key/=", authflowVersion: testVersion, retry: .none)
        configuration.productionScheme = "http"
        configure(&configuration)
        let client = IdentityToolkitClient(
            configuration: configuration,
            http: loopbackHTTP(proxy: ProxyConfiguration(httpProxy: "http://127.0.0.1:\(proxy.port)"))
        )
        let response = try await client.send(request)
        return (response, try #require(proxy.requests.count == 1 ? proxy.requests.first : nil))
    }

    @Test("Production v1: https://identitytoolkit.googleapis.com/v1/<path>?key=<encoded key>")
    func productionV1() async throws {
        let (_, request) = try await productionExchange(
            SignUpRequest(), reply: json(#"{"idToken":"i","refreshToken":"r"}"#))

        #expect(request.method == "POST")
        #expect(request.target == "http://identitytoolkit.googleapis.com/v1/accounts:signUp?key=AIza%2Bkey%2F%3D")
        #expect(request.header("Host") == "identitytoolkit.googleapis.com")
    }

    @Test("Production v2 GET with query parameters after the key")
    func productionV2() async throws {
        let (_, request) = try await productionExchange(
            GetRecaptchaConfigRequest(clientType: .ios, tenantID: "t"), reply: json("{}"))

        #expect(request.method == "GET")
        #expect(
            request.target
                == "http://identitytoolkit.googleapis.com/v2/recaptchaConfig?key=AIza%2Bkey%2F%3D&clientType=CLIENT_TYPE_IOS&version=RECAPTCHA_ENTERPRISE&tenantId=t"
        )
    }

    @Test("Production token refresh goes to securetoken.googleapis.com/v1/token")
    func productionToken() async throws {
        let (_, request) = try await productionExchange(
            SecureTokenRequest(refreshToken: "r"), reply: json(#"{"id_token":"i","refresh_token":"r"}"#)
        )

        #expect(request.target == "http://securetoken.googleapis.com/v1/token?key=AIza%2Bkey%2F%3D")
        #expect(request.header("Host") == "securetoken.googleapis.com")
    }

    @Test("Production scheme is https by default")
    func productionSchemeDefault() {
        let configuration = IdentityToolkitConfiguration(apiKey: "k", authflowVersion: "1")
        #expect(configuration.productionScheme == "https")
        #expect(configuration.server == .production)
        #expect(configuration.clientVersion == "Linux/Authflow/1/FirebaseCore-Linux")
    }

    @Test(
        "Emulator layout, for real: http://127.0.0.1:PORT/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=K"
    )
    func emulatorLayout() async throws {
        let server = try RecordingServer { _ in json(#"{"idToken":"i","refreshToken":"r"}"#) }
        defer { server.stop() }
        let configuration = IdentityToolkitConfiguration(
            apiKey: "K", server: try AuthServer.emulator(parsing: " 127.0.0.1:\(server.port) "),
            authflowVersion: testVersion
        )
        let client = IdentityToolkitClient(configuration: configuration, http: loopbackHTTP())

        _ = try await client.send(
            SignInWithIdpRequest(requestUri: "http://localhost", postBody: "providerId=apple.com"))

        #expect(server.targets == ["/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=K"])
        #expect(server.requests.first?.header("Host") == "127.0.0.1:\(server.port)")
    }

    @Test("Emulator over localhost and [::1]")
    func emulatorHostForms() async throws {
        let server = try RecordingServer { _ in json("{}") }
        defer { server.stop() }
        var hosts = ["localhost:\(server.port)"]
        if server.server.boundAddresses.contains("::1") { hosts.append("[::1]:\(server.port)") }

        for host in hosts {
            let configuration = IdentityToolkitConfiguration(
                apiKey: "K", server: try AuthServer.emulator(parsing: host), authflowVersion: testVersion)
            _ = try await IdentityToolkitClient(configuration: configuration, http: loopbackHTTP()).send(
                GetProjectConfigRequest())
        }

        #expect(
            server.targets == Array(repeating: "/identitytoolkit.googleapis.com/v1/projects?key=K", count: hosts.count))
    }

    @Test("Optional headers appear only when configured: gmpid, locale, iOS bundle ID")
    func optionalHeaders() async throws {
        let with = try await exchange(
            GetRecaptchaParamsRequest(), reply: json("{}"), appID: "1:123:web:abc", locale: "fr",
            iosBundleID: "com.example.app"
        )
        let without = try await exchange(GetRecaptchaParamsRequest(), reply: json("{}"), appID: nil, locale: nil)

        #expect(with.request.header("X-Firebase-GMPID") == "1:123:web:abc")
        #expect(with.request.header("X-Firebase-Locale") == "fr")
        #expect(with.request.header("X-Ios-Bundle-Identifier") == "com.example.app")
        #expect(with.request.header("X-Client-Version") == expectedClientVersion)
        #expect(with.request.header("Authorization") == nil)
        for name in [
            "X-Firebase-GMPID", "X-Firebase-Locale", "X-Ios-Bundle-Identifier", "Authorization", "Content-Type",
        ] {
            #expect(without.request.header(name) == nil, "\(name)")
        }
    }

    @Test("An empty API key is refused before sending")
    func emptyKey() async throws {
        let server = try RecordingServer { _ in json("{}") }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port, apiKey: ""), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(GetProjectConfigRequest()) }

        guard case .invalidRequest(let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason == .missingAPIKey)
        #expect(server.requests.isEmpty)
    }
}

@Suite("Emulator address parsing")
struct EmulatorAddressTests {
    @Test(
        "FIREBASE_AUTH_EMULATOR_HOST-style values are accepted",
        arguments: [
            ("127.0.0.1:9099", "127.0.0.1:9099"), ("[::1]:9099", "[::1]:9099"), ("localhost:9099", "localhost:9099"),
            ("  emulator-host.internal:12345\n", "emulator-host.internal:12345"), ("[fe80::1]:1", "[fe80::1]:1"),
        ])
    func accepted(value: String, expected: String) throws {
        #expect(try AuthServer.emulator(parsing: value) == .emulator(hostAndPort: expected))
        #expect(try AuthServer.emulator(parsing: value).isEmulator)
    }

    @Test(
        "Mistakes are refused with a message that says what to type",
        arguments: [
            ("", EmulatorHostError.Problem.empty, "empty"),
            ("http://127.0.0.1:9099", .hasScheme, "leave out http://"),
            ("127.0.0.1:9099/", .hasPath, "path"),
            ("127.0.0.1", .missingPort, "no port"),
            ("localhost:", .missingPort, "no port"),
            ("localhost:0", .invalidPort, "1 to 65535"),
            ("localhost:65536", .invalidPort, "1 to 65535"),
            ("localhost:90a", .invalidPort, "1 to 65535"),
            ("::1:9099", .unbracketedIPv6, "[::1]:9099"),
            ("[::1]", .missingPort, "no port"),
            ("[::1:9099", .invalidHost, "invalid host"),
            (":9099", .invalidHost, "invalid host"),
            ("bad host:9099", .invalidHost, "invalid host"),
        ] as [(String, EmulatorHostError.Problem, String)])
    func refused(value: String, problem: EmulatorHostError.Problem, hint: String) {
        do {
            let backend = try AuthServer.emulator(parsing: value)
            Issue.record("accepted \(backend)")
        } catch {
            #expect(error.problem == problem)
            #expect(error.description.contains(hint))
            #expect(error.description.contains("9099"))
        }
    }
}
