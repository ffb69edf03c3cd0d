import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// The wrappers a sign-in link meets between the mail server and the person who clicks it, built the way
/// each rewriter builds them, so tests can hand authflow the link as it really arrives.
public enum LinkWrapper: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Microsoft Defender Safe Links.
    case safeLinks
    /// Proofpoint URL Defense v3 (`__…__;<base64url of the replaced characters>!!…`).
    case proofpointV3
    /// Gmail's `https://www.google.com/url?q=`.
    case googleRedirect
    /// A Firebase Dynamic Link long form (`https://x.page.link/?link=…&apn=…&ibi=…`).
    case dynamicLink
    /// Firebase Hosting's `/__/auth/links?link=`.
    case hostingLinks
    /// A custom-scheme deep link (`<scheme>://google/link/?deep_link_id=`).
    case deepLinkID

    public var description: String { rawValue }

    /// `link` inside this wrapper.
    public func wrap(_ link: String) -> String {
        let encoded = PercentEncoding.encodeComponent(link)
        switch self {
        case .safeLinks:
            return
                "https://eur01.safelinks.protection.outlook.com/?url=\(encoded)&data=05%7C02%7Cada%40example.com%7C8c1f&sdata=q1w2e3&reserved=0"
        case .proofpointV3:
            return Self.proofpointV3(link)
        case .googleRedirect:
            return "https://www.google.com/url?q=\(encoded)&sa=D&source=editors&ust=1700000000000000&usg=AOvVaw0"
        case .dynamicLink:
            return "https://authflowdemo.page.link/?link=\(encoded)&apn=com.example.app&ibi=com.example.app"
        case .hostingLinks:
            return "https://demo-authflow.firebaseapp.com/__/auth/links?link=\(encoded)"
        case .deepLinkID:
            return "com.example.app://google/link/?deep_link_id=\(encoded)"
        }
    }

    /// Proofpoint v3 keeps the URL readable but replaces characters it will not carry (here `%` and `&`) by
    /// `*`, appending the replaced characters base64url-encoded after `__;`.
    private static func proofpointV3(_ link: String) -> String {
        var template = ""
        var replaced = ""
        for character in link {
            if character == "%" || character == "&" {
                template.append("*")
                replaced.append(character)
            } else {
                template.append(character)
            }
        }
        let tail = Base64.encode(Array(replaced.utf8), alphabet: .url)
        return "https://urldefense.com/v3/__\(template)__;\(tail)!!ACWV5N9M2RV99hQ!Kx3f-EXAMPLE$"
    }
}

/// Messages and pages holding a sign-in link among the usual other links (logo, unsubscribe, tracking).
public enum EmailDocument {
    /// A web-mail page: the link in an `<a href>`, HTML-escaped.
    public static func html(containing link: String) -> String {
        let escaped = link.replacingOccurrences(of: "&", with: "&amp;")
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Sign in to Authflow Demo</title></head>
            <body>
            <a href="https://www.example.com/?utm_source=email"><img src="https://www.example.com/logo.png" alt="logo"></a>
            <p>Click to sign in:</p>
            <p><a href="\(escaped)">Sign in to Authflow Demo</a></p>
            <p><a href="https://www.example.com/unsubscribe?u=1&amp;list=2">Unsubscribe</a></p>
            <img src="https://track.example.net/open.gif?m=8c1f" width="1" height="1">
            </body></html>
            """
    }

    /// A raw email (multipart/alternative, quoted-printable, lines folded at 76), as a mail client saves it.
    public static func eml(containing link: String, to recipient: String = "ada@example.com") -> String {
        let text = "Hello,\n\nOpen this link to sign in as \(recipient):\n\n\(link)\n\nThanks,\nAuthflow Demo\n"
        return """
            From: Authflow Demo <noreply@demo-authflow.firebaseapp.com>\r
            To: \(recipient)\r
            Subject: =?UTF-8?Q?Sign_in_to_Authflow_Demo_=E2=80=94_now?=\r
            MIME-Version: 1.0\r
            Content-Type: multipart/alternative; boundary="=_boundary"\r
            \r
            --=_boundary\r
            Content-Type: text/plain; charset=UTF-8\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            \(quotedPrintable(text))\r
            --=_boundary\r
            Content-Type: text/html; charset=UTF-8\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            \(quotedPrintable(html(containing: link)))\r
            --=_boundary--\r

            """
    }

    /// RFC 2045 quoted-printable: `=` and non-ASCII escaped, lines kept under 76 with soft breaks.
    static func quotedPrintable(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for byte in line.utf8 {
                let piece =
                    byte == UInt8(ascii: "=") || byte >= 0x80 || byte == UInt8(ascii: "\r")
                    ? "=" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                    : String(UnicodeScalar(byte))
                if current.count + piece.count > 75 {
                    lines.append(current + "=")
                    current = ""
                }
                current += piece
            }
            lines.append(current)
        }
        return lines.joined(separator: "\r\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
