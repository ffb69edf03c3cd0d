import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

/// Mail gateways rewrite every link; each rewrite must be undone offline.
struct MailSecurityWrapperTests {
    let action = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123&lang=en"
    func enc(_ text: String) -> String { PercentEncoding.encodeComponent(text) }

    func innermost(_ link: String) throws -> ActionLinkUnwrapper.Result { try ActionLinkUnwrapper.unwrap(link) }

    @Test func microsoftSafeLinks() throws {
        let link =
            "https://nam12.safelinks.protection.outlook.com/?url=" + enc(action)
            + "&data=05%7C02%7Cuser%40example.com%7Cabc%7C0%7C0%7C638000000000000000&sdata=AbC%2Fd%3D&reserved=0"
        let result = try innermost(link)
        #expect(result.action?.oobCode == "CODE123")
        #expect(result.layers == [.mailSecurity(.microsoftSafeLinks)])
    }

    @Test func wrapperWithUserInfoInItsAuthority() throws {
        for wrapped in [
            "https://user@eur01.safelinks.protection.outlook.com/?url=" + enc(action) + "&data=x",
            "https://user:pw@www.google.com/url?q=" + enc(action),
            "https://user@urldefense.proofpoint.com/v1/url?u=" + enc(action) + "&k=abc",
        ] {
            #expect(try innermost(wrapped).action?.oobCode == "CODE123", "\(wrapped)")
        }
    }

    @Test func microsoftSafeLinksGovernmentCloud() throws {
        let link = "https://gcc02.safelinks.protection.office365.us/?url=" + enc(action) + "&data=x&reserved=0"
        #expect(try innermost(link).action?.oobCode == "CODE123")
    }

    @Test func googleRedirect() throws {
        let link =
            "https://www.google.com/url?q=" + enc(action) + "&sa=D&source=editors&ust=1700000000000000&usg=AOvVaw0"
        let result = try innermost(link)
        #expect(result.action?.oobCode == "CODE123")
        #expect(result.layers == [.mailSecurity(.googleRedirect)])
        let countrySite = "https://www.google.co.uk/url?sa=t&url=" + enc(action)
        #expect(try innermost(countrySite).action?.oobCode == "CODE123")
    }

    @Test func googleSearchIsNotARedirect() throws {
        let parts = try #require(URLParts("https://www.google.com/search?q=" + enc(action)))
        #expect(MailSecurityWrapper.unwrap("https://www.google.com/search?q=x", parts: parts) == nil)
    }

    @Test func proofpointVersion1() throws {
        let link =
            "https://urldefense.proofpoint.com/v1/url?u=" + enc(action)
            + "&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=x&m=y&s=z"
        #expect(try innermost(link).action?.oobCode == "CODE123")
    }

    @Test func proofpointVersion2() throws {
        let link =
            "https://urldefense.proofpoint.com/v2/url?u=https-3A__proj.firebaseapp.com_-5F-5F_auth_action-3FapiKey"
            + "-3DAIzaKEY-26mode-3DsignIn-26oobCode-3DCODE123-26lang-3Den&d=DwMFaQ&c=Vxt5e0Osvvt2gflwSlsJ5DmPGcPvTRKLJyp"
            + "031rXjhg&r=MujLDFBJstxoxZI&m=QJGhloAyfD0UZ6n8r6y9dF-khNKqvRAIWDRU_K65xPI&s=ew-rOtBFjiX1Hgv71XQJ5BEgl9TPaoW&e="
        let result = try innermost(link)
        #expect(result.action?.link == action)
        #expect(result.layers == [.mailSecurity(.proofpointURLDefense)])
    }

    /// Proofpoint's own documented example: `*` stands for a character carried base64url-encoded after `__;`.
    @Test func proofpointVersion3DocumentedExample() throws {
        let link =
            "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ3kNJkRi5J"
            + "g!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$"
        let parts = try #require(URLParts(link))
        #expect(
            MailSecurityWrapper.unwrap(link, parts: parts)?.target == "https://google.com:443/search?q=a+test&gs=ps")
    }

    @Test func proofpointVersion3AroundAnActionLink() throws {
        // The three `*` stand for `%%%`, base64url "JSUl".
        let link =
            "https://urldefense.com/v3/__https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn"
            + "&oobCode=CODE123&continueUrl=https*3A*2F*2Fapp.example.com__;JSUl!!ABcD!xYz$"
        let action = try #require(try innermost(link).action)
        #expect(action.oobCode == "CODE123")
        #expect(action.continueURL == "https://app.example.com")
    }

    @Test func proofpointVersion3RunLength() throws {
        // `**B` takes a run of three replacement characters ("xyz", base64url "eHl6").
        let link = "https://urldefense.com/v3/__https://example.com/a**Bb__;eHl6!!x$"
        let parts = try #require(URLParts(link))
        #expect(MailSecurityWrapper.unwrap(link, parts: parts)?.target == "https://example.com/axyzb")
    }

    @Test func proofpointVersion3WithMissingReplacementsIsNotDecoded() throws {
        let link = "https://urldefense.com/v3/__https://example.com/***__;!!x$"
        let parts = try #require(URLParts(link))
        #expect(MailSecurityWrapper.unwrap(link, parts: parts) == nil)
    }

    @Test func barracudaLinkProtect() throws {
        let link = "https://linkprotect.cudasvc.com/url?a=" + enc(action) + "&c=E,1,abc&typo=1"
        #expect(try innermost(link).action?.oobCode == "CODE123")
    }

    @Test func wrappersInsideWrappers() throws {
        let dynamic = "https://x.page.link/?link=" + enc(action)
        let proofpoint = "https://urldefense.proofpoint.com/v1/url?u=" + enc(dynamic) + "&k=abc"
        let safeLinks = "https://eur01.safelinks.protection.outlook.com/?url=" + enc(proofpoint) + "&data=x"
        let result = try innermost(safeLinks)
        #expect(result.action?.oobCode == "CODE123")
        #expect(
            result.layers == [.mailSecurity(.microsoftSafeLinks), .mailSecurity(.proofpointURLDefense), .dynamicLink])
    }
}
