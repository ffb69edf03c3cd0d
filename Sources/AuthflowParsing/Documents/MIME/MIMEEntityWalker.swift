extension MIMEMessage {
    /// Walks the entity tree of a message in order, collecting its text leaves. Multipart bodies are visited as
    /// ranges of the original bytes; only transfer-encoded attached messages are copied.
    struct EntityWalker {
        private(set) var parts: [MIMEPart] = []

        mutating func walk(
            _ bytes: [UInt8], headers: [HeaderField], body: Range<Int>, defaultType: String, depth: Int
        )
            throws(DocumentError)
        {
            guard depth <= maximumNestingDepth else { throw .nestingTooDeep(limit: maximumNestingDepth) }
            let contentType =
                headers.value(of: "content-type").flatMap(ContentType.init)
                ?? ContentType(mediaType: defaultType)
            let encoding = TransferEncoding(headerValue: headers.value(of: "content-transfer-encoding"))

            if contentType.isMultipart {
                try walkMultipart(bytes, contentType: contentType, encoding: encoding, body: body, depth: depth)
            } else if contentType.isMessage {
                try walkAttachedMessage(bytes, encoding: encoding, body: body, depth: depth)
            } else if contentType.isText {
                // A part past the limit is an error, not a silent end: the link may be in it.
                guard parts.count < maximumTextPartCount else { throw .tooManyParts(limit: maximumTextPartCount) }
                appendText(bytes, contentType: contentType, encoding: encoding, body: body)
            }
        }

        private mutating func walkMultipart(
            _ bytes: [UInt8],
            contentType: ContentType,
            encoding: TransferEncoding,
            body: Range<Int>,
            depth: Int
        ) throws(DocumentError) {
            let declared = contentType.parameters["boundary"].flatMap { $0.isEmpty ? nil : Array($0.utf8) }
            let boundary = declared ?? Multipart.guessedBoundary(in: bytes, body: body)
            let ranges = boundary.map { Multipart.partRanges(in: bytes, body: body, boundary: $0) } ?? []
            guard !ranges.isEmpty else {
                // No usable boundary: the body may still hold readable text.
                appendText(bytes, contentType: ContentType(mediaType: "text/plain"), encoding: encoding, body: body)
                return
            }
            let childType = contentType.mediaType == "multipart/digest" ? "message/rfc822" : "text/plain"
            for range in ranges {
                let header = HeaderBlock.parse(bytes, in: range)
                try walk(
                    bytes,
                    headers: header.fields,
                    body: header.bodyStart..<range.upperBound,
                    defaultType: childType,
                    depth: depth + 1
                )
            }
        }

        /// An attached message (RFC 2046 § 5.2.1) is a whole message again; some mailers base64-encode it.
        private mutating func walkAttachedMessage(
            _ bytes: [UInt8],
            encoding: TransferEncoding,
            body: Range<Int>,
            depth: Int
        ) throws(DocumentError) {
            var message = bytes
            var range = body
            if encoding != .identity {
                message = bytes.withUnsafeBufferPointer { encoding.decode(UnsafeBufferPointer(rebasing: $0[body])) }
                range = 0..<message.count
            }
            let header = HeaderBlock.parse(message, in: range)
            try walk(
                message,
                headers: header.fields,
                body: header.bodyStart..<range.upperBound,
                defaultType: "text/plain",
                depth: depth + 1
            )
        }

        private mutating func appendText(
            _ bytes: [UInt8],
            contentType: ContentType,
            encoding: TransferEncoding,
            body: Range<Int>
        ) {
            let declared = contentType.parameters["charset"].map(MIMEPart.CharsetDecoder.normalized)
            let decoded = bytes.withUnsafeBufferPointer { encoding.decode(UnsafeBufferPointer(rebasing: $0[body])) }
            // An HTML part that declares no charset in its headers may declare one in a `<meta>` tag.
            let sniffed =
                declared == nil && contentType.mediaType == "text/html"
                ? HTMLLinkExtractor.sniffedCharset(decoded) : nil
            let text = MIMEPart.CharsetDecoder.decode(decoded, charset: declared ?? sniffed)
            parts.append(MIMEPart(contentType: contentType.mediaType, charset: declared, text: text))
        }
    }
}

extension [MIMEMessage.HeaderField] {
    /// The value of the first field called `name`, which must be lowercase.
    fileprivate func value(of name: String) -> String? {
        first { $0.name.lowercased() == name }?.value
    }
}
