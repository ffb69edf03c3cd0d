import AuthflowCore
import AuthflowListener
import AuthflowPrimitives
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct StateFileTests {
    struct Note: Codable, Sendable, Equatable {
        var text: String
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func savesWithPrivatePermissionsAtEveryLevel() throws {
        let temporary = try TemporaryDirectory()
        let root = StateDirectory(path: temporary.file("state/authflow"))
        let directory = ProjectStateDirectory(root: root, projectID: "demo", tenantID: "tenant-1")
        let file = StateFile<Note>("note.json", in: directory)
        let previous = umask(0) // The most permissive umask must not leak into the modes.
        defer { umask(previous) }
        try file.save(Note(text: "hello"))

        #expect(try mode(file.path) == 0o600)
        #expect(try mode(directory.path) == 0o700)
        #expect(try mode(root.path) == 0o700)
        #expect(try mode(root.path + "/projects") == 0o700)
        #expect(try mode(root.path + "/projects/demo/tenants") == 0o700)
        #expect(directory.path == root.path + "/projects/demo/tenants/tenant-1")
        #expect(try file.load() == Note(text: "hello"))
    }

    @Test func tightensLooseExistingPermissions() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        let file = StateFile<Note>("note.json", in: directory)
        try file.save(Note(text: "x"))
        chmod(directory.path, 0o755)
        chmod(file.path, 0o644)
        #expect(try file.load() == Note(text: "x"))
        #expect(try mode(file.path) == 0o600)
        try file.save(Note(text: "y"))
        #expect(try mode(directory.path) == 0o700)
    }

    @Test func replacingLeavesNoTemporaryFiles() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        let file = StateFile<Note>("note.json", in: directory)
        for index in 0..<5 { try file.save(Note(text: "v\(index)")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["note.json"])
        #expect(try file.load() == Note(text: "v4"))
    }

    @Test func missingFileIsNil() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        #expect(try StateFile<Note>("note.json", in: directory).load() == nil)
        try StateFile<Note>("note.json", in: directory).remove() // Removing nothing is fine.
    }

    @Test func damagedFileSaysSo() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        try directory.prepare()
        let file = StateFile<Note>("note.json", in: directory)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(throws: StorageError.corrupt(path: file.path, reason: .notAuthflowDocument)) {
            try file.load()
        }
        try Data(#"{"format":9,"data":{"text":"x"}}"#.utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(throws: StorageError.self) { try file.load() }
    }

    @Test func refusesASymlinkInPlaceOfAStateFile() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        try directory.prepare()
        let target = temporary.file("elsewhere.json")
        try Data(#"{"format":1,"data":{"text":"planted"}}"#.utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        let file = StateFile<Note>("note.json", in: directory)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
        #expect(throws: StorageError.self) { try file.load() }
        #expect(try mode(target) == 0o644, "the link's target was not touched")
    }

    /// `save` writes a new file and renames it over the old one: a reader holding the old file (here, a hard
    /// link to it) keeps the old version whole. Writing into the existing file instead would change the linked
    /// file too, and a crash mid-write would leave it torn.
    @Test func savingReplacesTheFileInsteadOfWritingIntoIt() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        let file = StateFile<Note>("note.json", in: directory)
        try file.save(Note(text: "old"))
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let held = temporary.file("held.json")
        #expect(link(file.path, held) == 0)
        try file.save(Note(text: "a new version, longer than the old one"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: held)) == before, "the old file was written into")
        #expect(try file.load() == Note(text: "a new version, longer than the old one"))
        var linked = stat()
        var current = stat()
        #expect(stat(held, &linked) == 0 && stat(file.path, &current) == 0)
        #expect(linked.st_ino != current.st_ino, "the new version is a new file")
    }

    /// A FIFO in a state file's place would block `open` (and then `read`) for ever: it is refused at once.
    /// Should the read block after all, the test opens the FIFO's other end itself so as not to hang.
    @Test func refusesAFIFOInPlaceOfAStateFileWithoutWaiting() async throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        try directory.prepare()
        let file = StateFile<Note>("note.json", in: directory)
        #expect(mkfifo(file.path, 0o600) == 0)
        let finished = Mutex(false)
        let released = Mutex(false)
        let path = file.path
        Thread {
            let deadline = ContinuousClock.now + .seconds(20)
            while !finished.withLock({ $0 }), ContinuousClock.now < deadline { usleep(10_000) }
            guard !finished.withLock({ $0 }) else { return }
            released.withLock { $0 = true } // Before the reader can return.
            let writer = open(path, O_WRONLY | O_NONBLOCK) // Lets a blocked reader go.
            if writer >= 0 { close(writer) }
        }.start()
        #expect(throws: StorageError.read(path: file.path, reason: .notARegularFile)) { try file.load() }
        finished.withLock { $0 = true }
        #expect(!released.withLock { $0 }, "loading a FIFO blocked until the test opened its other end")
    }

    @Test func refusesADirectoryInThePlaceOfTheStateRoot() throws {
        let temporary = try TemporaryDirectory()
        try Data("file".utf8).write(to: URL(fileURLWithPath: temporary.file("blocked")))
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("blocked")), projectID: "p")
        #expect(
            throws: StorageError.directory(path: temporary.file("blocked"), reason: .notADirectory)
        ) {
            try StateFile<Note>("n.json", in: directory).save(Note(text: "x"))
        }
    }

    @Test func unsafeIDsStayInsideTheStateDirectory() {
        let root = StateDirectory(path: "/state")
        #expect(ProjectStateDirectory(root: root, projectID: "../../etc").path == "/state/projects/%2E.%2F..%2Fetc")
        #expect(ProjectStateDirectory(root: root, projectID: "..").path == "/state/projects/%2E.")
        #expect(
            ProjectStateDirectory(root: root, projectID: "demo", emulatorHost: "[::1]:9099").path
                == "/state/emulators/%5B%3A%3A1%5D%3A9099/demo")
    }

    @Test func stateRootFollowsXDG() throws {
        #expect(
            try StateDirectory.resolve(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"]).path
                == "/x/state/authflow")
        #expect(
            try StateDirectory.resolve(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path
                == "/h/.local/state/authflow")
        #expect(try StateDirectory.resolve(explicit: "/mine", environment: ["HOME": "/h"]).path == "/mine")
        #expect(throws: StorageError.noStateDirectory) { try StateDirectory.resolve(environment: [:]) }
    }

    /// A writer killed with SIGKILL at arbitrary moments must leave the previous complete version or the new
    /// complete one, never a torn file. The fixture spends nearly all its time writing and syncing, so most
    /// kills land mid-write.
    @Test func killedWriterLeavesACompleteVersion() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.file("state")
        let writer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("StateWriterFixture").path
        let size = 4 << 20
        var versions: [Int] = []
        for round in 0..<12 {
            guard let output = ChildPipe.make() else {
                throw StorageError.write(path: directory, reason: .system(.current))
            }
            let child = try ChildProcess.spawn(
                writer, arguments: [directory, String(size)], options: .init(standardOutput: output.write)
            )
            close(output.write)
            let readyEnd = output.read
            // "ready\n": at least one version exists. Read, as the exit is waited for, on a thread of its own.
            await DetachedThread.value {
                var ready = [UInt8](repeating: 0, count: 6)
                _ = read(readyEnd, &ready, 6)
                close(readyEnd)
            }
            try await Task.sleep(for: .milliseconds(2 + (round * 7) % 30))
            child.send(SIGKILL)
            #expect(await DetachedThread.value { child.wait() } == .signalled(SIGKILL))

            let bytes = try #require(try SecureFile.read(directory + "/session.json", limit: 16 << 20))
            let newline = try #require(bytes.firstIndex(of: 0x0A))
            let version = try #require(Int(String(decoding: bytes[..<newline], as: UTF8.self)))
            let payload = bytes[(newline + 1)...]
            #expect(payload.count == size, "version \(version) is torn: \(payload.count) of \(size) bytes")
            #expect(payload.allSatisfy { $0 == UInt8(97 + version % 26) })
            #expect(try mode(directory + "/session.json") == 0o600)
            versions.append(version)
        }
        #expect(versions.count == 12)
    }
}
