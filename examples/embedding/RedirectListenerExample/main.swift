// Embedding authflow's redirect listener: a program that takes an OAuth authorization URL, opens it in the
// user's browser with a loopback redirect URI (RFC 8252), and prints the parameters the provider sent back.
// It uses only the `AuthflowListener` and `AuthflowPrimitives` library products (no REST client, no emulator, no
// libcurl, no libxml2).
//
//   swift run --package-path examples/embedding redirect-listener-example \
//       'https://idp.example/authorize?client_id=ID&response_type=code&redirect_uri={redirect_uri}&state={state}'
//
// `{redirect_uri}` and `{state}` are filled in. The listener binds 127.0.0.1 and ::1 only, accepts exactly one
// callback carrying the state, and shows the browser a page that says the tab can be closed.
//
//   swift run --package-path examples/embedding redirect-listener-example --self-test
//
// checks an embedding without a browser or a provider: the program sends itself the callback a provider would
// send and prints what the listener handed back.
import AuthflowListener
import AuthflowPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: redirect-listener-example AUTHORIZATION-URL   ({redirect_uri} and {state} are filled in)
           redirect-listener-example --self-test
    """

/// Runs one sign-in and returns the exit status. `authorizationTemplate` nil means the self-test: the program
/// plays the provider and the browser itself.
func signIn(authorizationTemplate: String?) async -> Int32 {
    // A fresh CSPRNG state per attempt is what ties the callback to this program and nothing else.
    let state = RandomToken.make()
    let listener: RedirectListener<RedirectCallback>
    do {
        listener = try RedirectListener(configuration: .init(check: .state(state), label: "redirect-listener-example"))
    } catch {
        print("Cannot listen: \(error)")
        return 3
    }
    // Stopping frees the port and withdraws the rendezvous file `authflow handle-url` would look for.
    defer { listener.stop() }
    print("Redirect URI: \(listener.redirectURI)")

    var browserShown: Task<String, Never>?
    if let authorizationTemplate {
        let authorization =
            authorizationTemplate
            .replacing("{redirect_uri}", with: PercentEncoding.encodeUnreserved(listener.redirectURI))
            .replacing("{state}", with: PercentEncoding.encodeUnreserved(state))
        print("If no browser opens, visit: \(authorization)")
        // The launcher honours $BROWSER, then xdg-open; a failure only means the user opens the URL by hand.
        if case .failed(let reasons) = BrowserLauncher().open(authorization) {
            print("No browser started (\(reasons.joined(separator: "; "))).")
        }
    } else {
        let callback = listener.redirectURI + "?code=self-test&state=" + PercentEncoding.encodeUnreserved(state)
        print("Sending the callback: \(callback.replacing(state, with: "…"))")
        browserShown = Task { await LoopbackGet.statusLine(of: callback) }
    }

    do {
        let callback = try await listener.callback(timeout: .seconds(300))
        for (name, value) in callback.distinctParameters where name != "state" {
            print("\(name)=\(value)")
        }
        if let browserShown { print("The browser was shown: \(await browserShown.value)") }
        return 0
    } catch {
        print("\(error)")
        if case .timedOut = error { return 4 }
        return 1
    }
}

/// A plain HTTP/1.1 GET over a loopback socket, standing in for the browser in the self-test.
enum LoopbackGet {
    /// The response's status line, or why there is none. Runs on its own thread: the socket calls block.
    static func statusLine(of url: String) async -> String {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: blockingStatusLine(of: url)) }.start()
        }
    }

    private static func blockingStatusLine(of url: String) -> String {
        guard let parts = URLParts(url), let port = parts.port, parts.host == "127.0.0.1" else {
            return "not a loopback URL"
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return "no socket" }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "cannot connect" }
        let target = parts.path + (parts.query.map { "?\($0)" } ?? "")
        let request = "GET \(target) HTTP/1.1\r\nHost: \(parts.hostAndPort)\r\nConnection: close\r\n\r\n"
        guard SystemCall.writeAll(Array(request.utf8), to: descriptor) else { return "cannot send" }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !response.contains(UInt8(ascii: "\n")) {
            let count = SystemCall.read(descriptor, into: &chunk)
            guard count > 0 else { break }
            response += chunk[..<count]
        }
        let statusLine = response.split(separator: UInt8(ascii: "\n")).first ?? []
        return String(decoding: statusLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--self-test"] {
    exit(await signIn(authorizationTemplate: nil))
}
guard arguments.count == 1, let template = arguments.first, !template.hasPrefix("-") else {
    print(usage)
    exit(2)
}
exit(await signIn(authorizationTemplate: template))
