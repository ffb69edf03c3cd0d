import AuthflowPrimitives

/// The fields of a received request body (JSON or form), with typed access that answers wrong types the way the
/// emulator's OpenAPI validation does (400 `INVALID_ARGUMENT`, "Invalid JSON payload received. /field must be
/// string"). Not to be confused with the client's outgoing `RequestBody` (encoded bytes and content type).
///
/// Keys arrive camel-cased (`grant_type` → `grantType`), as the emulator normalises them.
struct RequestFields: Sendable {
    let object: JSONObject
    /// JSON-pointer-style location of this object, for error messages.
    let location: String

    init(_ object: JSONObject, location: String = "") {
        self.object = object
        self.location = location
    }

    static let empty = RequestFields(JSONObject())

    /// Parses a JSON body; an empty body is `{}`.
    static func parse(json bytes: [UInt8]) throws(APIError) -> RequestFields {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return .empty }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            let message = "Invalid JSON payload received. \(error.message)"
            throw .invalidArgument(message, reason: "parseError")
        }
        guard case .object(let object) = camelCased(value) else {
            throw .invalidArgument("Invalid JSON payload received. must be object")
        }
        return RequestFields(object)
    }

    /// A form body (`grant_type=…&refresh_token=…`) as string fields.
    static func parse(form bytes: [UInt8]) -> RequestFields {
        let parameters = QueryParameters(form: String(decoding: bytes, as: UTF8.self))
        var object = JSONObject()
        for (name, value) in parameters.pairs where object[camelCase(name)] == nil {
            object[camelCase(name)] = .string(value)
        }
        return RequestFields(object)
    }

    /// Whether the field is present and not null (`field in body`).
    func has(_ key: String) -> Bool {
        if case .some(.null) = object[key] { return false }
        return object[key] != nil
    }

    /// A string field; numbers are turned into strings as the emulator does for its string fields.
    func string(_ key: String) throws(APIError) -> String? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.string(let value)): return value
        case .some(.number(let number)): return JSONWriter.format(number)
        case .some: throw typeError(key, "string")
        }
    }

    /// A string field that is present and non-empty (the emulator's truthiness checks).
    func nonEmptyString(_ key: String) throws(APIError) -> String? {
        guard let value = try string(key), !value.isEmpty else { return nil }
        return value
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.bool(let value)): return value
        case .some: throw typeError(key, "boolean")
        }
    }

    /// A boolean that counts only when true.
    func flag(_ key: String) throws(APIError) -> Bool {
        try bool(key) ?? false
    }

    func nested(_ key: String) throws(APIError) -> RequestFields? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.object(let value)): return RequestFields(value, location: location + "/" + key)
        case .some: throw typeError(key, "object")
        }
    }

    /// An array of objects, each with its location for error messages.
    func objectArray(_ key: String) throws(APIError) -> [RequestFields]? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.array(let values)):
            var objects: [RequestFields] = []
            for (index, value) in values.enumerated() {
                guard case .object(let entry) = value else { throw typeError("\(key)/\(index)", "object") }
                objects.append(RequestFields(entry, location: "\(location)/\(key)/\(index)"))
            }
            return objects
        case .some: throw typeError(key, "array")
        }
    }

    func stringArray(_ key: String) throws(APIError) -> [String]? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.array(let values)):
            var strings: [String] = []
            for (index, value) in values.enumerated() {
                switch value {
                case .string(let text): strings.append(text)
                case .number(let number): strings.append(JSONWriter.format(number))
                default: throw typeError("\(key)/\(index)", "string")
                }
            }
            return strings
        case .some: throw typeError(key, "array")
        }
    }

    /// A proto enum field: its name, or its integer index into `cases` (the protobuf JSON mapping accepts
    /// both; the Android SDK sends `requestType: 6`). Anything else fails the emulator's schema check.
    func enumeration(_ key: String, _ cases: ProtoEnum) throws(APIError) -> String? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(.string(let value)) where cases.names.contains(value): return value
        case .some(.number(let number)):
            guard let index = Int(exactly: number), cases.names.indices.contains(index) else { throw enumError(key) }
            return cases.names[index]
        case .some(.string): throw enumError(key)
        case .some: throw typeError(key, "string")
        }
    }

    private func enumError(_ key: String) -> APIError {
        .invalidArgument(
            "Invalid JSON payload received. \(location)/\(key) must be equal to one of the allowed values")
    }

    private func typeError(_ key: String, _ type: String) -> APIError {
        .invalidArgument("Invalid JSON payload received. \(location)/\(key) must be \(type)")
    }

    /// Google's REST mapping accepts `snake_case` names too; the emulator camel-cases every key.
    static func camelCased(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var converted = JSONObject()
            for (key, child) in object.entries { converted[camelCase(key)] = camelCased(child) }
            return .object(converted)
        case .array(let values):
            return .array(values.map(camelCased))
        default:
            return value
        }
    }

    /// `grant_type` → `grantType`; names without underscores are left alone.
    static func camelCase(_ key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        let parts = key.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return key }
        return first.lowercased()
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }
}
