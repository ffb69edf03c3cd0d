import AuthflowParsing
import Testing

struct OfflineLinkInspectorTests {
    let inspector = OfflineLinkInspector(linkDomains: ["links.example.org"])

    @Test func classifiesActionLinksFirst() throws {
        let inspection = try inspector.inspect(
            "app://firebaseauth/link?deep_link_id=https%3A%2F%2Fx.firebaseapp.com"
                + "%2F__%2Fauth%2Faction%3FapiKey%3Dk%26mode%3DsignIn%26oobCode%3DC")
        #expect(inspection.kind == .emailAction)
        #expect(inspection.link == "https://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C")
    }

    @Test func classifiesCallbacks() throws {
        let inspection = try inspector.inspect(
            "app-1-123-ios-abc://firebaseauth/link?deep_link_id=https%3A%2F%2Fx"
                + "%2F__%2Fauth%2Fcallback%3FauthType%3DverifyApp%26recaptchaToken%3Dtok%26eventId%3DE")
        #expect(inspection.kind == .authCallback)
        #expect(inspection.callback?.recaptchaToken == "tok")
    }

    @Test(arguments: [
        "https://example.page.link/AbCd", "https://example.app.goo.gl/xyz", "https://links.example.org/s/1",
        "https://sub.links.example.org/abc",
    ])
    func reportsShortLinks(link: String) throws {
        let inspection = try inspector.inspect(link)
        #expect(inspection.kind == .unknown)
        #expect(inspection.unresolvedShortLink == link)
    }

    @Test(arguments: [
        "https://page.link/AbCd", "https://example.page.link/", "https://evilpage.link/AbCd",
        "https://example.com/AbCd", "https://example.page.link/?link=https%3A%2F%2Fexample.com",
    ])
    func otherLinksAreNotShortLinks(link: String) throws {
        #expect(try inspector.inspect(link).unresolvedShortLink == nil)
    }

    /// Without domains of the user's, the host is read from the link's bytes first: it must answer as the
    /// lowercased host does (any ASCII case, the dot boundary, a port or user info beside it).
    @Test(arguments: [
        ("https://Example.PAGE.Link/AbCd", true), ("HTTPS://x.App.Goo.Gl:443/xyz", true),
        ("https://user@x.page.link/AbCd", true), ("https://PAGE.LINK/AbCd", false),
        ("https://evilPAGE.link/AbCd", false), ("https://x.page.link.example.com/AbCd", false),
        ("mailto:x.page.link/AbCd", false), ("https://x.page.linké/AbCd", false),
    ])
    func dynamicLinksHostsWithoutLinkDomains(link: String, isShortLink: Bool) throws {
        let inspection = try OfflineLinkInspector().inspect(link)
        #expect((inspection.unresolvedShortLink == link) == isShortLink)
    }

    @Test func shortLinkInsideSafeLinksIsReported() throws {
        let inspection = try inspector.inspect(
            "https://nam12.safelinks.protection.outlook.com/?url="
                + "https%3A%2F%2Fexample.page.link%2FAbCd&data=x")
        #expect(inspection.unresolvedShortLink == "https://example.page.link/AbCd")
        #expect(inspection.layers == [.mailSecurity(.microsoftSafeLinks)])
    }

    @Test func unknownLink() throws {
        let inspection = try inspector.inspect("https://www.example.com/about")
        #expect(inspection.kind == .unknown)
        #expect(inspection.link == nil)
    }
}
