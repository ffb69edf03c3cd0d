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

    /// The buffer: its first ``count`` bytes are those written so far, the rest is room, so that a string is
    /// copied in through one pointer (its scan for bytes to escape and its copy in one pass) rather than appended
    /// piece by piece.
    private var storage: [UInt8] = []
    /// How many bytes of `storage` are written.
    private var count = 0

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// Runs `body` on the bytes written so far, in place: batch output hands each line on without copying it.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
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
        writer.storage.removeSubrange(writer.count...)
        return writer.storage
    }

    /// Appends `value`.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): Self.format(number).withUTF8Buffer { append($0) }
        case .string(let text): write(string: text)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            let entries = sortingKeys ? object.entries.sorted { $0.key < $1.key } : object.entries
            for (index, entry) in entries.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(string: entry.key)
                append(UInt8(ascii: ":"))
                write(entry.value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    /// Starts an object to be filled member by member with ``writeMember(_:_:)``, for output written as it is
    /// produced (the CLI's batch lines) without building a whole ``JSONObject`` first. Not nestable: a member's
    /// value is written whole.
    public mutating func beginObject() {
        append(UInt8(ascii: "{"))
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
        if let value { write(string: value) } else { append("null") }
    }

    /// A member name encoded once (`"name":`), for objects written with the same members line after line (the
    /// CLI's batch output): writing it is one copy instead of a scan and five appends.
    public struct EncodedKey: Sendable {
        /// `,"name":`, the comma left out for an object's first member.
        fileprivate let member: [UInt8]
        /// The whole member with a `null` value (`,"name":null`), written in one copy.
        fileprivate let null: [UInt8]

        /// `key` as JSON, escaped as ``Escaping/javaScript`` escapes it, followed by `:`.
        public init(_ key: String) {
            var writer = JSONWriter()
            writer.append(UInt8(ascii: ","))
            writer.write(string: key)
            writer.append(UInt8(ascii: ":"))
            member = writer.bytes
            null = member + "null".utf8
        }
    }

    /// ``writeMember(_:string:)`` with a key encoded beforehand.
    public mutating func writeMember(_ key: EncodedKey, string value: String?) {
        let skip = memberStart()
        guard let value else { return append(key.null, from: skip) }
        key.member.withUnsafeBufferPointer { member in
            value.withUTF8Buffer { write(utf8: $0, after: UnsafeBufferPointer(rebasing: member[skip...])) }
        }
    }

    /// ``writeMember(_:string:)`` with a key encoded beforehand and the value's UTF-8 bytes (`nil` for `null`),
    /// for output written from byte ranges without a `String` per value.
    public mutating func writeMember(_ key: EncodedKey, utf8 value: UnsafeBufferPointer<UInt8>?) {
        let skip = memberStart()
        guard let value else { return append(key.null, from: skip) }
        key.member.withUnsafeBufferPointer { write(utf8: value, after: UnsafeBufferPointer(rebasing: $0[skip...])) }
    }

    /// ``writeMember(_:_:)`` with a key encoded beforehand (`null` in one copy).
    public mutating func writeMember(_ key: EncodedKey, _ value: JSONValue) {
        let skip = memberStart()
        guard value != .null else { return append(key.null, from: skip) }
        append(key.member, from: skip)
        write(value)
    }

    /// Begins `"key":[` with a key encoded beforehand; the elements follow with ``writeElement(string:)`` and
    /// ``endArray()`` closes it: an array written from a sequence without building an `Array` first (the CLI's
    /// batch lines write their layers this way).
    public mutating func beginArrayMember(_ key: EncodedKey) {
        append(key.member, from: memberStart())
        append(UInt8(ascii: "["))
        arrayHasElements = false
    }

    /// Where an encoded member (`,"name":…`) starts: after its comma for the object's first member.
    private mutating func memberStart() -> Int {
        defer { objectHasMembers = true }
        return objectHasMembers ? 0 : 1
    }

    private mutating func append(_ source: [UInt8], from start: Int) {
        source.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// One string element of the array begun with ``beginArrayMember(_:)``.
    public mutating func writeElement(string text: String) {
        if arrayHasElements { append(UInt8(ascii: ",")) }
        arrayHasElements = true
        write(string: text)
    }

    /// Closes the array begun with ``beginArrayMember(_:)``.
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
    }

    /// Appends `"key":["a","b",…]`, like ``writeMember(_:_:)`` without building a ``JSONValue`` first.
    public mutating func writeMember(_ key: String, strings: [String]) {
        beginMember(key)
        append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            write(string: text)
        }
        append(UInt8(ascii: "]"))
    }

    /// Empties the writer and keeps its buffer, for output written one object after another (the CLI's batch
    /// lines reuse one writer instead of growing a new buffer per line).
    public mutating func removeAll() {
        count = 0
        objectHasMembers = false
    }

    private mutating func beginMember(_ key: String) {
        if objectHasMembers { append(UInt8(ascii: ",")) }
        objectHasMembers = true
        write(string: key)
        append(UInt8(ascii: ":"))
    }

    /// Closes the object begun with ``beginObject()``.
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
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

    /// Appends UTF-8 `text` as a JSON string after the bytes of `prefix` (a member's `,"key":`, or nothing). The
    /// room for all of it is made once, and the part before the first byte to escape (usually all of it) is
    /// scanned and copied in one pass, eight bytes at a time: batch output writes a dozen strings a line, and
    /// appending each piece to an `Array`, then scanning and copying the value separately, was most of its cost
    /// (callgrind).
    private mutating func write(utf8 text: UnsafeBufferPointer<UInt8>, after prefix: UnsafeBufferPointer<UInt8>) {
        reserve(prefix.count + text.count + 2)
        let start = count
        let plain = storage.withUnsafeMutableBufferPointer { target -> Int in
            guard let base = target.baseAddress else { return 0 }
            var at = base + start
            if let prefixBase = prefix.baseAddress {
                at.update(from: prefixBase, count: prefix.count)
                at += prefix.count
            }
            at.pointee = UInt8(ascii: "\"")
            let plain = Self.copyPlainPrefix(of: text, to: at + 1)
            if plain == text.count { at[plain + 1] = UInt8(ascii: "\"") }
            return plain
        }
        guard plain < text.count else {
            count = start + prefix.count + text.count + 2
            return
        }
        count = start + prefix.count + 1 + plain
        var runStart = plain
        var offset = plain
        while offset < text.count {
            let byte = text[offset]
            offset += 1
            guard needsEscape(byte) else { continue }
            append(UnsafeBufferPointer(rebasing: text[runStart..<(offset - 1)]))
            appendEscaped(byte)
            runStart = offset
        }
        if runStart < text.count { append(UnsafeBufferPointer(rebasing: text[runStart...])) }
        append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `text` as a JSON string.
    private mutating func write(utf8 text: UnsafeBufferPointer<UInt8>) {
        write(utf8: text, after: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Copies the leading bytes of `text` that are neither a C0 control, `"`, `\` nor DEL (which only some escaping
    /// escapes: the caller looks at the byte itself) to `target`, which has room for all of `text`, and returns
    /// how many. Eight bytes at a time: with every byte below 0x80, `(x - 0x20…) & ~x` sets a byte's top bit at or
    /// above a byte below 0x20, and the same on `x ^ c…` less 0x01… finds a byte equal to c; a clean word is
    /// stored whole, and the word with a byte to escape is gone through byte by byte.
    ///
    /// Sixteen bytes at a time first, as one vector (`SIMD16`, compared against vectors, never a scalar: a scalar
    /// operand made the compiler compare element by element), with the same four tests; about half the
    /// instructions of the word loop for the long URLs of batch output (callgrind).
    static func copyPlainPrefix(of text: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let rawTarget = UnsafeMutableRawPointer(target)
        var index = 0
        let controlBits = SIMD16<UInt8>(repeating: 0xE0)
        let zero = SIMD16<UInt8>(repeating: 0)
        let quotes = SIMD16<UInt8>(repeating: 0x22)
        let backslashes = SIMD16<UInt8>(repeating: 0x5C)
        let deletes = SIMD16<UInt8>(repeating: 0x7F)
        func isPlain(_ vector: SIMD16<UInt8>) -> Bool {
            let found =
                (vector & controlBits .== zero) .| (vector .== quotes) .| (vector .== backslashes)
                .| (vector .== deletes)
            return !found.hasSetLane
        }
        while index + 16 <= text.count {
            let vector = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            guard isPlain(vector) else { break }
            rawTarget.storeBytes(of: vector, toByteOffset: index, as: SIMD16<UInt8>.self)
            index += 16
        }
        // Every vector clean: the last sixteen bytes as one more, overlapping the ones copied, so that a clean end
        // is copied whole.
        if index < text.count, index + 16 > text.count, text.count >= 16 {
            let vector = raw.loadUnaligned(fromByteOffset: text.count - 16, as: SIMD16<UInt8>.self)
            if isPlain(vector) {
                rawTarget.storeBytes(of: vector, toByteOffset: text.count - 16, as: SIMD16<UInt8>.self)
                return text.count
            }
        }
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let delete = word ^ (ones &* 0x7F)
            let found =
                ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((delete &- ones) & ~delete)
            if found & high != 0 { break }
            rawTarget.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < text.count {
            let byte = text[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F { break }
            target[index] = byte
            index += 1
        }
        return index
    }

    /// Makes room for `extra` more bytes after the written ones.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if storage.count - count < extra { grow(by: extra) }
    }

    /// Enlarges the buffer at least twofold, so that appending stays linear.
    private mutating func grow(by extra: Int) {
        let size = Swift.max(count + extra, storage.count * 2, 256)
        storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }

    private mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let sourceBase = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        let start = count
        storage.withUnsafeMutableBufferPointer { target in
            target.baseAddress?.advanced(by: start).update(from: sourceBase, count: source.count)
        }
        count += source.count
    }

    private mutating func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == 0x7F && escaping == .allControls)
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case UInt8(ascii: "\n"): append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): append(UInt8(ascii: "t"))
        case 0x08 where escaping == .javaScript: append(UInt8(ascii: "b"))
        case 0x0C where escaping == .javaScript: append(UInt8(ascii: "f"))
        default:
            append("u00")
            append(Self.hexDigits[Int(byte >> 4)])
            append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }
}
