import Testing

/// At most two tests at a time drive a headless browser, or run a command that starts one.
///
/// Swift Testing starts every test at once. On a two-core machine a dozen Chromiums beside the other suites made
/// pages' timers and the browsers' own start-up seconds late, past limits the flows under test keep (a page that
/// polls within 5 s of the outcome, a command the test ends after a minute). A test with this trait waits for a
/// slot before its first step, so nothing it starts is running while it waits.
struct BrowserSlot: TestTrait, TestScoping {
    /// A slot for each case of a parameterized test, never one for the test as a whole: that one would be held
    /// while its own cases wait for theirs.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await BrowserSlots.shared.take()
        do {
            try await function()
        } catch {
            await BrowserSlots.shared.giveBack()
            throw error
        }
        await BrowserSlots.shared.giveBack()
    }
}

extension Trait where Self == BrowserSlot {
    /// Runs the test (each case of it) only while fewer than two others with this trait run: ``BrowserSlot``.
    static var drivesABrowser: Self { BrowserSlot() }
}

/// The slots ``BrowserSlot`` hands out, in the order they were asked for.
actor BrowserSlots {
    static let shared = BrowserSlots(count: 2)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func giveBack() {
        guard waiting.isEmpty else {
            waiting.removeFirst().resume()
            return
        }
        free += 1
    }
}
