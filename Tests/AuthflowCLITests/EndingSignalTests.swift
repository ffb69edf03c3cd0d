import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every signal that ends authflow ends a waiting `listen` the same way: the port is free at once and the exit
/// status is 128 + the signal's number (README "Exit status"); SIGQUIT too, without a crash report.
@Suite("Signals that end authflow")
struct EndingSignalTests {
    /// Whether 127.0.0.1:`port` can be bound now (no SO_REUSEADDR: a socket still holding it would refuse).
    static func canBind(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    @Test(
        "listen: each ending signal exits with 128 + its number and frees the port",
        arguments: [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM])
    func listenEnds(signal: Int32) async throws {
        let runtime = try TemporaryDirectory()
        // The timeout bounds a run where the signal is not handled (SIGQUIT once left it listening).
        let listen = try RunningCommand(["listen", "--timeout", "20"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        let redirectURI = try #require(await listen.readLine())
        let port = try #require(
            redirectURI.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) })
        #expect(!Self.canBind(port), "listen holds its port while waiting")

        listen.send(signal)
        let (termination, _) = await listen.finish()

        #expect(termination == .exited(128 + signal))
        #expect(Self.canBind(port), "the port is free once authflow has exited")
    }
}
