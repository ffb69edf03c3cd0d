extension MIMEMessage {
    /// A parsed `Content-Type` value (RFC 2045 § 5.1): `type/subtype` and its parameters.
    struct ContentType: Equatable {
        /// `type/subtype`, lowercased.
        var mediaType: String
        /// Parameter names lowercased; values unquoted, case kept (boundaries are case-sensitive).
        var parameters: [String: String]

        var isMultipart: Bool { mediaType.hasPrefix("multipart/") }
        var isMessage: Bool { mediaType == "message/rfc822" || mediaType == "message/global" }
        var isText: Bool { mediaType == "text/plain" || mediaType == "text/html" }

        init(mediaType: String, parameters: [String: String] = [:]) {
            self.mediaType = mediaType
            self.parameters = parameters
        }

        /// `nil` when the value has no `type/subtype`, in which case RFC 2045 says to use the default type.
        init?(_ value: String) {
            let bytes = Array(value.utf8)
            var index = 0
            let mediaType = Self.token(bytes, &index)
            guard mediaType.contains(UInt8(ascii: "/")) else { return nil }
            self.mediaType = String(decoding: mediaType, as: UTF8.self).lowercased()
            self.parameters = [:]
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: ";") else {
                    index += 1 // stray characters between parameters
                    continue
                }
                index += 1
                let name = Self.token(bytes, &index)
                Self.skipBlanks(bytes, &index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "="), !name.isEmpty else { continue }
                index += 1
                Self.skipBlanks(bytes, &index)
                let value =
                    index < bytes.count && bytes[index] == UInt8(ascii: "\"")
                    ? ArraySlice(Self.quotedString(bytes, &index))
                    : Self.token(bytes, &index)
                let key = String(decoding: name, as: UTF8.self).lowercased()
                if parameters[key] == nil {
                    parameters[key] = String(decoding: value, as: UTF8.self)
                }
            }
        }

        /// Skips blanks, then reads up to a blank, `;`, `=` or a comment.
        private static func token(_ bytes: [UInt8], _ index: inout Int) -> ArraySlice<UInt8> {
            skipBlanks(bytes, &index)
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "("): return bytes[start..<index]
                default: index += 1
                }
            }
            return bytes[start..<index]
        }

        /// Reads a quoted-string starting at its opening quote; a backslash escapes the next byte.
        private static func quotedString(_ bytes: [UInt8], _ index: inout Int) -> [UInt8] {
            var value: [UInt8] = []
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\"), index < bytes.count {
                    value.append(bytes[index])
                    index += 1
                } else {
                    value.append(byte)
                }
            }
            return value
        }

        private static func skipBlanks(_ bytes: [UInt8], _ index: inout Int) {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
    }
}
