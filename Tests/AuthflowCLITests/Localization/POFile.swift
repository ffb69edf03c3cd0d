import Foundation

/// The entries of a GNU gettext `.po` file (or `msgunfmt`'s output), as the tests compare them.
struct POFile {
    struct Entry: Equatable {
        var key: String
        var pluralKey: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… for a plural entry.
        var translations: [String]
        var fuzzy: Bool
    }

    /// The entries in file order, the header (empty key) left out.
    var entries: [Entry] = []

    init(text: String) {
        var current: Entry?
        var field: String?
        var fuzzy = false
        func finish() {
            if var entry = current, !entry.key.isEmpty {
                entry.fuzzy = fuzzy
                entries.append(entry)
            }
            current = nil
            fuzzy = false
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") {
                let value = Self.unquote(line)
                switch field {
                case "msgid": current?.key += value
                case "msgid_plural": current?.pluralKey? += value
                case let index?:
                    if let slot = Int(index), current?.translations.indices.contains(slot) == true {
                        current?.translations[slot] += value
                    }
                default: break
                }
                continue
            }
            guard let space = line.firstIndex(of: " ") else { continue }
            let keyword = String(line[..<space])
            let value = Self.unquote(String(line[line.index(after: space)...]))
            switch keyword {
            case "msgid":
                if current != nil, current?.translations.isEmpty == false { finish() }
                if current == nil { current = Entry(key: "", pluralKey: nil, translations: [], fuzzy: false) }
                current?.key = value
                field = "msgid"
            case "msgid_plural":
                current?.pluralKey = value
                field = "msgid_plural"
            case "msgstr":
                current?.translations = [value]
                field = "0"
            default:
                if keyword.hasPrefix("msgstr["), let slot = Int(keyword.dropFirst(7).dropLast()) {
                    while (current?.translations.count ?? 0) <= slot { current?.translations.append("") }
                    current?.translations[slot] = value
                    field = String(slot)
                }
            }
        }
        finish()
    }

    /// The translation of each key (plural entries under their singular key).
    var byKey: [String: Entry] {
        Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func unquote(_ quoted: String) -> String {
        var body = quoted.trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("\""), body.hasSuffix("\""), body.count >= 2 else { return "" }
        body = String(body.dropFirst().dropLast())
        var result = ""
        var escaping = false
        for character in body {
            if escaping {
                switch character {
                case "n": result += "\n"
                case "t": result += "\t"
                case "r": result += "\r"
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` as a `.po` string literal.
    static func quote(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }
}
