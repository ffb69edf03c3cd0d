import AuthflowListener
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Glibc
import Testing

/// Where rendezvous files go when the standard place is taken, and which directories `publish` refuses.
struct RendezvousDirectoryTests {
    /// A directory another user could have made or written into.
    private func planted(mode: mode_t) throws -> (TemporaryDirectory, String) {
        let runtime = try TemporaryDirectory()
        let path = runtime.file("authflow")
        try #require(mkdir(path, 0o700) == 0 && chmod(path, mode) == 0)
        return (runtime, path)
    }

    @Test func aRefusedRuntimeDirectoryFallsBackToOneFixedDirectoryAndCreatesNothing() throws {
        let (runtime, planted) = try planted(mode: 0o777)
        let fallback = "/tmp/authflow-\(geteuid())"
        let first = RendezvousDirectory.resolve(environment: ["XDG_RUNTIME_DIR": runtime.path])
        let second = RendezvousDirectory.resolve(environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(first.directory.path == fallback)
        #expect(first.refused == planted)
        #expect(second.directory == first.directory, "every command settles on the same directory")
        #expect(RendezvousDirectory.resolve(environment: [:]).directory.path == fallback)
        #expect(RendezvousDirectory.resolve(environment: [:]).refused == nil)

        let usable = try TemporaryDirectory()
        let standard = RendezvousDirectory.resolve(environment: ["XDG_RUNTIME_DIR": usable.path])
        #expect(standard.directory.path == usable.file("authflow"))
        #expect(standard.refused == nil)
        #expect(!FileManager.default.fileExists(atPath: usable.file("authflow")), "resolving creates nothing")
    }

    @Test func publishRefusesADirectoryAStrangerCouldHaveMadeOrWrittenInto() throws {
        let record = Rendezvous(port: 4100, secret: "s", proofKey: "k", schemes: [], pid: getpid(), label: "test")
        let (openParent, open) = try planted(mode: 0o777)
        #expect(throws: StorageError.directory(path: open, reason: .writableByOthers(mode: 0o777))) {
            try RendezvousDirectory(path: open).publish(record)
        }

        let (foreignParent, foreign) = try planted(mode: 0o700)
        try #require(chown(foreign, 65534, 65534) == 0)
        #expect(throws: StorageError.directory(path: foreign, reason: .ownedByAnotherUser(uid: 65534))) {
            try RendezvousDirectory(path: foreign).publish(record)
        }

        let (runtime, target) = try planted(mode: 0o700)
        let link = runtime.file("link")
        try #require(symlink(target, link) == 0)
        #expect(throws: StorageError.directory(path: link, reason: .symbolicLink)) {
            try RendezvousDirectory(path: link).publish(record)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty, "nothing went through the link")

        let (readableParent, readable) = try planted(mode: 0o755)
        let published = try RendezvousDirectory(path: readable).publish(record)
        var info = stat()
        #expect(stat(readable, &info) == 0 && info.st_mode & 0o777 == 0o700, "a readable one of ours is tightened")
        #expect(FileManager.default.fileExists(atPath: published))

        let missing = try TemporaryDirectory()
        let created = try RendezvousDirectory(path: missing.file("authflow")).publish(record)
        #expect(stat(missing.file("authflow"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: created))
        withExtendedLifetime((openParent, foreignParent, readableParent)) {}
    }
}
