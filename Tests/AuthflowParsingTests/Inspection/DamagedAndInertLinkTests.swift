import AuthflowParsing
import AuthflowPrimitives
import Testing

/// Links that must not be read leniently: broken escapes at any layer, script and local-data schemes, and a
/// mail gateway's wrapper inside a Dynamic Link.
@Suite("Link inspection: damaged escapes, inert schemes, wrappers inside Dynamic Links")
struct DamagedAndInertLinkTests {
    let inspector = OfflineLinkInspector()
    private static let action = "https://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C"

    private static func encoded(_ text: String) -> String {
        PercentEncoding.encodeComponent(text)
    }

    @Test("A Safe Links wrapper inside a Dynamic Link is peeled to the action link")
    func safeLinkInsideDynamicLink() throws {
        let safeLink = "https://nam12.safelinks.protection.outlook.com/?url=" + Self.encoded(Self.action) + "&data=x"
        let inspection = try inspector.inspect("https://x.page.link/?link=" + Self.encoded(safeLink))
        #expect(inspection.kind == .emailAction)
        #expect(inspection.action?.oobCode == "C")
        #expect(inspection.layers.contains(.mailSecurity(.microsoftSafeLinks)))
    }

    @Test(
        "A broken percent escape or escapes that decode to invalid UTF-8, at any layer, is a damaged link naming the parameter",
        arguments: [
            (
                "https://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C%2", "oobCode",
                PercentEscapeDamage.malformedEscape
            ),
            ("https://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C%zz", "oobCode", .malformedEscape),
            (
                "https://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C&continueUrl=%C3%28",
                "continueUrl",
                .invalidUTF8
            ),
            // Inside a Dynamic Link: the inner link's own query is damaged (%25 decodes to a lone %).
            (
                "https://x.page.link/?link=https%3A%2F%2Fx.firebaseapp.com%2F__%2Fauth%2Faction%3FapiKey%3Dk%26mode%3D"
                    + "signIn%26oobCode%3DC%25G1", "oobCode", .malformedEscape
            ),
            // The wrapper's own parameter.
            ("https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx%FF", "url", .invalidUTF8),
        ])
    func damagedEscapes(link: String, parameter: String, damage: PercentEscapeDamage) {
        #expect(throws: LinkInputError.damagedParameter(name: parameter, damage)) {
            try inspector.inspect(link)
        }
    }

    @Test(
        "javascript:, data:, file:, blob: and vbscript: never carry an action link or a callback",
        arguments: ["javascript:", "JavaScript:", "data:", "file:", "blob:", "vbscript:"])
    func inertSchemes(scheme: String) throws {
        let action = try inspector.inspect(scheme + "//x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C")
        #expect(action.kind == .unknown)
        #expect(action.action == nil)
        let wrapped = try inspector.inspect(scheme + "//x/?link=" + Self.encoded(Self.action))
        #expect(wrapped.kind == .unknown)
        let callback = try inspector.inspect(
            scheme + "//firebaseauth/link?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth"
                + "%2Fcallback%3FauthType%3DverifyApp%26recaptchaToken%3Dtok%26eventId%3DE")
        #expect(callback.kind == .unknown)
        #expect(callback.callback == nil)
        // Nested inside an ordinary link, such a scheme is not an action link either.
        let nested = try inspector.inspect(
            "https://example.com/?link="
                + Self.encoded("javascript://x/__/auth/action?apiKey=k&mode=signIn&oobCode=C"))
        #expect(nested.action == nil)
    }
}
