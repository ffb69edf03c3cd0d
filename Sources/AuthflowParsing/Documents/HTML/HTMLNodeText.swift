import CLibXML2
import Glibc

extension HTMLLinkExtractor {
    /// Reads attributes and names out of libxml2's SAX events without copying.
    enum NodeText {
        /// The value of the attribute `name` (ASCII, compared case-insensitively) in a start tag's name/value list,
        /// with entities already decoded; empty for an attribute written without a value.
        static func attribute(
            _ name: StaticString, in attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        ) -> UnsafeBufferPointer<UInt8>? {
            guard let attributes else { return nil }
            var index = 0
            while let current = attributes[index] {
                if NodeName.matches(current, name) {
                    return attributes[index + 1].map(buffer) ?? UnsafeBufferPointer(start: nil, count: 0)
                }
                index += 2
            }
            return nil
        }

        /// The bytes of a NUL-terminated libxml2 string, without copying.
        static func buffer(_ string: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
            let length = strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
            return UnsafeBufferPointer(start: string, count: length)
        }
    }

    /// Case-insensitive comparison of element and attribute names with ASCII literals.
    enum NodeName {
        static func matches(_ name: UnsafePointer<xmlChar>?, _ literal: StaticString) -> Bool {
            guard let name else { return false }
            return matches(NodeText.buffer(name), literal)
        }

        static func matches<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ literal: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            guard bytes.count == expected.count else { return false }
            return zip(bytes, expected).allSatisfy { TextLinkExtractor.ByteClass.lowercased($0) == $1 }
        }
    }
}
