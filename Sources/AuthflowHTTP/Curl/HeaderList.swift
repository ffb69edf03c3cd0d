import AuthflowPrimitives
import CCurl

/// Owns a `curl_slist` of request header lines, freed in `deinit`.
final class HeaderList {
    private(set) var raw: UnsafeMutablePointer<curl_slist>?

    deinit {
        curl_slist_free_all(raw)
    }

    /// Adds `name: value`. An empty value uses curl's `name;` form, which sends the header empty instead of
    /// removing it. Line breaks are refused: they would let a value inject extra headers.
    func append(_ header: HTTPHeader) throws(HTTPError) {
        // Checked on scalars: "\r\n" is a single Character and would slip past a Character test.
        let forbidden: Set<Unicode.Scalar> = ["\r", "\n", "\0"]
        guard !header.name.isEmpty,
            !header.name.unicodeScalars.contains(where: { forbidden.contains($0) || $0 == ":" || $0 == " " }),
            !header.value.unicodeScalars.contains(where: { forbidden.contains($0) })
        else {
            throw .transport(
                code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue),
                detail: "the request header \"\(header.name)\" has an invalid name or a line break in its value"
            )
        }
        try appendLine(header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
    }

    /// Adds a raw line such as `Expect:` (which tells libcurl to drop a header it would add itself).
    func appendLine(_ line: String) throws(HTTPError) {
        guard let extended = curl_slist_append(raw, line) else {
            throw .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), detail: "out of memory building request headers")
        }
        raw = extended
    }
}
