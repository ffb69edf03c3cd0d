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
        guard parts.scheme == "https" || parts.scheme == "http" else { return nil }
        let host = parts.host
        if isSafeLinksHost(host), let target = parameter("url", of: parts) {
            return (.microsoftSafeLinks, target)
        }
        if isGoogleHost(host), parts.path == "/url",
            let target = parameter("q", of: parts) ?? parameter("url", of: parts)
        {
            return (.googleRedirect, target)
        }
        if let target = ProofpointURLDefense.decode(url, parts: parts), !target.isEmpty {
            return (.proofpointURLDefense, target)
        }
        if host == "linkprotect.cudasvc.com", parts.path == "/url", let target = parameter("a", of: parts) {
            return (.barracudaLinkProtect, target)
        }
        return nil
    }

    /// A cheap first test on the host alone (lowercase UTF-8 bytes), so that ordinary links skip building
    /// `URLParts`.
    static func isWrapperHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        isSafeLinksHost(host) || isGoogleHost(host) || ProofpointURLDefense.isHost(host)
            || URLParts.bytes(host, equal: "linkprotect.cudasvc.com")
    }

    private static func parameter(_ name: String, of parts: URLParts) -> String? {
        guard let query = parts.query else { return nil }
        return RawQuery(query[...]).value(name, rule: .firstWins)
    }

    private static func isSafeLinksHost(_ host: String) -> Bool {
        host.withUTF8Buffer(isSafeLinksHost)
    }

    private static func isSafeLinksHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        URLParts.host(bytes: host, isWithin: "safelinks.protection.outlook.com")
            || URLParts.host(bytes: host, isWithin: "safelinks.protection.office365.us")
    }

    /// `google.com` and country sites such as `www.google.co.uk` (Gmail rewrites through the local one).
    private static func isGoogleHost(_ host: String) -> Bool {
        host.withUTF8Buffer(isGoogleHost)
    }

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
