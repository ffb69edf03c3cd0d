import CLibXML2
import Glibc

extension HTMLLinkExtractor {
    /// Reads names and text out of libxml2 nodes without copying through `xmlGetProp` (which would need `xmlFree`).
    enum NodeText {
        /// The value of the attribute `name` (ASCII, compared case-insensitively), with entities already decoded.
        static func attribute(_ name: StaticString, of element: xmlNodePtr) -> [UInt8]? {
            var attribute = element.pointee.properties
            while let current = attribute {
                if NodeName.matches(current.pointee.name, name) {
                    return value(of: current)
                }
                attribute = current.pointee.next
            }
            return nil
        }

        /// An HTML attribute's value is held as a list of text nodes; usually one.
        private static func value(of attribute: xmlAttrPtr) -> [UInt8] {
            var bytes: [UInt8] = []
            var child = attribute.pointee.children
            while let current = child {
                if let content = current.pointee.content {
                    bytes.append(contentsOf: buffer(content))
                }
                child = current.pointee.next
            }
            return bytes
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
