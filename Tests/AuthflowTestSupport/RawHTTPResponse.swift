import Foundation

/// A response as read off a ``RawHTTPConnection``: status line, headers and body, bytes as received.
public struct RawHTTPResponse: Sendable {
    /// The status code from the status line.
    public var status: Int
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body: `Content-Length` bytes, or everything up to the close when there is no length.
    public var body: [UInt8]

    /// The body as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses a response read until the connection closed; nil when there is no status line and header end.
    public static func parse(_ bytes: [UInt8]) -> RawHTTPResponse? {
        guard let (response, bodyStart) = head(bytes) else { return nil }
        var parsed = response
        let length = parsed.header("Content-Length").flatMap(Int.init) ?? (bytes.count - bodyStart)
        parsed.body = Array(bytes[bodyStart..<min(bytes.count, bodyStart + length)])
        return parsed
    }

    /// The first complete response in `bytes` (its `Content-Length` body all there) and how many bytes it took.
    static func parseComplete(_ bytes: [UInt8]) -> (RawHTTPResponse, Int)? {
        guard let (response, bodyStart) = head(bytes),
            let length = response.header("Content-Length").flatMap(Int.init), bytes.count >= bodyStart + length
        else { return nil }
        var parsed = response
        parsed.body = Array(bytes[bodyStart..<bodyStart + length])
        return (parsed, bodyStart + length)
    }

    private static func head(_ bytes: [UInt8]) -> (RawHTTPResponse, Int)? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard bytes.count >= separator.count,
            let end = (0...(bytes.count - separator.count)).first(where: {
                bytes[$0..<$0 + separator.count].elementsEqual(separator)
            })
        else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusFields = lines[0].split(separator: " ", maxSplits: 2)
        guard statusFields.count >= 2, statusFields[0].hasPrefix("HTTP/"), let status = Int(statusFields[1]) else {
            return nil
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (RawHTTPResponse(status: status, headers: headers, body: []), end + separator.count)
    }
}
