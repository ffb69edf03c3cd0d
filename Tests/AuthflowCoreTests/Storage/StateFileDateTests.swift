import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

/// State files' dates: written byte for byte as Foundation's `.iso8601` strategy wrote them (so files of earlier
/// versions and of this one are the same), and read back, including the shapes only the format style reads.
struct StateFileDateTests {
    struct Stamped: Codable, Sendable, Equatable {
        var at: Date
        var later: Date?
    }

    /// The document as the previous StateFile wrote it: the same envelope and encoder settings.
    private struct Envelope: Codable {
        var format: Int
        var data: Stamped
    }

    private func previousBytes(_ value: Stamped) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(Envelope(format: 1, data: value))) + [0x0A]
    }

    @Test func writesWhatTheISO8601StrategyWroteAndReadsItBack() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        let file = StateFile<Stamped>("stamped.json", in: directory)
        // 951_782_400 is 2000-02-29.
        for seconds in [0, 1_764_000_000.75, 951_782_400, 4_102_444_799.999, 86_399] as [Double] {
            let value = Stamped(
                at: Date(timeIntervalSince1970: seconds), later: Date(timeIntervalSince1970: seconds + 61))
            try file.save(value)
            let written = try #require(FileManager.default.contents(atPath: file.path))
            #expect(Array(written) == (try previousBytes(value)), "\(seconds)")
            let whole = seconds.rounded(.down)
            #expect(
                try file.load()
                    == Stamped(at: Date(timeIntervalSince1970: whole), later: Date(timeIntervalSince1970: whole + 61)))
        }
    }

    @Test func readsOffsetsAndRefusesNonDates() throws {
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(root: StateDirectory(path: temporary.file("s")), projectID: "p")
        let file = StateFile<Stamped>("stamped.json", in: directory)
        try file.save(Stamped(at: Date(timeIntervalSince1970: 0)))
        let offset = #"{"data":{"at":"2025-11-25T01:00:00+09:00"},"format":1}"#
        try #require(FileManager.default.createFile(atPath: file.path, contents: Data(offset.utf8)))
        #expect(try file.load() == Stamped(at: Date(timeIntervalSince1970: 1_764_000_000)))
        for bad in ["2026-11-24T16:00:00", "2026-13-01T00:00:00Z", "yesterday"] {
            let text = #"{"data":{"at":"\#(bad)"},"format":1}"#
            try #require(FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8)))
            #expect(throws: StorageError.self) { try file.load() }
        }
    }
}
