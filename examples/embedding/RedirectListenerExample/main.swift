// Embedding authflow's loopback authorization: a program that signs a person in with an OAuth 2.0 provider
// through their browser, as a native app does (RFC 8252): PKCE (S256) and a CSPRNG state, a loopback redirect
// URI, and a checked answer. It uses only the `AuthflowListener` and `AuthflowPrimitives` library products (no
// REST client, no emulator, no libcurl, no libxml2).
//
//   swift run --package-path examples/embedding redirect-listener-example \
//       https://idp.example/authorize CLIENT-ID openid email
//
// The listener binds 127.0.0.1 and ::1 only, accepts exactly one callback carrying the state, and shows the
// browser a page that says the tab can be closed. The program prints the code and the token request that redeems
// it; post that form to the provider's token endpoint with any HTTP client.
//
//   swift run --package-path examples/embedding redirect-listener-example --self-test
//
// checks an embedding without a browser or a provider: the program plays the provider (it checks the PKCE
// challenge and the state, and answers with a code) and the person, who pastes the address the browser ended on.
import AuthflowListener
import AuthflowPrimitives
import Foundation

let usage = """
    usage: redirect-listener-example AUTHORIZATION-ENDPOINT CLIENT-ID [SCOPE…]
           redirect-listener-example --self-test
    """

/// Runs one authorization and returns the exit status. `endpoint` nil means the self-test.
func signIn(endpoint: String?, clientID: String, scopes: [String]) async -> Int32 {
    let session: AuthorizationSession
    do {
        session = try AuthorizationSession(
            endpoint: endpoint ?? "http://127.0.0.1:9/authorize", clientID: clientID, scopes: scopes)
    } catch {
        print("Cannot start: \(error)")
        return 3
    }
    // Stopping frees the port; it also happens once the answer is in.
    defer { session.stop() }
    print("Redirect URI: \(session.redirectURI)")

    if endpoint != nil {
        print("If no browser opens, visit: \(session.url)")
        // The launcher honours $BROWSER, then xdg-open; a failure only means the person opens the URL by hand.
        if case .failed(let failures) = session.openBrowser() {
            print("No browser started (\(failures.map(\.description).joined(separator: "; "))).")
        }
    } else {
        let verdict = session.submit(SelfTestProvider.redirect(for: session.url))
        print("The pasted address was \(verdict.isAccepted ? "accepted" : "refused: \(verdict)")")
    }

    do {
        let response = try await session.response(timeout: .seconds(300))
        // The verifier in the form is a secret: show what the form holds, not its values.
        let form = response.tokenRequest()
        print("Token request (\(TokenRequest.contentType)): \(form.parameters.names.joined(separator: ", "))")
        print("code=\(response.code)")
        return 0
    } catch {
        print("\(error)")
        if case .listener(.timedOut) = error { return 4 }
        return 1
    }
}

/// The provider's side, for the self-test: what an authorization server does with the request.
enum SelfTestProvider {
    /// Where the provider sends the browser back to for `authorizationURL`: `redirect_uri` with a code and the
    /// state, after checking that the request carries an S256 challenge.
    static func redirect(for authorizationURL: String) -> String {
        let request = QueryParameters(url: authorizationURL)
        guard request.value("code_challenge_method") == "S256", request.value("code_challenge")?.count == 43,
            let redirectURI = request.value("redirect_uri"), let state = request.value("state")
        else { return "not-a-callback" }
        return redirectURI + "?" + QueryParameters(pairs: [("code", "self-test"), ("state", state)]).formEncoded
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--self-test"] {
    exit(await signIn(endpoint: nil, clientID: "self-test", scopes: []))
}
guard arguments.count >= 2, !arguments[0].hasPrefix("-") else {
    print(usage)
    exit(2)
}
exit(await signIn(endpoint: arguments[0], clientID: arguments[1], scopes: Array(arguments.dropFirst(2))))
