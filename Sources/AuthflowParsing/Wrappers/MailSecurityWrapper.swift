import AuthflowPrimitives

/// Link rewriters that mail gateways put around every link in a message, and how to undo each offline.
public enum MailSecurityWrapper: String, Sendable, CaseIterable {
    /// Microsoft Defender Safe Links: `https://<region>.safelinks.protection.outlook.com/?url=<enc>&data=…`.
    case microsoftSafeLinks
    /// Google's redirector: `https://www.google.com/url?q=<enc>&sa=…` (also `url=`).
    case googleRedirect
    /// Proofpoint URL Defense v1, v2 and v3.
    case proofpointURLDefense
    /// Barracuda Link Protection: `https://linkprotect.cudasvc.com/url?a=<enc>&c=…`.
    case barracudaLinkProtect

    /// A name for people.
    public var displayName: String {
        switch self {
        case .microsoftSafeLinks: "Microsoft Safe Links"
        case .googleRedirect: "Google redirect"
        case .proofpointURLDefense: "Proofpoint URL Defense"
        case .barracudaLinkProtect: "Barracuda Link Protection"
        }
    }

    /// The wrapper around `url` and the URL it protects, or `nil` when `url` is not wrapped.
    public static func unwrap(_ url: String, parts: URLParts) -> (wrapper: MailSecurityWrapper, target: String)? {
        let query = RawQuery(parts.query?[...] ?? "")
        var target: [UInt8] = []
        let wrapper = url.withUTF8Buffer { url in
            parts.host.withUTF8Buffer { host in
                unwrap(bytes: url, host: host, query: query, into: &target)
            }
        }
        return wrapper.map { ($0, String(decoding: target, as: UTF8.self)) }
    }

    /// ``unwrap(_:parts:)`` on a URL's UTF-8 bytes, the target decoded onto the end of `output` (nothing appended
    /// when `nil`): the unwrapper peels Safe Links, Google and Barracuda wrappers without a `String`.
    ///
    /// - Parameters:
    ///   - host: the URL's host, lowercased.
    ///   - query: the URL's query as ``URLParts`` reads it (empty without one).
    ///   - offsets: the URL's ``URLParts/Offsets``, when the caller has them already.
    static func unwrap(
        bytes url: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>, query: RawQuery,
        offsets: URLParts.Offsets? = nil, into output: inout [UInt8]
    ) -> MailSecurityWrapper? {
        guard let offsets = offsets ?? URLParts.Offsets(url) else { return nil }
        let scheme = UnsafeBufferPointer(rebasing: url[..<offsets.colon])
        guard URLParts.bytes(scheme, equalIgnoringCase: "https") || URLParts.bytes(scheme, equalIgnoringCase: "http")
        else { return nil }
        let pathIsURL = URLParts.bytes(UnsafeBufferPointer(rebasing: url[offsets.path]), equal: "/url")
        if isSafeLinksHost(host), query.decodeValue("url", rule: .firstWins, appendingTo: &output) {
            return .microsoftSafeLinks
        }
        if isGoogleHost(host), pathIsURL,
            query.decodeValue("q", rule: .firstWins, appendingTo: &output)
                || query.decodeValue("url", rule: .firstWins, appendingTo: &output)
        {
            return .googleRedirect
        }
        if ProofpointURLDefense.isHost(host) {
            // Rare and intricate: read from the `String`s.
            let text = String(decoding: url, as: UTF8.self)
            if let parts = URLParts(text), let target = ProofpointURLDefense.decode(text, parts: parts),
                !target.isEmpty
            {
                output.append(contentsOf: target.utf8)
                return .proofpointURLDefense
            }
        }
        if URLParts.bytes(host, equal: "linkprotect.cudasvc.com"), pathIsURL,
            query.decodeValue("a", rule: .firstWins, appendingTo: &output)
        {
            return .barracudaLinkProtect
        }
        return nil
    }

    /// A cheap first test on the host alone (lowercase UTF-8 bytes), so that ordinary links skip building
    /// `URLParts`.
    static func isWrapperHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        isSafeLinksHost(host) || isGoogleHost(host) || ProofpointURLDefense.isHost(host)
            || URLParts.bytes(host, equal: "linkprotect.cudasvc.com")
    }

    private static func isSafeLinksHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        URLParts.host(bytes: host, isWithinStatic: "safelinks.protection.outlook.com")
            || URLParts.host(bytes: host, isWithinStatic: "safelinks.protection.office365.us")
    }

    /// `google.com` and country sites such as `www.google.co.uk` (Gmail rewrites through the local one).
    private static func isGoogleHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = host
        if name.count >= 4, URLParts.bytes(UnsafeBufferPointer(rebasing: name[..<4]), equal: "www.") {
            name = UnsafeBufferPointer(rebasing: name[4...])
        }
        guard name.count > 7, name.count <= 13,
            URLParts.bytes(UnsafeBufferPointer(rebasing: name[..<7]), equal: "google.")
        else { return false }
        return name[7...].allSatisfy { $0 == UInt8(ascii: ".") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }
}
