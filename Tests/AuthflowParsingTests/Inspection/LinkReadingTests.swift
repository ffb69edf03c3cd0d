import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

/// A batch writes each line from a ``LinkReading``'s bytes; those bytes must be, field by field, the `String`s of
/// the ``LinkInspection`` built from the same reading, and stay so after the workspace reads the next line.
struct LinkReadingTests {
    func enc(_ text: String) -> String { PercentEncoding.encodeComponent(text) }
    let action =
        "https://p.firebaseapp.com/__/auth/action?apiKey=KEY&mode=signIn&oobCode=CODE&lang=fr&tenantId=T"
        + "&continueUrl=https%3A%2F%2Fapp.example%2Fdone"
    let inspector = OfflineLinkInspector(linkDomains: ["links.example.org"])

    var links: [String] {
        [
            action,
            "https://nam12.safelinks.protection.outlook.com/?url=" + enc(action) + "&data=05",
            "https://x.page.link/?link=" + enc("https://p.firebaseapp.com/__/auth/links?link=" + enc(action)),
            "com.example.app://google/link/?deep_link_id=" + enc(action),
            "https://p.firebaseapp.com/__/auth/callback?authType=signInViaRedirect&eventId=E&link="
                + enc("https://p.firebaseapp.com/__/auth/handler?code=1"),
            "com.googleusercontent.apps.1://firebaseauth/link?deep_link_id="
                + enc("https://p.firebaseapp.com/__/auth/callback?authType=verifyApp&recaptchaToken=R&eventId=E"),
            "https://x.page.link/AbCd",
            "https://links.example.org/Short",
            "javascript:alert(1)//?mode=signIn&apiKey=K&oobCode=C",
            "https://www.example.com/news/1?utm_source=mail",
        ]
    }

    func text(of reading: LinkReading) -> [String?] {
        var fields: [String?] = []
        reading.withText { text in
            fields = [
                text.oobCode, text.apiKey, text.continueURL, text.languageCode, text.tenantID, text.link,
                text.innermost, text.unresolvedShortLink,
            ].map { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
        return fields
    }

    func strings(of inspection: LinkInspection) -> [String?] {
        let action = inspection.action
        return [
            action?.oobCode, action?.apiKey, action?.continueURL, action?.languageCode, action?.tenantID,
            inspection.link, inspection.innermost, inspection.unresolvedShortLink,
        ]
    }

    @Test func bytesAreTheInspectionsStrings() throws {
        var workspace = ActionLinkUnwrapper.Workspace()
        for link in links {
            let reading = try inspector.read(bytes: Array(link.utf8), workspace: &workspace)
            let inspection = try inspector.inspect(link)
            #expect(LinkInspection(reading) == inspection, "\(link)")
            #expect(text(of: reading) == strings(of: inspection), "\(link)")
            #expect(reading.kind == inspection.kind && reading.mode == inspection.action?.mode)
            #expect(Array(reading.layers) == inspection.layers, "\(link)")
        }
    }

    @Test func aReadingOutlivesTheNextLine() throws {
        var workspace = ActionLinkUnwrapper.Workspace()
        let first = try inspector.read(bytes: Array(links[2].utf8), workspace: &workspace)
        let expected = strings(of: try inspector.inspect(links[2]))
        _ = try inspector.read(bytes: Array(links[1].utf8), workspace: &workspace)
        #expect(text(of: first) == expected)
    }

    /// A callback is read from the bytes into the workspace: its text fields and error, given as bytes, are the
    /// `AuthCallback`'s `String`s (plus as space, first duplicate, escaped names, an error object), and stay so
    /// after the workspace reads the next line.
    @Test func callbackFieldsAreTheCallbacksStrings() throws {
        let error = enc(#"{"code":"auth/internal-error","message":"x y"}"#)
        let callbacks = [
            links[4], links[5],
            "http://127.0.0.1:1/cb?authType=&authType=verifyApp&%65ventId=E+F&recaptchaToken=a+b%2Bc&eventId=G",
            "https://p.firebaseapp.com/__/auth/callback?firebaseError=" + error + "&authType=signInViaRedirect",
            "COM.Example.App://FirebaseAuth/link?deep_link_id="
                + enc("https://p.example/__/auth/callback?eventId=1&link=" + enc("https://h.example/?a=%C3%A9+b")),
        ]
        var workspace = ActionLinkUnwrapper.Workspace()
        for link in callbacks {
            let callback = try #require(AuthCallback(url: link), "\(link)")
            let reading = try inspector.read(bytes: Array(link.utf8), workspace: &workspace)
            #expect(reading.kind == .authCallback)
            #expect(reading.callback == callback, "\(link)")
            #expect(reading.callbackError == callback.error)
            var fields: [String?] = []
            reading.withText { text in
                fields = [text.authType, text.eventID, text.recaptchaToken, text.link, text.innermost].map {
                    $0.map { String(decoding: $0, as: UTF8.self) }
                }
            }
            #expect(
                fields == [
                    callback.authType, callback.eventID, callback.recaptchaToken, callback.link,
                    callback.callbackURL,
                ], "\(link)")
        }
        let first = try inspector.read(bytes: Array(callbacks[2].utf8), workspace: &workspace)
        _ = try inspector.read(bytes: Array(callbacks[1].utf8), workspace: &workspace)
        #expect(first.callback?.eventID == "E F" && first.callback?.recaptchaToken == "a b+c")
        #expect(first.callback?.authType == nil)
    }

    /// The action's fields in one pass: the last duplicate wins even when empty, escaped names and modes count.
    @Test func actionFieldsAsTheSDKReadsThem() throws {
        let base = "https://p.example/a?apiKey=K&oobCode=C"
        #expect(ActionCodeURL(base + "&mode=signIn&mode=resetPassword")?.mode == .resetPassword)
        #expect(ActionCodeURL(base + "&mode=signIn&mode=") == nil)
        #expect(ActionCodeURL(base + "&%6Dode=verifyEmail")?.mode == .verifyEmail)
        #expect(ActionCodeURL(base + "&mode=sign%49n")?.mode == .signIn)
        #expect(ActionCodeURL(base + "&mode=signin") == nil)
        #expect(ActionCodeURL(base + "&mode=signIn%CC%81") == nil)
        let action = try #require(ActionCodeURL(base + "&mode=signIn&lang=de&lang=&tenantId=%54"))
        #expect(action.languageCode == nil)
        #expect(action.tenantID == "T")
        #expect(action.continueURL == nil)
    }

    /// Lines as bytes: invalid UTF-8 anywhere is refused, before or after the first eight bytes, and valid
    /// non-ASCII text is kept.
    @Test func linesReadAsBytes() throws {
        var workspace = ActionLinkUnwrapper.Workspace()
        let link = Array("https://www.example.com/news?x=1".utf8)
        for position in [0, 7, 8, 9, link.count - 1] {
            var broken = link
            broken[position] = 0xFF
            #expect(throws: LinkInputError.invalidUTF8) {
                _ = try inspector.read(bytes: broken, workspace: &workspace)
            }
        }
        let accented = "https://www.example.com/caf\u{E9}?x=1"
        let reading = try inspector.read(bytes: Array(" <\(accented)>\n".utf8), workspace: &workspace)
        #expect(LinkInspection(reading).innermost == accented)
        #expect(throws: LinkInputError.empty) {
            _ = try inspector.read(bytes: Array(" <> ".utf8), workspace: &workspace)
        }
    }

    /// Lines as bytes are checked for ASCII and controls in one pass, sixteen bytes at a time: a control or DEL
    /// anywhere (in a vector, at its edges or in the tail, beside non-ASCII text or not) is refused, line breaks
    /// anywhere are removed, and non-ASCII text is kept.
    @Test func controlsInLinesReadAsBytes() throws {
        var workspace = ActionLinkUnwrapper.Workspace()
        let link = Array("https://www.example.com/caf\u{E9}/news?x=1&y=2".utf8)
        // Every position but inside the two bytes of the `é`.
        for position in 0...link.count where position == link.count || link[position] & 0xC0 != 0x80 {
            for control: UInt8 in [0x00, 0x01, 0x1F, 0x7F] {
                var broken = link
                broken.insert(control, at: position)
                #expect(throws: LinkInputError.controlCharacters) {
                    _ = try inspector.read(bytes: broken, workspace: &workspace)
                }
            }
            var wrapped = link
            wrapped.insert(UInt8(ascii: "\n"), at: position)
            let reading = try inspector.read(bytes: wrapped, workspace: &workspace)
            #expect(reading.urlText == String(decoding: link, as: UTF8.self))
        }
        for text in ["https://x.example/\u{E9}\u{C0}\u{80}\u{FF}?a=\u{1F600}", "https://x.example/\u{7E}\u{A0}"] {
            let reading = try inspector.read(bytes: Array(text.utf8), workspace: &workspace)
            #expect(reading.urlText == text)
        }
    }

    /// Mail gateways are read from the bytes as from `URLParts`: a `#` before the `?` leaves no query to unwrap,
    /// schemes and hosts in any case are peeled, the first duplicate wins.
    @Test func mailGatewaysFromBytes() throws {
        let inner = "https://example.com/a"
        let samples: [(String, [LinkLayer])] = [
            ("https://nam12.safelinks.protection.outlook.com/#x?url=" + enc(inner), []),
            (
                "HTTPS://WWW.Google.com/url?q=" + enc(inner) + "&q=" + enc("https://other.example/"),
                [.mailSecurity(.googleRedirect)]
            ),
            ("https://www.google.co.uk/url?url=" + enc(inner), [.mailSecurity(.googleRedirect)]),
            ("https://www.google.com/URL?q=" + enc(inner), []),
            ("http://linkprotect.cudasvc.com/url?a=" + enc(inner) + "&c=E", [.mailSecurity(.barracudaLinkProtect)]),
            ("https://urldefense.com/v3/__https://example.com/a__;!!x", [.mailSecurity(.proofpointURLDefense)]),
            ("ftp://www.google.com/url?q=" + enc(inner), []),
        ]
        for (link, layers) in samples {
            let unwrapped = try ActionLinkUnwrapper.unwrap(link)
            #expect(unwrapped.layers == layers, "\(link)")
            #expect(unwrapped.innermost == (layers.isEmpty ? link : inner), "\(link)")
            let byParts = URLParts(link).flatMap { MailSecurityWrapper.unwrap(link, parts: $0) }
            #expect(byParts?.wrapper == layers.first.flatMap { if case .mailSecurity(let w) = $0 { w } else { nil } })
        }
    }
}
