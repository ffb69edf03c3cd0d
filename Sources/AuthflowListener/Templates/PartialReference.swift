/// A partial a template includes (`{{> name}}`, or `{{< name}}` for one it extends), found in its text so the
/// renderer can load every partial before the page is served.
///
/// Only the standard `{{ }}` delimiters are recognised, and dynamic names (`{{>*name}}`) are skipped: the
/// built-in pages use neither, and a branded page that does gets no preloading for those tags.
struct PartialReference: Sendable, Equatable {
    /// Where a reference was found: the template's path (for error messages) and its text.
    struct Source: Sendable {
        var path: String
        var text: String
    }

    /// The partial's name, a file name of the template directory.
    var name: String
    /// The tag's 1-based line and column, for a syntax error naming it.
    var line: Int
    var column: Int

    /// The characters swift-mustache accepts in a partial's name.
    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

    /// Every partial `text` includes, in order, each name once.
    static func all(in text: String) -> [PartialReference] {
        var found: [PartialReference] = []
        var line = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" {
                line += 1
                lineStart = text.index(after: index)
            } else if character == "{", text[index...].hasPrefix("{{>") || text[index...].hasPrefix("{{<"),
                let name = name(after: text.index(index, offsetBy: 3), in: text),
                !found.contains(where: { $0.name == name })
            {
                let column = text.distance(from: lineStart, to: index) + 1
                found.append(PartialReference(name: name, line: line, column: column))
            }
            index = text.index(after: index)
        }
        return found
    }

    /// The name of a tag whose `{{>` ends at `start`: optional spaces, the name, optional spaces, `}}`.
    private static func name(after start: String.Index, in text: String) -> String? {
        let rest = text[start...].drop(while: \.isWhitespace)
        guard rest.first != "*" else { return nil }
        let name = rest.prefix(while: nameCharacters.contains)
        guard !name.isEmpty, rest[name.endIndex...].drop(while: \.isWhitespace).hasPrefix("}}") else { return nil }
        return String(name)
    }
}
