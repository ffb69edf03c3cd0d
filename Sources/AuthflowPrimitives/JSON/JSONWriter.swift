/// Serialises ``JSONValue`` compactly, keys in the object's order (or sorted), the one JSON writer of every
/// layer: the emulator's replies, the REST client's re-serialised fields and the CLI's `--json` lines.
///
/// The default escaping is JavaScript's `JSON.stringify` (no `\/`, non-ASCII kept as is), so strings the
/// emulator builds with `JSON.stringify` come out byte for byte the same. It works on UTF-8 bytes and copies
/// runs that need no escaping in one go, several times faster than `JSONEncoder` in batch mode.
public struct JSONWriter {
    /// How control characters are escaped; `"` and `\` are always escaped, non-ASCII never.
    public enum Escaping: Sendable {
        /// As `JSON.stringify`: `\b \f \n \r \t`, other C0 controls as `\u00xx`, DEL as is.
        case javaScript
        /// `\n \r \t`, and every other C0 control and DEL as `\u00xx`, so no raw or terminal-affecting control
        /// byte reaches a line-oriented reader.
        case allControls
    }

    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private let escaping: Escaping
    private let sortingKeys: Bool
    /// Whether the object begun with ``beginObject()`` already has a member.
    private var objectHasMembers = false
    /// Whether the array begun with ``beginArrayMember(_:)`` has an element yet.
    private var arrayHasElements = false

    /// An empty writer.
    public init(escaping: Escaping = .javaScript, sortingKeys: Bool = false) {
        self.escaping = escaping
        self.sortingKeys = sortingKeys
    }

    /// `value` as compact JSON text.
    public static func string(
        _ value: JSONValue, escaping: Escaping = .javaScript, sortingKeys: Bool = false
    ) -> String {
        String(decoding: bytes(value, escaping: escaping, sortingKeys: sortingKeys), as: UTF8.self)
    }

    /// `value` as compact JSON, UTF-8 encoded.
    public static func bytes(
        _ value: JSONValue, escaping: Escaping = .javaScript, sortingKeys: Bool = false
    ) -> [UInt8] {
        var writer = JSONWriter(escaping: escaping, sortingKeys: sortingKeys)
        writer.write(value)
        return writer.bytes
    }

    /// Appends `value`.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): bytes.append(contentsOf: Self.format(number).utf8)
        case .string(let text): write(string: text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            let entries = sortingKeys ? object.entries.sorted { $0.key < $1.key } : object.entries
            for (index, entry) in entries.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: entry.key)
                bytes.append(UInt8(ascii: ":"))
                write(entry.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Starts an object to be filled member by member with ``writeMember(_:_:)``, for output written as it is
    /// produced (the CLI's batch lines) without building a whole ``JSONObject`` first. Not nestable: a member's
    /// value is written whole.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        objectHasMembers = false
    }

    /// Appends `"key":value` to the object begun with ``beginObject()``, with a comma before it when needed.
    public mutating func writeMember(_ key: String, _ value: JSONValue) {
        beginMember(key)
        write(value)
    }

    /// Appends `"key":"value"`, or `"key":null` for `nil`, like ``writeMember(_:_:)`` without building a
    /// ``JSONValue`` first.
    public mutating func writeMember(_ key: String, string value: String?) {
        beginMember(key)
        if let value { write(string: value) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// A member name encoded once (`"name":`), for objects written with the same members line after line (the
    /// CLI's batch output): writing it is one copy instead of a scan and five appends.
    public struct EncodedKey: Sendable {
        fileprivate let bytes: [UInt8]
        /// The whole member with a `null` value (`"name":null`), written in one copy.
        fileprivate let null: [UInt8]

        /// `key` as JSON, escaped as ``Escaping/javaScript`` escapes it, followed by `:`.
        public init(_ key: String) {
            var writer = JSONWriter()
            writer.write(string: key)
            writer.bytes.append(UInt8(ascii: ":"))
            bytes = writer.bytes
            null = bytes + "null".utf8
        }
    }

    /// ``writeMember(_:string:)`` with a key encoded beforehand.
    public mutating func writeMember(_ key: EncodedKey, string value: String?) {
        if objectHasMembers { bytes.append(UInt8(ascii: ",")) }
        objectHasMembers = true
        guard let value else { return bytes.append(contentsOf: key.null) }
        bytes.append(contentsOf: key.bytes)
        write(string: value)
    }

    /// ``writeMember(_:string:)`` with a key encoded beforehand and the value's UTF-8 bytes (`nil` for `null`),
    /// for output written from byte ranges without a `String` per value.
    public mutating func writeMember(_ key: EncodedKey, utf8 value: UnsafeBufferPointer<UInt8>?) {
        if objectHasMembers { bytes.append(UInt8(ascii: ",")) }
        objectHasMembers = true
        guard let value else { return bytes.append(contentsOf: key.null) }
        bytes.append(contentsOf: key.bytes)
        write(utf8: value)
    }

    /// ``writeMember(_:_:)`` with a key encoded beforehand (`null` in one copy).
    public mutating func writeMember(_ key: EncodedKey, _ value: JSONValue) {
        if objectHasMembers { bytes.append(UInt8(ascii: ",")) }
        objectHasMembers = true
        guard value != .null else { return bytes.append(contentsOf: key.null) }
        bytes.append(contentsOf: key.bytes)
        write(value)
    }

    /// Begins `"key":[` with a key encoded beforehand; the elements follow with ``writeElement(string:)`` and
    /// ``endArray()`` closes it: an array written from a sequence without building an `Array` first (the CLI's
    /// batch lines write their layers this way).
    public mutating func beginArrayMember(_ key: EncodedKey) {
        if objectHasMembers { bytes.append(UInt8(ascii: ",")) }
        objectHasMembers = true
        bytes.append(contentsOf: key.bytes)
        bytes.append(UInt8(ascii: "["))
        arrayHasElements = false
    }

    /// One string element of the array begun with ``beginArrayMember(_:)``.
    public mutating func writeElement(string text: String) {
        if arrayHasElements { bytes.append(UInt8(ascii: ",")) }
        arrayHasElements = true
        write(string: text)
    }

    /// Closes the array begun with ``beginArrayMember(_:)``.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `"key":["a","b",…]`, like ``writeMember(_:_:)`` without building a ``JSONValue`` first.
    public mutating func writeMember(_ key: String, strings: [String]) {
        beginMember(key)
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(string: text)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Empties the writer and keeps its buffer, for output written one object after another (the CLI's batch
    /// lines reuse one writer instead of growing a new buffer per line).
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        objectHasMembers = false
    }

    private mutating func beginMember(_ key: String) {
        if objectHasMembers { bytes.append(UInt8(ascii: ",")) }
        objectHasMembers = true
        write(string: key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Closes the object begun with ``beginObject()``.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Integers print without a fraction, as JavaScript prints them; non-finite numbers become `null`.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string.
    public mutating func write(string text: String) {
        text.withUTF8Buffer { write(utf8: $0) }
    }

    /// Appends UTF-8 `text` as a JSON string: the part before the first byte to escape (usually all of it) in
    /// one copy, found eight bytes at a time; batch output writes ~30 strings a line, and a byte-by-byte scan
    /// was most of its cost (callgrind).
    private mutating func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        let plain = Self.plainPrefixLength(text)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<plain]))
        var runStart = plain
        var offset = plain
        while offset < text.count {
            let byte = text[offset]
            offset += 1
            guard needsEscape(byte) else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<(offset - 1)]))
            appendEscaped(byte)
            runStart = offset
        }
        if runStart < text.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// How many leading bytes of `text` are neither a C0 control, `"`, `\` nor DEL (which only some escaping
    /// escapes: the caller looks at the byte itself). With every byte below 0x80, `(x - 0x20…) & ~x` sets a
    /// byte's top bit at or above a byte below 0x20, and the same on `x ^ c…` less 0x01… finds a byte equal to c.
    private static func plainPrefixLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let delete = word ^ (ones &* 0x7F)
            let found =
                ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((delete &- ones) & ~delete)
            if found & high != 0 { break }
            index += 8
        }
        while index < text.count {
            let byte = text[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F { break }
            index += 1
        }
        return index
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == 0x7F && escaping == .allControls)
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        case 0x08 where escaping == .javaScript: bytes.append(UInt8(ascii: "b"))
        case 0x0C where escaping == .javaScript: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }
}
