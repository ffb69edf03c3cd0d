// Embedding authflow's redirect listener: a program that takes an OAuth authorization URL, opens it in the
// user's browser with a loopback redirect URI (RFC 8252), and prints the parameters the provider sent back.
//
//   swift run redirect-listener-example 'https://idp.example/authorize?client_id=ID&response_type=code&redirect_uri={redirect_uri}&state={state}'
//
// `{redirect_uri}` and `{state}` are filled in. The listener binds 127.0.0.1 and ::1 only, accepts exactly one
// callback carrying the state, and shows the browser a page that says the tab can be closed.
import AuthflowListener
import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    print("usage: redirect-listener-example AUTHORIZATION-URL   ({redirect_uri} and {state} are filled in)")
    exit(2)
}

/// Runs one sign-in and returns the exit status.
func signIn(authorizationTemplate: String) async -> Int32 {
    // A fresh CSPRNG state per attempt is what ties the callback to this program and nothing else.
    let state = RandomToken.make()
    let listener: RedirectListener
    do {
        listener = try RedirectListener(configuration: .init(check: .state(state), label: "redirect-listener-example"))
    } catch {
        print("Cannot listen: \(error)")
        return 3
    }
    // Stopping frees the port and withdraws the rendezvous file `authflow handle-url` would look for.
    defer { listener.stop() }

    let authorization = authorizationTemplate
        .replacing("{redirect_uri}", with: PercentEncoding.encodeUnreserved(listener.redirectURI))
        .replacing("{state}", with: PercentEncoding.encodeUnreserved(state))
    print("Redirect URI: \(listener.redirectURI)")
    print("If no browser opens, visit: \(authorization)")

    // The launcher honours $BROWSER, then xdg-open; a failure only means the user opens the URL by hand.
    if case .failed(let reasons) = BrowserLauncher().open(authorization) {
        print("No browser started (\(reasons.joined(separator: "; "))).")
    }

    do {
        let callback = try await listener.callback(timeout: .seconds(300))
        for (name, value) in callback.distinctParameters where name != "state" {
            print("\(name)=\(value)")
        }
        return 0
    } catch {
        print("\(error)")
        if case .timedOut = error { return 4 }
        return 1
    }
}

exit(await signIn(authorizationTemplate: CommandLine.arguments[1]))
