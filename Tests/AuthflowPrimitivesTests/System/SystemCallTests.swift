import AuthflowPrimitives
import Glibc
import Testing

struct SystemCallTests {
    @Test func writesEverythingAndReadsItBack() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
        #expect(SystemCall.writeAll(bytes, to: descriptors[1]))
        close(descriptors[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = SystemCall.read(descriptors[0], into: &chunk)
            try #require(count >= 0)
            if count == 0 { break }
            received += chunk[..<count]
        }
        #expect(received == bytes)
    }

    @Test func retriesOnlyInterruptedCalls() {
        var attempts = 0
        let result = SystemCall.retryingInterrupts { () -> Int32 in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && attempts == 3)
        attempts = 0
        let failed = SystemCall.retryingInterrupts { () -> Int32 in
            attempts += 1
            errno = EBADF
            return -1
        }
        #expect(failed == -1 && attempts == 1 && errno == EBADF)
    }

    @Test func aFailedWriteReportsIt() {
        #expect(!SystemCall.writeAll([1, 2, 3], to: -1))
        #expect(errno == EBADF)
    }
}
