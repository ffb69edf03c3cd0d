// HTML and MIME extraction: every input goes through all four entry points, since an .eml may hold bare
// HTML and HTML may look like mail headers. The first byte also picks the transport charset for a second
// HTML pass, so the charset decoder meets declared charsets that disagree with the bytes.
import AuthflowParsing

let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "windows-1252", "us-ascii", "utf-16", "shift_jis", "x-unknown"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocuments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    if let links = try? HTMLLinkExtractor.links(inHTML: bytes) {
        checkDistinct(links, limit: HTMLLinkExtractor.maximumLinkCount)
    }
    if let first = bytes.first, let charset = charsets[Int(first) % charsets.count] {
        _ = try? HTMLLinkExtractor.links(inHTML: bytes, charset: charset)
    }
    if let message = try? MIMEMessage.parse(bytes) {
        check(message.textParts.count <= MIMEMessage.maximumTextPartCount, "more text parts than the limit")
        let links = EmailLinkExtractor.links(in: message)
        checkDistinct(links, limit: HTMLLinkExtractor.maximumLinkCount)
        // Parsing is deterministic: the bytes give the same links the second time, through the other entry point.
        check((try? EmailLinkExtractor.links(inEML: bytes)) == links, "links(inEML:) disagrees with links(in:)")
    }
    checkDistinct(TextLinkExtractor.links(inText: String(decoding: bytes, as: UTF8.self)),
                  limit: HTMLLinkExtractor.maximumLinkCount)
    return 0
}

/// Each URL once, none empty, at most `limit`: what every extractor promises.
func checkDistinct(_ links: [ExtractedLink], limit: Int) {
    check(links.count <= limit, "more links than the limit")
    check(Set(links.map(\.url)).count == links.count, "a URL returned twice")
    check(!links.contains { $0.url.isEmpty }, "an empty URL")
}

/// A broken invariant is a finding: stop with the reason, so libFuzzer saves the input.
func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("invariant: \(message)") }
}
