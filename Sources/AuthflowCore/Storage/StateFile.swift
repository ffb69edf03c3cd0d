import AuthflowStorage
import Foundation

/// One JSON document in a project's state directory, saved atomically with mode 0600.
///
/// Documents are wrapped as `{"format": N, "data": …}` so a later authflow can recognise (and migrate or
/// refuse) a file written by an older one instead of misreading it.
public struct StateFile<Value: Codable & Sendable>: Sendable {
    /// The directory holding the file.
    public let directory: ProjectStateDirectory
    /// The file name, e.g. `session.json`.
    public let name: String
    /// The format number written and accepted.
    public let format: Int

    /// A document called `name` in `directory`.
    public init(_ name: String, in directory: ProjectStateDirectory, format: Int = 1) {
        self.directory = directory
        self.name = name
        self.format = format
    }

    /// The full path of the file.
    public var path: String { directory.file(name) }

    /// The stored value, or nil when there is none.
    public func load() throws(StorageError) -> Value? {
        guard let bytes = try SecureFile.read(path) else { return nil }
        let envelope: Envelope
        do {
            envelope = try Self.decoder.decode(Envelope.self, from: Data(bytes))
        } catch {
            // "authflow" here is the product that wrote the file, not a command to run; the reason is part of
            // `StorageError.corrupt`'s value, which callers and tests compare.
            throw .corrupt(path: path, reason: .notAuthflowDocument)
        }
        guard envelope.format == format else {
            throw .corrupt(path: path, reason: .unsupportedFormat(found: envelope.format, expected: format))
        }
        return envelope.data
    }

    /// Replaces the stored value atomically; the old one stays intact if anything fails.
    public func save(_ value: Value) throws(StorageError) {
        try directory.prepare()
        let bytes: Data
        do {
            bytes = try Self.encoder.encode(Envelope(format: format, data: value))
        } catch {
            throw .write(path: path, reason: .unencodable)
        }
        SecureFile.removeLeftovers(besides: path)
        try SecureFile.writeAtomically(Array(bytes) + [0x0A], to: path)
    }

    /// Checks that ``save(_:)`` could store a document of about `expectedBytes` bytes now (or twice the stored
    /// one's size, if larger): the directory is prepared and a file that size is written beside this one, synced
    /// and removed. A full disk, a read-only file system or missing permission throws the error saving would.
    public func checkWritable(expectedBytes: Int) throws(StorageError) {
        try directory.prepare()
        var info = stat()
        let stored = lstat(path, &info) == 0 ? Int(info.st_size) : 0
        try SecureFile.checkWritable(besides: path, byteCount: max(expectedBytes, 2 * stored))
    }

    /// Deletes the stored value; nothing stored is not an error.
    public func remove() throws(StorageError) {
        try SecureFile.remove(path)
    }

    private struct Envelope: Codable {
        var format: Int
        var data: Value
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(StateTimestamp.text(date))
        }
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = StateTimestamp.date(text) ?? (try? Date.ISO8601FormatStyle().parse(text)) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
        }
        return decoder
    }
}

/// The dates of state files, `2026-11-24T16:05:04Z` (UTC, whole seconds), written and read without Foundation's
/// ISO 8601 format style: the `.iso8601` strategies built a Gregorian calendar and looked up the current time
/// zone (reading the environment) for the first date of every command, ~1.2 M instructions to read a pending
/// email link (callgrind). The text is the one `.iso8601` wrote; anything else it accepted (an offset, say) is
/// still read through the format style.
enum StateTimestamp {
    /// `date` as `.iso8601` writes it: UTC, seconds rounded down.
    static func text(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.ISO8601Format() }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
            + "T" + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "Z"
    }

    /// The date of a `YYYY-MM-DDTHH:MM:SSZ` text; nil for any other shape.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        // timegm normalises an impossible day (31 February) into the next month: such a text is not a date.
        guard parts.tm_mday == day, parts.tm_mon == month - 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
