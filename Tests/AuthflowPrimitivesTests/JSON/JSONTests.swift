import AuthflowPrimitives
import Foundation
import Testing

struct JSONTests {
    @Test func parsingKeepsKeyOrderAndWritingRepeatsIt() throws {
        let text = #"{"z":1,"a":[true,null,"x"],"m":{"b":2.5,"a":"\u00e9\n"}}"#
        let value = try JSONParser.parse(text)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(JSONWriter.string(value) == #"{"z":1,"a":[true,null,"x"],"m":{"b":2.5,"a":"é\n"}}"#)
        #expect(JSONWriter.string(value, sortingKeys: true) == #"{"a":[true,null,"x"],"m":{"a":"é\n","b":2.5},"z":1}"#)
        #expect(value["m"]?["a"]?.stringValue == "é\n")
        #expect(value["a"]?.arrayValue?.count == 3)
    }

    @Test func failuresAreWordedAsNodeWordsThem() {
        #expect(failure(#"{"a":1}}"#) == "Unexpected token } in JSON at position 7")
        #expect(failure("[1,") == "Unexpected end of JSON input")
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func escapingFollowsTheChosenStyle() {
        let value = JSONValue.string("a\u{7F}b\u{08}\u{0C}\u{01}/\"\\")
        #expect(JSONWriter.string(value) == "\"a\u{7F}b\\b\\f\\u0001/\\\"\\\\\"")
        #expect(JSONWriter.string(value, escaping: .allControls) == "\"a\\u007fb\\u0008\\u000c\\u0001/\\\"\\\\\"")
    }

    /// Members with encoded keys, written from bytes or `String`s, `nil` as one `"key":null`, commas between.
    @Test func encodedKeysWriteBytesStringsAndNulls() {
        var writer = JSONWriter(escaping: .allControls)
        writer.beginObject()
        let key = JSONWriter.EncodedKey("k\"")
        writer.writeMember(key, utf8: nil)
        Array("a\u{7F}\nb".utf8).withUnsafeBufferPointer { writer.writeMember(key, utf8: $0) }
        writer.writeMember(key, string: nil)
        writer.writeMember(key, string: "é")
        writer.endObject()
        let written = String(decoding: writer.bytes, as: UTF8.self)
        #expect(written == #"{"k\"":null,"k\"":"a\u007f\nb","k\"":null,"k\"":"é"}"#)
    }

    @Test func numbersPrintAsJavaScriptPrintsThem() {
        let numbers: JSONValue = [1, .number(1.5), .number(-0.25), .number(.infinity), .integer(42)]
        #expect(JSONWriter.string(numbers) == "[1,1.5,-0.25,null,42]")
    }

    @Test func writingMatchesJSONEncoderWithSortedKeys() throws {
        let value: JSONValue = ["b": ["x": "/é\t"], "a": [1, .number(2.5), false, .null], "B": "z"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(JSONWriter.string(value, sortingKeys: true) == encoded)
    }

    @Test func decodingThroughCodableSortsObjectKeys() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"b":1,"a":{"d":null,"c":"x"}}"#.utf8))
        #expect(value == ["a": ["c": "x", "d": .null], "b": 1])
    }

    @Test func objectsKeepTheFirstPositionOfARepeatedKey() {
        var object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        object["a"] = nil
        object.set("c", "x" as String?)
        object.set("d", nil as String?)
        #expect(JSONValue.object(object) == ["b": 2, "c": "x"])
    }
}
