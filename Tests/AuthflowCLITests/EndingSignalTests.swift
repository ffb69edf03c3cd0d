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
        #expect(!LoopbackSocket.isFree(port: port), "listen holds its port while waiting")

        listen.send(signal)
        let (termination, _) = await listen.finish()

        #expect(termination == .exited(128 + signal))
        #expect(LoopbackSocket.isFree(port: port), "the port is free once authflow has exited")
    }
}
