import AuthflowPrimitives
import Foundation

/// The messages the sources pass to `localized(…)`, read from the Swift text as the catalogue keys they make
/// at run time (``LocalizedText``): literals joined with `+`, each interpolation as `%s`, `%` as `%%`.
struct SourceMessages {
    /// One message: its key, and the plural key when it is `localized(one:other:count:)`.
    struct Message: Hashable {
        var key: String
        var pluralKey: String?
        var location: String
    }

    /// Every `localized(` call whose argument is not a string literal (its key cannot be known).
    var unreadable: [String] = []
    var messages: [Message] = []
    /// String literals outside `localized(…)`: where, the text as a key, and the code just before it.
    var plainLiterals: [(location: String, text: String, before: String)] = []

    /// The messages of the sources the catalogue covers (``MessageCatalogueTests/sourceDirectories``), scanned
    /// once per test run, on a thread of its own: a second or more of reading and scanning that would otherwise
    /// hold one of the test pool's few threads in each test that needs it.
    static func ofCatalogueSources() async throws -> SourceMessages {
        try await catalogueScan.value
    }

    private static let catalogueScan = Task {
        try await DetachedThread.value {
            Result { try scan(MessageCatalogueTests.sourceDirectories, root: MessageCatalogueTests.root) }
        }.get()
    }

    /// The messages of every `.swift` file under `directories` (paths from the repository root).
    static func scan(_ directories: [String], root: URL) throws -> SourceMessages {
        var result = SourceMessages()
        for directory in directories {
            for file in try swiftFiles(under: root.appendingPathComponent(directory)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let relative = String(file.path.dropFirst(root.path.count + 1))
                var scanner = Scanner(Array(text.unicodeScalars), file: relative)
                scanner.run(into: &result)
            }
        }
        return result
    }

    static func swiftFiles(under directory: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// A small reader of Swift text: comments, string literals (with interpolations) and `localized(` calls.
    struct Scanner {
        let text: [Unicode.Scalar]
        let file: String
        var index = 0

        init(_ text: [Unicode.Scalar], file: String) {
            self.text = text
            self.file = file
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        func starts(with string: String) -> Bool {
            let scalars = Array(string.unicodeScalars)
            guard index + scalars.count <= text.count else { return false }
            return Array(text[index..<index + scalars.count]) == scalars
        }

        var line: Int { text[..<min(index, text.count)].filter { $0 == "\n" }.count + 1 }

        mutating func run(into result: inout SourceMessages) {
            while index < text.count {
                if starts(with: "//") {
                    skipLineComment()
                } else if starts(with: "/*") {
                    skipBlockComment()
                } else if peek() == "\"" || peek() == "#" && peek(1) == "\"" {
                    let at = "\(file):\(line)"
                    let before = String(String.UnicodeScalarView(text[max(0, index - 80)..<index]))
                    if let literal = readLiteral() { result.plainLiterals.append((at, literal, before)) }
                } else if starts(with: "localized("), !isIdentifierScalar(index - 1) {
                    let at = "\(file):\(line)"
                    index += "localized(".count
                    readCall(at: at, into: &result)
                } else {
                    index += 1
                }
            }
        }

        func isIdentifierScalar(_ position: Int) -> Bool {
            guard position >= 0, position < text.count else { return false }
            let scalar = text[position]
            return scalar == "_" || scalar == "." || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }

        mutating func skipLineComment() {
            while index < text.count, text[index] != "\n" { index += 1 }
        }

        mutating func skipBlockComment() {
            index += 2
            while index < text.count, !starts(with: "*/") { index += 1 }
            index += 2
        }

        mutating func skipSpace() {
            while let scalar = peek(), scalar == " " || scalar == "\n" || scalar == "\t" { index += 1 }
        }

        mutating func readCall(at location: String, into result: inout SourceMessages) {
            skipSpace()
            if starts(with: "pair:") { index += "pair:".count }
            if starts(with: "one:") {
                index += 4
                guard let one = readChain() else { return result.unreadable.append(location) }
                skipSpace()
                guard peek() == "," else { return result.unreadable.append(location) }
                index += 1
                skipSpace()
                guard starts(with: "other:") else { return result.unreadable.append(location) }
                index += 6
                guard let other = readChain() else { return result.unreadable.append(location) }
                result.messages.append(Message(key: one, pluralKey: other, location: location))
                return
            }
            guard let key = readChain() else { return result.unreadable.append(location) }
            skipSpace()
            guard peek() == ")" else { return result.unreadable.append(location) }
            result.messages.append(Message(key: key, pluralKey: nil, location: location))
        }

        /// String literals joined with `+`, as one key; nil when the argument is something else.
        mutating func readChain() -> String? {
            var key = ""
            while true {
                skipSpace()
                guard peek() == "\"" else { return nil }
                guard let part = readLiteral() else { return nil }
                key += part
                let mark = index
                skipSpace()
                if peek() == "+" {
                    index += 1
                    continue
                }
                index = mark
                return key
            }
        }

        /// A string literal at `index` as a key; nil for raw (`#"…"#`) literals, which are only skipped.
        mutating func readLiteral() -> String? {
            if peek() == "#" {
                skipRawLiteral()
                return nil
            }
            if starts(with: "\"\"\"") { return readMultiLineLiteral() }
            index += 1
            var key = ""
            while index < text.count, text[index] != "\"" {
                if text[index] == "\\" {
                    key += readEscape()
                } else {
                    key += text[index] == "%" ? "%%" : String(text[index])
                    index += 1
                }
            }
            index += 1
            return key
        }

        mutating func skipRawLiteral() {
            var hashes = 0
            while peek() == "#" {
                hashes += 1
                index += 1
            }
            let close = "\"" + String(repeating: "#", count: hashes)
            index += starts(with: "\"\"\"") ? 3 : 1
            while index < text.count, !starts(with: close) { index += 1 }
            index += close.count
        }

        /// A `"""` literal: lines after the opening, the closing line's indentation removed, `\` joining lines.
        mutating func readMultiLineLiteral() -> String? {
            index += 3
            while index < text.count, text[index] != "\n" { index += 1 }
            index += 1
            let start = index
            while index < text.count, !starts(with: "\"\"\"") { index += 1 }
            let body = text[start..<index]
            index += 3
            var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let indentation = lines.last?.count ?? 0
            lines.removeLast()
            var key = ""
            for (number, line) in lines.enumerated() {
                var content = Array(line.dropFirst(min(indentation, line.count)))
                var continues = false
                if content.last == "\\" {
                    content.removeLast()
                    continues = true
                }
                var inner = Scanner(content, file: file)
                while inner.index < content.count {
                    if content[inner.index] == "\\" {
                        key += inner.readEscape()
                    } else {
                        key += content[inner.index] == "%" ? "%%" : String(content[inner.index])
                        inner.index += 1
                    }
                }
                if !continues && number < lines.count - 1 { key += "\n" }
            }
            return key
        }

        /// An escape at `index` (a backslash): its character, or `%s` for an interpolation.
        mutating func readEscape() -> String {
            index += 1
            guard let scalar = peek() else { return "" }
            index += 1
            switch scalar {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "0": return "\0"
            case "(":
                var depth = 1
                while index < text.count, depth > 0 {
                    if text[index] == "\"" {
                        _ = readLiteral()
                        continue
                    }
                    if text[index] == "(" { depth += 1 }
                    if text[index] == ")" { depth -= 1 }
                    index += 1
                }
                return "%s"
            case "u":
                index += 1
                var hex = ""
                while let digit = peek(), digit != "}" {
                    hex.unicodeScalars.append(digit)
                    index += 1
                }
                index += 1
                return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String($0) } ?? ""
            default: return String(scalar)
            }
        }
    }
}
