import AuthflowPrimitives

/// A web app's `firebaseConfig` or authflow's own `authflow.json`, which uses the same keys plus a few more.
///
/// Accepted shapes: a JSON object; `firebase apps:sdkconfig --json` output (the object under
/// `result.sdkConfig`); and the JavaScript snippet the console shows (`const firebaseConfig = { apiKey: "…" }`).
enum WebConfigFile {
    /// Keys in a JSON file that are part of Firebase's web config but not used here; not reported as typos.
    private static let knownUnused: Set<String> = [
        "storageBucket", "messagingSenderId", "measurementId", "databaseURL", "locationId",
    ]

    static func parse(
        _ object: JSONObject, path: String, source: ConfigurationSource
    ) throws(ConfigurationError) -> (ConfigurationLayer, ignored: [String]) {
        var config = object
        if let nested = object["result"]?.objectValue?["sdkConfig"]?.objectValue {
            config = nested
        } else if let nested = object["sdkConfig"]?.objectValue {
            config = nested
        }
        var layer = ConfigurationLayer()
        for key in ConfigurationKey.allCases {
            guard let raw = config[key.jsonName] else { continue }
            guard let value = raw.stringValue else {
                throw .invalidFile(path: path, reason: .notAString(key: key.jsonName))
            }
            layer.set(key, value, from: source)
        }
        let used = Set(ConfigurationKey.allCases.map(\.jsonName))
        let ignored = config.keys.filter { !used.contains($0) && !knownUnused.contains($0) }.sorted()
        guard !layer.values.isEmpty else {
            throw .invalidFile(path: path, reason: .noWebSettings)
        }
        return (layer, ignored)
    }

    /// Reads `key: "value"` pairs from a JavaScript object literal; nil when no API key or project is found.
    static func parseScript(_ text: String, source: ConfigurationSource) -> ConfigurationLayer? {
        var layer = ConfigurationLayer()
        for (name, value) in ScriptPairs(text) {
            if let key = ConfigurationKey.allCases.first(where: { $0.jsonName == name }) {
                layer.set(key, value, from: source)
            }
        }
        guard layer.values[.apiKey] != nil || layer.values[.projectID] != nil else { return nil }
        return layer
    }
}

/// The `name: "string"` pairs in JavaScript source, names optionally quoted; anything else is skipped.
struct ScriptPairs: Sequence, IteratorProtocol {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    mutating func next() -> (String, String)? {
        while index < characters.count {
            if skipComment() { continue }
            guard let name = readName() else {
                index += 1
                continue
            }
            skipSpaces()
            guard index < characters.count, characters[index] == ":" else { continue }
            index += 1
            skipSpaces()
            guard let value = readQuoted() else { continue }
            return (name, value)
        }
        return nil
    }

    private mutating func readName() -> String? {
        if let quoted = readQuoted() { return quoted }
        let start = index
        while index < characters.count,
            characters[index].isLetter || characters[index].isNumber
                || characters[index] == "_" || characters[index] == "$"
        {
            index += 1
        }
        return index > start ? String(characters[start..<index]) : nil
    }

    private mutating func readQuoted() -> String? {
        guard index < characters.count else { return nil }
        let quote = characters[index]
        guard quote == "\"" || quote == "'" || quote == "`" else { return nil }
        var value = ""
        var position = index + 1
        while position < characters.count, characters[position] != quote {
            if characters[position] == "\\", position + 1 < characters.count { position += 1 }
            value.append(characters[position])
            position += 1
        }
        guard position < characters.count else { return nil }
        index = position + 1
        return value
    }

    /// Comments are skipped whole: an apostrophe in "your app's config" must not open a string.
    private mutating func skipComment() -> Bool {
        guard characters[index] == "/", index + 1 < characters.count else { return false }
        if characters[index + 1] == "/" {
            while index < characters.count, characters[index] != "\n" { index += 1 }
            return true
        }
        if characters[index + 1] == "*" {
            index += 2
            while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") {
                index += 1
            }
            index = Swift.min(index + 2, characters.count)
            return true
        }
        return false
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }
}
