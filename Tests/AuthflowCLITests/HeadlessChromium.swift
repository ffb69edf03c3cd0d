import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Foundation

/// Debian's headless Chromium driven through chromedriver's WebDriver API, for tests of the pages a person
/// clicks through. Chromium logs its network events (`goog:loggingPrefs` performance), which is how a test
/// sees the custom-scheme navigation a headless browser will not hand to any program.
final class HeadlessChromium: @unchecked Sendable {
    // Used by one test at a time; the driver process is ours and ends in `quit()`.
    private let driver: ChildProcess
    private let base: String
    private let session: String
    private let http = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))

    /// Starts chromedriver on a free port and opens a headless browser session.
    init() async throws {
        guard let pipe = ChildPipe.make() else { throw Subprocess.Failure(description: "pipe failed") }
        driver = try ChildProcess.spawn("/usr/bin/chromedriver", arguments: ["--port=0"], options: .init(standardOutput: pipe.write))
        close(pipe.write)
        let port = await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                var chunk = [UInt8](repeating: 0, count: 1024)
                var found: String?
                while found == nil {
                    let count = read(pipe.read, &chunk, chunk.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    text += String(decoding: chunk[..<count], as: UTF8.self)
                    if let range = text.range(of: "started successfully on port ") {
                        found = text[range.upperBound...].prefix { $0.isNumber }.description
                    }
                }
                // Keep draining so chromedriver never blocks on a full pipe.
                Thread {
                    var rest = [UInt8](repeating: 0, count: 1024)
                    while read(pipe.read, &rest, rest.count) > 0 {}
                    close(pipe.read)
                }.start()
                continuation.resume(returning: found)
            }.start()
        }
        guard let port else {
            driver.send(SIGKILL)
            _ = driver.wait()
            throw Subprocess.Failure(description: "chromedriver did not start")
        }
        base = "http://127.0.0.1:\(port)"
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:loggingPrefs": ["performance": "ALL"],
                    "goog:chromeOptions": [
                        "binary": "/usr/bin/chromium",
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
                    ],
                ] as [String: Any],
            ],
        ]
        var created: [String: Any] = [:]
        for attempt in 0..<50 {
            do {
                created = try await Self.call(http, "POST", "\(base)/session", capabilities)
                break
            } catch where attempt < 49 {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        guard let session = created["sessionId"] as? String else {
            driver.send(SIGKILL)
            _ = driver.wait()
            throw Subprocess.Failure(description: "no WebDriver session: \(created)")
        }
        self.session = session
    }

    /// Ends the browser and the driver.
    func quit() async {
        _ = try? await Self.call(http, "DELETE", "\(base)/session/\(session)", nil)
        driver.send(SIGTERM)
        let driver = self.driver
        await withCheckedContinuation { continuation in
            Thread {
                _ = driver.wait()
                continuation.resume()
            }.start()
        }
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "url", ["url": url])
    }

    func click(_ selector: String) async throws {
        let element = try await find(selector)
        _ = try await command("POST", "element/\(element)/click", [:])
    }

    func type(_ text: String, into selector: String) async throws {
        let element = try await find(selector)
        _ = try await command("POST", "element/\(element)/value", ["text": text])
    }

    /// Runs `script` (a function body) in the page and returns what it returns.
    func evaluate(_ script: String) async throws -> Any? {
        try await command("POST", "execute/sync", ["script": script, "args": [String]()])["value"]
    }

    /// Waits until `script` returns a string `accept` takes; gives up after `limit` only to keep a broken
    /// build from hanging.
    func waitFor(_ script: String, limit: Duration = .seconds(60), _ accept: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + limit
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try await evaluate(script) as? String) ?? ""
            if accept(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Subprocess.Failure(description: "page never reached the expected state; last: \(last)")
    }

    /// URLs the browser tried to navigate to (from its network log) that start with `prefix`.
    func attemptedNavigations(startingWith prefix: String) async throws -> [String] {
        let entries = try await command("POST", "se/log", ["type": "performance"])["value"] as? [[String: Any]] ?? []
        var urls: [String] = []
        for entry in entries {
            guard let text = entry["message"] as? String,
                  let event = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let message = event["message"] as? [String: Any],
                  message["method"] as? String == "Network.requestWillBeSent",
                  let parameters = message["params"] as? [String: Any],
                  let request = parameters["request"] as? [String: Any],
                  let url = request["url"] as? String, url.hasPrefix(prefix)
            else { continue }
            urls.append(url)
        }
        return urls
    }

    /// Starts a browser, opens `url`, clicks `selector`, and returns the first custom-scheme navigation
    /// (starting with `prefix`) the page then attempted, which headless Chromium does not hand to any
    /// protocol handler; nil when none came within ten seconds. The browser is always shut down.
    static func capturedNavigation(opening url: String, clicking selector: String, startingWith prefix: String) async throws -> String? {
        let chromium = try await HeadlessChromium()
        var attempted: [String] = []
        do {
            try await chromium.open(url)
            try await chromium.click(selector)
            for _ in 0..<100 where attempted.isEmpty {
                attempted = try await chromium.attemptedNavigations(startingWith: prefix)
                if attempted.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
            }
        } catch {
            await chromium.quit()
            throw error
        }
        await chromium.quit()
        return attempted.first
    }

    private func find(_ selector: String) async throws -> String {
        let value = try await command("POST", "element", ["using": "css selector", "value": selector])["value"]
        guard let element = (value as? [String: Any])?.values.first as? String else {
            throw Subprocess.Failure(description: "no element \(selector)")
        }
        return element
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> [String: Any] {
        try await Self.call(http, method, "\(base)/session/\(session)/\(path)", body, wrapped: true)
    }

    private static func call(
        _ http: HTTPClient, _ method: String, _ url: String, _ body: [String: Any]?, wrapped: Bool = false
    ) async throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try await http.send(HTTPRequest(
            method: HTTPMethod(rawValue: method), url: url,
            headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: data.map { Array($0) }))
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        guard response.status == 200 else {
            throw Subprocess.Failure(description: "WebDriver \(method) \(url): HTTP \(response.status) \(response.text)")
        }
        if wrapped { return object }
        return object["value"] as? [String: Any] ?? [:]
    }
}
