import AuthflowHTTP
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven through chromedriver's WebDriver API: how the tour (and the tests)
/// click through the pages a person would. Chromium logs its network events (`goog:loggingPrefs`
/// performance), which is how a caller sees a custom-scheme navigation that a headless browser hands to no
/// program.
public final class HeadlessChromium: @unchecked Sendable {
    // One caller drives it at a time; the driver process is ours and ends in `quit()`.
    private let driver: ChildProcess
    private let base: String
    private let session: String
    private let http = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

    /// The two programs needed.
    public struct Programs: Sendable, Equatable {
        /// The browser.
        public var chromium: String
        /// Its WebDriver server.
        public var chromedriver: String

        /// `chromium` driven through `chromedriver`.
        public init(chromium: String, chromedriver: String) {
            self.chromium = chromium
            self.chromedriver = chromedriver
        }
    }

    /// Chromium and chromedriver as Debian installs them (`/usr/bin`), else from `PATH`; `nil` when either
    /// is missing.
    public static func locate(environment: [String: String] = ProcessEnvironment.current()) -> Programs? {
        let search = ["/usr/bin"] + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        func find(_ names: [String]) -> String? {
            for directory in search {
                for name in names where access(directory + "/" + name, X_OK) == 0 { return directory + "/" + name }
            }
            return nil
        }
        guard let chromium = find(["chromium", "chromium-browser"]), let driver = find(["chromedriver"]) else {
            return nil
        }
        return Programs(chromium: chromium, chromedriver: driver)
    }

    /// Starts chromedriver on a free port and opens a headless browser session. chromedriver turns Chromium's
    /// pop-up blocker off; `popupBlocking` keeps it on, so a page may open a window only from a click.
    public init(
        programs: Programs? = HeadlessChromium.locate(), popupBlocking: Bool = false
    ) async throws(HeadlessChromiumError) {
        guard let programs else {
            throw HeadlessChromiumError(
                localized(
                    "Chromium and chromedriver are not installed (Debian: apt-get install chromium chromium-driver)."))
        }
        // A chromedriver that exits before announcing its port is started again, up to three times: full test runs
        // under load have seen one exit so now and then (24 started at once here all came up), and the tour and
        // the tests need a browser, not a diagnosis of chromedriver.
        var started: (driver: ChildProcess, port: String)?
        for _ in 0..<3 where started == nil {
            started = try await Self.startDriver(programs.chromedriver)
        }
        guard let started else { throw HeadlessChromiumError(localized("chromedriver did not start.")) }
        driver = started.driver
        let port = started.port
        base = "http://127.0.0.1:\(port)"
        var chromeOptions = JSONObject([
            ("binary", .string(programs.chromium)),
            ("args", ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]),
        ])
        if popupBlocking { chromeOptions["excludeSwitches"] = ["disable-popup-blocking"] }
        let capabilities: JSONValue = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:loggingPrefs": ["performance": "ALL"],
                    "goog:chromeOptions": .object(chromeOptions),
                ]
            ]
        ]
        var created: JSONValue = [:]
        // chromedriver prints its port before it accepts connections.
        for attempt in 0..<50 {
            do {
                created = try await Self.call(http, "POST", "\(base)/session", capabilities)
                break
            } catch  where attempt < 49 {
                try? await Task.sleep(for: .milliseconds(100))
            } catch {
                created = [:]
            }
        }
        guard let session = created["sessionId"]?.stringValue else {
            driver.send(SIGKILL)
            _ = driver.wait()
            throw HeadlessChromiumError(
                localized("chromedriver started but opened no browser session: \(JSONWriter.string(created))"))
        }
        self.session = session
    }

    /// Ends the browser and the driver.
    public func quit() async {
        _ = try? await Self.call(http, "DELETE", "\(base)/session/\(session)", nil)
        driver.send(SIGTERM)
        let driver = self.driver
        _ = await DetachedThread.value { driver.wait() }
    }

    /// Loads `url`.
    public func open(_ url: String) async throws(HeadlessChromiumError) {
        _ = try await command("POST", "url", ["url": .string(url)])
    }

    /// Clicks the first element `selector` (CSS) matches.
    public func click(_ selector: String) async throws(HeadlessChromiumError) {
        let element = try await find(selector)
        _ = try await command("POST", "element/\(element)/click", [:])
    }

    /// Types `text` into the first element `selector` matches.
    public func type(_ text: String, into selector: String) async throws(HeadlessChromiumError) {
        let element = try await find(selector)
        _ = try await command("POST", "element/\(element)/value", ["text": .string(text)])
    }

    /// Runs `script` (a function body) in the page and returns what it returns, as JSON.
    public func evaluate(_ script: String) async throws(HeadlessChromiumError) -> JSONValue? {
        try await command("POST", "execute/sync", ["script": .string(script), "args": []])["value"]
    }

    /// Waits until `script` returns a string `accept` takes; gives up after `limit`.
    public func waitFor(
        _ script: String, limit: Duration = .seconds(60), _ accept: (String) -> Bool
    ) async throws(HeadlessChromiumError) -> String {
        let deadline = ContinuousClock.now + limit
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await evaluate(script)?.stringValue ?? ""
            if accept(last) { return last }
            try? await Task.sleep(for: .milliseconds(100))
        }
        throw HeadlessChromiumError(localized("The page never reached the expected state; it last showed: \(last)"))
    }

    /// The handles of the browser's open windows (tabs and pop-ups).
    public func windows() async throws(HeadlessChromiumError) -> [String] {
        try await command("GET", "window/handles", nil)["value"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The window the following commands act on.
    public func currentWindow() async throws(HeadlessChromiumError) -> String {
        try await command("GET", "window", nil)["value"]?.stringValue ?? ""
    }

    /// Makes the following commands act on the window `handle`.
    public func switchToWindow(_ handle: String) async throws(HeadlessChromiumError) {
        _ = try await command("POST", "window", ["handle": .string(handle)])
    }

    /// Waits up to `limit` for a window other than `known` to open, and returns its handle.
    public func waitForNewWindow(
        besides known: [String], limit: Duration = .seconds(30)
    ) async throws(HeadlessChromiumError) -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let opened = try await windows().first(where: { !known.contains($0) }) { return opened }
            try? await Task.sleep(for: .milliseconds(100))
        }
        throw HeadlessChromiumError(localized("No new window opened."))
    }

    /// URLs the browser tried to navigate to (from its network log) that start with `prefix`.
    public func attemptedNavigations(startingWith prefix: String) async throws(HeadlessChromiumError) -> [String] {
        let entries = try await command("POST", "se/log", ["type": "performance"])["value"]?.arrayValue ?? []
        var urls: [String] = []
        for entry in entries {
            guard let text = entry["message"]?.stringValue, let event = try? JSONParser.parse(text),
                let message = event["message"], message["method"]?.stringValue == "Network.requestWillBeSent",
                let url = message["params"]?["request"]?["url"]?.stringValue, url.hasPrefix(prefix)
            else { continue }
            urls.append(url)
        }
        return urls
    }

    /// Waits up to `limit` for the browser to attempt a navigation starting with `prefix`; returns the first.
    public func waitForNavigation(
        startingWith prefix: String, limit: Duration = .seconds(30)
    ) async throws(HeadlessChromiumError) -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let first = try await attemptedNavigations(startingWith: prefix).first { return first }
            try? await Task.sleep(for: .milliseconds(100))
        }
        throw HeadlessChromiumError(localized("The browser never went to a \(prefix) address."))
    }

    private func find(_ selector: String) async throws(HeadlessChromiumError) -> String {
        let value = try await command("POST", "element", ["using": "css selector", "value": .string(selector)])["value"]
        guard let element = value?.objectValue?.entries.first?.value.stringValue else {
            throw HeadlessChromiumError(localized("The page has no element \(selector)."))
        }
        return element
    }

    private func command(
        _ method: String, _ path: String, _ body: JSONValue?
    ) async throws(HeadlessChromiumError) -> JSONValue {
        try await Self.call(http, method, "\(base)/session/\(session)/\(path)", body, wrapped: true)
    }

    private static func call(
        _ http: HTTPClient, _ method: String, _ url: String, _ body: JSONValue?, wrapped: Bool = false
    ) async throws(HeadlessChromiumError) -> JSONValue {
        let response: HTTPResponse
        do {
            response = try await http.send(
                HTTPRequest(
                    method: HTTPMethod(rawValue: method), url: url,
                    headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                    body: body.map { JSONWriter.bytes($0) }
                ))
        } catch {
            throw HeadlessChromiumError(localized("WebDriver \(method) \(url) failed: \(error)"))
        }
        var object: JSONValue = [:]
        if let parsed = try? JSONParser.parse(response.body), parsed.objectValue != nil { object = parsed }
        guard response.status == 200 else {
            throw HeadlessChromiumError(
                localized("WebDriver \(method) \(url) answered HTTP \(response.status): \(response.text)"))
        }
        if wrapped { return object }
        guard let value = object["value"], value.objectValue != nil else { return [:] }
        return value
    }

    /// chromedriver started on a free port, and that port; nil when it exited before announcing one.
    private static func startDriver(_ path: String) async throws(HeadlessChromiumError) -> (ChildProcess, String)? {
        guard let pipe = ChildPipe.make() else {
            throw HeadlessChromiumError(localized("Could not create a pipe for chromedriver."))
        }
        let driver: ChildProcess
        do {
            driver = try ChildProcess.spawn(path, arguments: ["--port=0"], options: .init(standardOutput: pipe.write))
        } catch {
            close(pipe.read)
            close(pipe.write)
            throw HeadlessChromiumError("\(error)")
        }
        close(pipe.write)
        guard let port = await announcedPort(reading: pipe.read) else {
            driver.send(SIGKILL)
            _ = driver.wait()
            return nil
        }
        return (driver, port)
    }

    /// Reads chromedriver's start-up line for its port, then keeps draining the pipe on the same thread so
    /// the driver never blocks writing to it.
    private static func announcedPort(reading descriptor: Int32) async -> String? {
        await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                var chunk = [UInt8](repeating: 0, count: 1024)
                var resumed = false
                while true {
                    let count = SystemCall.read(descriptor, into: &chunk)
                    guard count > 0 else { break }
                    guard !resumed else { continue }
                    text += String(decoding: chunk[..<count], as: UTF8.self)
                    if let range = text.range(of: "started successfully on port ") {
                        continuation.resume(returning: text[range.upperBound...].prefix { $0.isNumber }.description)
                        resumed = true
                    }
                }
                close(descriptor)
                if !resumed { continuation.resume(returning: nil) }
            }.start()
        }
    }
}

/// Why the headless browser could not be started or driven.
public struct HeadlessChromiumError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words a user can act on.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
