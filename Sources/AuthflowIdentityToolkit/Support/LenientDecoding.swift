import AuthflowPrimitives
import Foundation

/// Decoding helpers that read what the servers actually send rather than what a schema promises: a field with
/// an unexpected type is treated as absent, and numbers and strings stand in for each other where the SDKs
/// accept both. A malformed optional field then cannot make a whole sign-in fail.
extension KeyedDecodingContainer {
    /// A string, or a number or boolean written as one; `nil` when absent, `null` or of another type.
    func lenientString(_ key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) {
            if number.rounded() == number, abs(number) < 9.2e18 { return String(Int64(number)) }
            return String(number)
        }
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag ? "true" : "false" }
        return nil
    }

    /// A boolean, or the strings `"true"`/`"false"`; `nil` otherwise.
    func lenientBool(_ key: Key) -> Bool? {
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
        switch try? decodeIfPresent(String.self, forKey: key) {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// An array of strings, or a string holding a JSON array of strings (iOS accepts both for
    /// `authorizedDomains` and `verifiedProvider`); non-string elements are skipped.
    func lenientStrings(_ key: Key) -> [String]? {
        if let values = try? decodeIfPresent([LenientElement<String>].self, forKey: key) {
            return values.compactMap(\.value)
        }
        if let text = try? decodeIfPresent(String.self, forKey: key),
            let values = try? JSONDecoder().decode([LenientElement<String>].self, from: Data(text.utf8))
        {
            return values.compactMap(\.value)
        }
        return nil
    }

    /// A JSON object or array re-serialized as text, or a string as is; for fields such as `rawUserInfo` that
    /// arrive either way and that callers parse themselves.
    func lenientJSONText(_ key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        guard let value = try? decodeIfPresent(JSONValue.self, forKey: key), value != .null else { return nil }
        return JSONWriter.string(value, sortingKeys: true)
    }

    /// An array of `Element`; `nil` when absent or not an array, but an element that fails to decode is thrown,
    /// for elements the caller cannot do without (an MFA hint without its enrollment ID).
    func elements<Element: Decodable>(_ type: Element.Type, _ key: Key) throws -> [Element]? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        guard var list = try? nestedUnkeyedContainer(forKey: key) else { return nil }
        var result: [Element] = []
        while !list.isAtEnd {
            result.append(try list.decode(Element.self))
        }
        return result
    }
}

/// One array element that decodes to `nil` instead of failing when its type is wrong.
struct LenientElement<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? decoder.singleValueContainer().decode(Value.self)
    }
}
