import AuthflowBackend
import AuthflowHTTP
import Foundation
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("100 parallel sign-ups and code sends all succeed, each once")
    func parallelRequests() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try await harness.signUp(email: "user\(index)@example.com")["localId"] != nil ? 200 : 0
                    }
                    return try await harness.v1(
                        "accounts:sendVerificationCode", ["phoneNumber": "+1555555\(String(format: "%04d", index))"]
                    ).status
                }
            }
            var collected: [Int] = []
            for try await status in group { collected.append(status) }
            return collected
        }

        #expect(statuses.count == 100)
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(harness.backend.accounts.count == 50)
        #expect(Set(harness.backend.accounts.map(\.localID)).count == 50)
        #expect(harness.backend.verificationCodes.count == 50)
        #expect(harness.logs.all.filter { $0.hasPrefix("To verify the phone number") }.count == 50)
    }
}
