import AuthflowListener
import AuthflowTestSupport
import Foundation
import Glibc
import Testing

/// The rendezvous file as `handle-url` reads it: what `publish` wrote comes back field for field, newest first,
/// and a file with a missing or ill-typed field is passed over.
struct RendezvousFileTests {
    @Test func readsWhatWasPublishedNewestFirst() throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let pid = getpid()
        let older = Rendezvous(
            port: 4100, secret: "s-1 \"한\"", proofKey: "k-1", schemes: ["App-One"], pid: pid, label: "first")
        let newer = Rendezvous(port: 65535, secret: "s-2", proofKey: "k-2", schemes: [], pid: pid, label: "second")
        let olderFile = try directory.publish(older)
        _ = try directory.publish(newer)
        // The first file dated an hour back, so the order does not depend on the clock's resolution.
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, olderFile, &times, 0) == 0)

        #expect(directory.waitingFlows() == [newer, older])
    }

    @Test func refusesMissingOrIllTypedFields() {
        let good = #"{"port":8080,"secret":"x","proofKey":"k","schemes":["a"],"pid":12,"label":"l","extra":true}"#
        let expected = Rendezvous(port: 8080, secret: "x", proofKey: "k", schemes: ["a"], pid: 12, label: "l")
        #expect(Rendezvous(fileBytes: Array(good.utf8)) == expected)
        for bad in [
            #"{"secret":"x","proofKey":"k","schemes":[],"pid":12,"label":"l"}"#,
            #"{"port":70000,"secret":"x","proofKey":"k","schemes":[],"pid":12,"label":"l"}"#,
            #"{"port":80.5,"secret":"x","proofKey":"k","schemes":[],"pid":12,"label":"l"}"#,
            #"{"port":80,"secret":1,"proofKey":"k","schemes":[],"pid":12,"label":"l"}"#,
            #"{"port":80,"secret":"x","proofKey":"k","schemes":[1],"pid":12,"label":"l"}"#,
            #"{"port":80,"secret":"x","proofKey":"k","schemes":[],"pid":12}"#,
            // An older listener's file: without a proof key it cannot prove itself, so it is never offered a URL.
            #"{"port":80,"secret":"x","schemes":[],"pid":12,"label":"l"}"#,
            #"[1]"#, "not json",
        ] {
            #expect(Rendezvous(fileBytes: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
