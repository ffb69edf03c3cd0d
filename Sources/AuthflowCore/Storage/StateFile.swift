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
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
