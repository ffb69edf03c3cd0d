import AuthflowStorage
import Foundation
import Testing

@Suite("Directory entries without FileManager")
struct DirectoryEntriesTests {
    @Test("The names are FileManager's: hidden and non-ASCII ones included, . and .. left out")
    func namesAreFileManagers() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("authflow-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["flow-1-a.json", ".hidden", "세션.json", "plain"] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        let names = try #require(DirectoryEntries.names(in: directory))
        let expected = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.sorted() == expected.sorted())
        #expect(names.count == 5)
    }

    @Test("A missing directory or a file gives nil")
    func missingIsNil() throws {
        #expect(DirectoryEntries.names(in: "/nonexistent/authflow-entries") == nil)
        #expect(DirectoryEntries.names(in: "/etc/hostname") == nil)
    }
}
