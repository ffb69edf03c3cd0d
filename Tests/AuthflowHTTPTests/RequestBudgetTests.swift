import AuthflowHTTP
import AuthflowTestSupport
import Testing

/// Requests that share a ``RequestBudget`` take the budget in all: each gets what is left, one that finds nothing
/// left fails at once, and every timeout names the whole budget. Time between requests is not spent.
@Suite("A request budget shared by several requests")
struct RequestBudgetTests {
    @Test("Against a stalled server, the first request spends the budget and the second fails at once")
    func sharedAcrossRequests() async throws {
        let server = try StalledServer()
        let budget = RequestBudget(total: .seconds(1))
        var configuration = HTTPClientConfiguration(totalTimeout: .seconds(20), proxy: .none)
        configuration.budget = budget
        let client = HTTPClient(configuration: configuration)
        let url = "http://\(server.hostAndPort)/stall"

        let first = await capturedError { try await client.send(HTTPRequest(url: url)) }
        let second = await capturedError { try await client.send(HTTPRequest(url: url)) }

        #expect(first == .timedOut(phase: .total, limit: .seconds(1)))
        #expect(second == .timedOut(phase: .total, limit: .seconds(1)))
        #expect(server.connections == 1, "nothing was left for the second request: it was not sent")
        #expect(budget.left <= .zero)
    }

    @Test("Time with no request on its way is not counted")
    func waitsBetweenRequestsAreFree() async throws {
        let budget = RequestBudget(total: .seconds(5))
        try await Task.sleep(for: .milliseconds(300))
        #expect(budget.left == .seconds(5))
    }
}
