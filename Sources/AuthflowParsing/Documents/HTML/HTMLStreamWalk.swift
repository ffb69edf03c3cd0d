import CLibXML2

extension HTMLLinkExtractor {
    /// Reads an HTML document through libxml2's push parser: the document goes in in chunks and comes out as SAX
    /// events, so no tree is built and memory follows the links kept, not the size of the document.
    ///
    /// Events are read in document order: `<a>`, `<area>` and `<meta http-equiv=refresh>` targets when their
    /// element starts, and the text between elements (outside `<script>` and `<style>`, whose content libxml2
    /// reports as CDATA blocks, which are dropped) as one run of characters, scanned for written-out URLs when the
    /// next element, end tag or comment closes it.
    final class StreamWalk {
        /// How much of the document is handed to libxml2 at once.
        static let chunkSize = 64 * 1024
        /// A run of text longer than this is scanned up to its last blank and the rest kept, so one enormous text
        /// node cannot grow the buffer to the size of the document.
        static let textFlushSize = 256 * 1024

        private(set) var collector: ExtractedLink.Collector
        /// The characters since the last element, end tag or comment.
        private var text: [UInt8] = []
        private var context: htmlParserCtxtPtr?

        init(collector: ExtractedLink.Collector) {
            self.collector = collector
        }

        /// Parses `utf8` (a whole document, or the next part of one with `isLast` false), feeding libxml2 in chunks.
        func feed(_ utf8: UnsafeBufferPointer<UInt8>, isLast: Bool) {
            var start = 0
            while start < utf8.count {
                let end = min(start + Self.chunkSize, utf8.count)
                push(UnsafeBufferPointer(rebasing: utf8[start..<end]), terminate: false)
                start = end
            }
            if isLast { finish() }
        }

        /// Ends the document: libxml2 closes what is open, and the last run of text is scanned.
        func finish() {
            push(UnsafeBufferPointer(start: nil, count: 0), terminate: true)
            flushText()
            if let context {
                htmlFreeParserCtxt(context)
                self.context = nil
            }
        }

        /// The bytes after the last `>` pushed so far, held back until the next chunk (see ``push(_:terminate:)``).
        private var unfinished: [UInt8] = []
        /// Held-back bytes past this size are pushed anyway, so a document without `>` cannot pile up here.
        static let maximumHeldBack = 1024 * 1024

        /// Hands a chunk to libxml2, ending it just after its last `>`. libxml2 2.9's push parser loses track of
        /// quotes when a chunk ends inside a tag's quoted attribute value; it then finds no end to that tag (nor to any
        /// later one) and keeps the whole rest of the document in memory until the last chunk. Cut after a `>`, a
        /// chunk ends between tags.
        private func push(_ chunk: UnsafeBufferPointer<UInt8>, terminate: Bool) {
            guard let context = parserContext() else {
                // Without a parser (out of memory), the text may still hold URLs.
                text.append(contentsOf: unfinished)
                text.append(contentsOf: chunk)
                unfinished = []
                return
            }
            var bytes = unfinished
            bytes.append(contentsOf: chunk)
            var end = bytes.count
            if !terminate, bytes.count <= Self.maximumHeldBack {
                end = (bytes.lastIndex(of: UInt8(ascii: ">")) ?? -1) + 1
            }
            unfinished = Array(bytes[end...])
            bytes.withUnsafeBufferPointer { bytes in
                guard end > 0 || terminate, let base = bytes.baseAddress else {
                    if terminate { _ = htmlParseChunk(context, nil, 0, 1) }
                    return
                }
                let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                _ = htmlParseChunk(context, pointer, Int32(end), terminate ? 1 : 0)
            }
        }

        private func parserContext() -> htmlParserCtxtPtr? {
            if let context { return context }
            _ = parserIsInitialized
            var handler = htmlSAXHandler()
            handler.startElement = htmlWalkStartElement
            handler.endElement = htmlWalkEndElement
            handler.characters = htmlWalkCharacters
            handler.ignorableWhitespace = htmlWalkCharacters
            handler.cdataBlock = htmlWalkCDATA
            handler.comment = htmlWalkComment
            handler.processingInstruction = htmlWalkProcessingInstruction
            let created = withUnsafeMutablePointer(to: &handler) { handler in
                htmlCreatePushParserCtxt(
                    handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil, XML_CHAR_ENCODING_UTF8)
            }
            guard let created else { return nil }
            // XML_PARSE_HUGE lifts libxml2's nesting limit of 256, past which it silently drops the rest of the
            // document; the input size cap bounds the work instead.
            let options =
                HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue
            _ = htmlCtxtUseOptions(created, Int32(bitPattern: options))
            context = created
            return created
        }

        fileprivate func startElement(
            _ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        ) {
            flushText()
            if NodeName.matches(name, "a") {
                addTarget(attributes, source: .anchor)
            } else if NodeName.matches(name, "area") {
                addTarget(attributes, source: .area)
            } else if NodeName.matches(name, "meta"),
                let equivalent = NodeText.attribute("http-equiv", in: attributes),
                NodeName.matches(URLCleaning.cleaned(equivalent).utf8, "refresh"),
                let content = NodeText.attribute("content", in: attributes),
                let target = MetaRefresh.target(in: Array(content))
            {
                collector.add(URLCleaning.cleaned(target), source: .metaRefresh)
            }
        }

        fileprivate func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
            text.append(contentsOf: bytes)
            guard text.count > flushSize else { return }
            flushText(keepingUnfinished: true)
            // A run without a blank cannot be cut; waiting for twice as much keeps the rescans linear overall.
            flushSize = max(Self.textFlushSize, text.count * 2)
        }

        /// The length of text run that triggers the next partial scan.
        private var flushSize = StreamWalk.textFlushSize

        /// Scans the text run for URLs. With `keepingUnfinished`, the scan stops at the last blank (or at a `<` that
        /// may open a bracketed URL running on) and the rest stays for the characters to come: a URL never spans a
        /// blank except inside `<…>`.
        fileprivate func flushText(keepingUnfinished: Bool = false) {
            guard !text.isEmpty else { return }
            var end = text.count
            if keepingUnfinished {
                guard let blank = text.lastIndex(where: TextLinkExtractor.ByteClass.isBlank) else { return }
                end = blank
                let floor = max(0, blank - TextLinkExtractor.URLScanner.maximumBracketedLength)
                if let open = text[floor..<blank].lastIndex(of: TextLinkExtractor.ByteClass.lessThan),
                    !text[open..<blank].contains(TextLinkExtractor.ByteClass.greaterThan)
                {
                    end = open
                }
            }
            text.withUnsafeBufferPointer { text in
                TextLinkExtractor.collectLinks(in: UnsafeBufferPointer(rebasing: text[..<end]), into: &collector)
            }
            text.removeSubrange(..<end)
            if !keepingUnfinished { flushSize = Self.textFlushSize }
        }

        private func addTarget(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, source: LinkSource) {
            guard let href = NodeText.attribute("href", in: attributes) else { return }
            collector.add(URLCleaning.cleaned(href), source: source)
        }

    }

    /// libxml2's global set-up is not safe to race; Swift runs a static initializer exactly once.
    private static let parserIsInitialized: Bool = {
        xmlInitParser()
        return true
    }()
}

// The SAX callbacks: plain C functions, handed the walk as their user data.

private func walk(_ context: UnsafeMutableRawPointer?) -> HTMLLinkExtractor.StreamWalk? {
    context.map { Unmanaged<HTMLLinkExtractor.StreamWalk>.fromOpaque($0).takeUnretainedValue() }
}

private func htmlWalkStartElement(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    walk(context)?.startElement(name, attributes)
}

private func htmlWalkEndElement(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    walk(context)?.flushText()
}

private func htmlWalkCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let bytes, count > 0 else { return }
    walk(context)?.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
}

/// `<script>` and `<style>` content: not text a reader sees, so not searched.
private func htmlWalkCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {}

private func htmlWalkComment(_ context: UnsafeMutableRawPointer?, _ value: UnsafePointer<xmlChar>?) {
    walk(context)?.flushText()
}

private func htmlWalkProcessingInstruction(
    _ context: UnsafeMutableRawPointer?, _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
) {
    walk(context)?.flushText()
}
