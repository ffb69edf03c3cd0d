/// A browser command line as users write it in `--browser` or `$BROWSER`: words split as a shell would split
/// them (quotes and backslashes), never run through a shell, with `%s` standing for the URL.
public struct BrowserCommand: Sendable, Equatable, CustomStringConvertible {
    /// The words, the first being the program.
    public let words: [String]

    /// Parses `line`; nil when it is empty or its quotes are unbalanced.
    public init?(_ line: String) {
        guard let words = Self.split(line), !words.isEmpty else { return nil }
        self.words = words
    }

    /// The program to run.
    public var program: String { words[0] }

    /// The program's arguments for `url`: each `%s` becomes the URL and `%%` a percent sign; with no `%s`
    /// anywhere the URL is added at the end. The URL is always one whole argument, so it cannot inject any.
    public func arguments(for url: String) -> [String] {
        var substituted = false
        let arguments = words.dropFirst().map { word -> String in
            var result = ""
            var characters = word.makeIterator()
            while let character = characters.next() {
                guard character == "%" else {
                    result.append(character)
                    continue
                }
                switch characters.next() {
                case "s":
                    result += url
                    substituted = true
                case "%": result.append("%")
                case let other?: result += "%" + String(other)
                case nil: result.append("%")
                }
            }
            return result
        }
        return substituted ? arguments : arguments + [url]
    }

    public var description: String { words.joined(separator: " ") }

    /// The entries of `$BROWSER`, a colon-separated list of commands tried in order.
    public static func list(fromEnvironmentValue value: String) -> [BrowserCommand] {
        value.split(separator: ":").compactMap { BrowserCommand(String($0)) }
    }

    private static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "\""), (nil, "'"):
                quote = character
                inWord = true
            case (let open?, _) where character == open:
                quote = nil
            case (nil, _) where character == " " || character == "\t" || character == "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
