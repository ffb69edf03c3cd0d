/// A strict JSON parser (RFC 8259) that keeps object key order. Failures carry a message in the style of
/// Node's `JSON.parse`, which the emulator puts into its "Invalid JSON payload received." replies.
public struct JSONParser {
    /// Why a text is not JSON, worded as Node's `JSON.parse` words it.
    public struct Failure: Error, Equatable {
        /// `Unexpected token } in JSON at position 7` and the like.
        public let message: String
    }

    /// Nesting deeper than this is refused rather than risking the thread's stack.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one JSON value `bytes` hold, surrounded by nothing but whitespace.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.unexpected() }
        return value
    }

    /// The one JSON value `text` holds.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func unexpected() -> Failure {
        guard let byte = current else { return Failure(message: "Unexpected end of JSON input") }
        let token = byte < 0x80 ? String(UnicodeScalar(byte)) : "non-ASCII byte"
        return Failure(message: "Unexpected token \(token) in JSON at position \(position)")
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw Failure(message: "JSON nested too deeply") }
        guard let byte = current else { throw unexpected() }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected()
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard current == expected else { throw unexpected() }
            position += 1
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw unexpected() }
            position += 1
            skipWhitespace()
            object[key] = try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            default: throw unexpected()
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw unexpected()
            }
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw unexpected() }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let byte = current, isDigit(byte) { position += 1 }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let byte = current, isDigit(byte) else { throw unexpected() }
            while let byte = current, isDigit(byte) { position += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let byte = current, isDigit(byte) else { throw unexpected() }
            while let byte = current, isDigit(byte) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = Double(text) else { throw Failure(message: "Invalid number \(text) in JSON") }
        return number
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var escaped = false
        var runStart = position
        func flushRun(_ end: Int) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = current else {
                throw Failure(message: "Unterminated string in JSON at position \(position)")
            }
            if byte == UInt8(ascii: "\"") {
                if scalars.isEmpty, !escaped {
                    // No escape: the bytes are the string, decoded once.
                    let text = String(decoding: bytes[runStart..<position], as: UTF8.self)
                    position += 1
                    return text
                }
                flushRun(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw unexpected() }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            flushRun(position)
            escaped = true
            position += 1
            guard let escape = current else { throw unexpected() }
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default:
                position -= 1
                throw unexpected()
            }
            runStart = position
        }
    }

    /// `\uXXXX`, pairing surrogates; a lone surrogate becomes U+FFFD, as JavaScript strings cannot be
    /// represented otherwise in Swift.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800...0xDBFF).contains(high), current == UInt8(ascii: "\\"),
            position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
        {
            let saved = position
            position += 2
            let low = try hexQuad()
            if (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                return scalar
            }
            position = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw unexpected() }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw unexpected()
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
