import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

@Suite("authflow listen and handle-url")
struct ListenCommandTests {
    @Test("listen --json prints the redirect URI, then exactly the callback handed over by handle-url, and exits 0")
    func handoffEndToEnd() async throws {
        let runtime = try TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let listen = try RunningCommand(
            ["listen", "--json", "--scheme", "app-1-2-ios-3", "--state", "st-1", "--timeout", "60"],
            environment: environment
        )
        let first = try #require(await listen.readLine())
        let listening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: String])

        let stray = try await AuthflowCommand.run(
            ["handle-url", "app-1-2-ios-3://firebaseauth/link?state=other"], environment: environment)
        let handed = try await AuthflowCommand.run(
            ["handle-url", "app-1-2-ios-3://firebaseauth/link?code=c+1&state=st-1"], environment: environment
        )
        let (termination, lines) = await listen.finish()
        let nobody = try await AuthflowCommand.run(
            ["handle-url", "app-1-2-ios-3://firebaseauth/link?state=st-1"], environment: environment)

        #expect(listening["event"] == "listening")
        #expect(listening["state"] == "st-1")
        #expect(listening["redirectUri"]?.hasPrefix("http://127.0.0.1:") == true)
        #expect(stray.exitCode == 1)
        #expect(stray.stderrText.contains("does not match"))
        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(termination == .exited(0))
        #expect(
            lines == [
                #"{"event":"callback","url":"app-1-2-ios-3://firebaseauth/link?code=c+1&state=st-1","params":{"code":"c 1","state":"st-1"},"via":"handoff"}"#
            ])
        #expect(nobody.exitCode == 1)
        #expect(nobody.stderrText.contains("No authflow command is waiting"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path + "/authflow").isEmpty)
    }

    @Test(
        "handle-url words a waiting flow's refusal in its own language, whatever the listener's: the code crosses"
    )
    func refusalInHandlersLanguage() async throws {
        for (listenLanguage, handleLanguage) in [("C", "ko_KR.UTF-8"), ("ko_KR.UTF-8", "C")] {
            let runtime = try TemporaryDirectory()
            func environment(_ language: String) -> [String: String] {
                [
                    "XDG_RUNTIME_DIR": runtime.path, "LANG": language, "LC_ALL": "", "LANGUAGE": "",
                    "AUTHFLOW_LANG": "",
                ]
            }
            let listen = try RunningCommand(
                ["listen", "--scheme", "app-1-2-ios-3", "--state", "st-1", "--timeout", "60"],
                environment: environment(listenLanguage))
            _ = try #require(await listen.readLine())
            let stray = try await AuthflowCommand.run(
                ["handle-url", "app-1-2-ios-3://firebaseauth/link?code=c"], environment: environment(handleLanguage))
            _ = try await AuthflowCommand.run(
                ["handle-url", "app-1-2-ios-3://firebaseauth/link?code=c&state=st-1"],
                environment: environment(listenLanguage))
            _ = await listen.finish()
            #expect(stray.exitCode == 1)
            if handleLanguage == "C" {
                #expect(stray.stderrText.contains("The callback has no state parameter"), "\(stray.stderrText)")
            } else {
                #expect(stray.stderrText.contains("콜백에 state 매개변수가 없어"), "\(stray.stderrText)")
                #expect(!stray.stderrText.contains("cannot be matched"), "\(stray.stderrText)")
            }
        }
    }

    @Test("An HTTP callback ends listen; the plain output is the redirect URI, then the callback URL")
    func httpCallback() async throws {
        let runtime = try TemporaryDirectory()
        let listen = try RunningCommand(
            ["listen", "--state", "st-2", "--path", "/cb"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        let redirectURI = try #require(await listen.readLine())
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

        let page = try await client.send(HTTPRequest(url: redirectURI + "?code=x&state=st-2"))
        let (termination, lines) = await listen.finish()

        #expect(redirectURI.hasSuffix("/cb"))
        #expect(page.status == 200)
        #expect(termination == .exited(0))
        #expect(lines == [redirectURI + "?code=x&state=st-2"])
    }

    @Test("Ctrl-C exits 130 and frees the port; a timeout exits 4 with a timeout event")
    func interruptAndTimeout() async throws {
        let runtime = try TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        let listen = try RunningCommand(["listen"], environment: environment)
        let redirectURI = try #require(await listen.readLine())
        listen.send(SIGINT)
        let (termination, _) = await listen.finish()
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
        var refused = false
        do { _ = try await client.send(HTTPRequest(url: redirectURI)) } catch {
            refused = error == .connectionRefused(host: "127.0.0.1")
        }

        let timedOut = try await AuthflowCommand.run(["listen", "--json", "--timeout", "1"], environment: environment)

        #expect(termination == .exited(130))
        #expect(refused)
        #expect(timedOut.exitCode == 4)
        #expect(timedOut.stdoutText.hasSuffix(#"{"event":"timeout"}"# + "\n"))
        #expect(timedOut.stderrText.contains("No callback arrived within 1 seconds"))
    }

    @Test("Usage errors exit 2: a bad path, a bad scheme, a zero timeout; a URL that is not one")
    func usageErrors() async throws {
        for arguments in [
            ["listen", "--path", "cb"], ["listen", "--scheme", "1bad"], ["listen", "--timeout", "0"],
            ["handle-url", "not a url"],
        ] {
            let result = try await AuthflowCommand.run(arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.stderrText)")
        }
    }
}

@Suite("Callback pages in the language in force")
struct CallbackPageLanguageTests {
    @Test("LANG=ko_KR.UTF-8 listen: the listener's own pages (not found, not accepted) speak Korean; LANG=C English")
    func koreanPages() async throws {
        var bodies: [String: String] = [:]
        for language in ["ko", "C"] {
            let runtime = try TemporaryDirectory()
            let listen = try RunningCommand(
                ["listen", "--state", "st-3", "--path", "/cb", "--timeout", "60"],
                environment: [
                    "XDG_RUNTIME_DIR": runtime.path, "LANG": language == "ko" ? "ko_KR.UTF-8" : "C", "LC_ALL": "",
                    "LANGUAGE": "", "AUTHFLOW_LANG": "",
                ])
            let redirectURI = try #require(await listen.readLine())
            let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
            let missing = try await client.send(HTTPRequest(url: redirectURI + "/elsewhere"))
            let refused = try await client.send(HTTPRequest(url: redirectURI + "?code=x&state=wrong"))
            _ = try await client.send(HTTPRequest(url: redirectURI + "?code=x&state=st-3"))
            _ = await listen.finish()
            bodies[language] = missing.text + refused.text
            #expect(missing.status == 404)
        }
        #expect(bodies["ko"]?.contains("<title>찾을 수 없음</title>") == true, "\(bodies["ko"] ?? "")")
        #expect(bodies["ko"]?.contains("받아들이지 않음") == true)
        #expect(bodies["ko"]?.contains("콜백의 state 값이 이 로그인과 일치하지 않습니다") == true)
        #expect(bodies["ko"]?.contains("does not match") == false)
        #expect(bodies["C"]?.contains("state does not match this sign-in") == true)
        #expect(bodies["C"]?.contains("<title>Not found</title>") == true, "\(bodies["C"] ?? "")")
        #expect(bodies["C"]?.contains("Not accepted") == true)
    }

    /// `listen` refused `--lang` (it had no project flags), although it serves pages.
    @Test("listen --lang ko (LANG=C): the page served for the callback is the Korean one")
    func langFlagChoosesThePages() async throws {
        var bodies: [String: String] = [:]
        for language in ["ko", "en"] {
            let runtime = try TemporaryDirectory()
            let listen = try RunningCommand(
                ["listen", "--lang", language, "--state", "st-4", "--path", "/cb", "--timeout", "60"],
                environment: [
                    "XDG_RUNTIME_DIR": runtime.path, "LANG": "C", "LC_ALL": "", "LANGUAGE": "", "AUTHFLOW_LANG": "",
                ])
            let redirectURI = try #require(await listen.readLine())
            let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
            let page = try await client.send(HTTPRequest(url: redirectURI + "?code=x&state=st-4"))
            let (termination, lines) = await listen.finish()
            #expect(termination == .exited(0), "\(language)")
            #expect(lines == [redirectURI + "?code=x&state=st-4"])
            #expect(page.status == 200)
            bodies[language] = page.text
        }
        #expect(bodies["ko"]?.contains("리디렉션이 기다리던 프로그램에 전달되었습니다.") == true, "\(bodies["ko"] ?? "")")
        #expect(bodies["ko"]?.contains("lang=\"ko\"") == true, "the Korean template, not only the message")
        #expect(bodies["ko"]?.contains("The redirect reached") == false)
        #expect(bodies["en"]?.contains("The redirect reached the program waiting for it.") == true)
    }

    @Test("listen --pkce puts the code challenge into the --open URL's query, ahead of a fragment it keeps")
    func pkceChallengeBeforeFragment() async throws {
        let runtime = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(
            [
                "listen", "--pkce", "--json", "--no-browser", "--timeout", "1", "--open",
                "https://idp.example/authorize?client_id=c&redirect_uri={redirect_uri}#section",
            ],
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        let line = try #require(
            result.stderrText.components(separatedBy: "\n").first { $0.contains("https://idp.example/authorize") },
            "\(result.stderrText)")
        let url = line.trimmingCharacters(in: .whitespaces)
        #expect(url.hasSuffix("&code_challenge_method=S256#section"), "\(url)")
        #expect(url.contains("&code_challenge="), "\(url)")
        #expect(url.components(separatedBy: "#").count == 2, "\(url)")
    }
}
