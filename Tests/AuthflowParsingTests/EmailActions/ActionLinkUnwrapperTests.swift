import AuthflowPrimitives
import Foundation
import Testing

@testable import AuthflowParsing

/// The unwrapping vectors of protocol reference §12.1, plus the extensions beyond the JS SDK.
struct ActionLinkUnwrapperTests {
    let direct = "https://www.example.com/action?mode=signIn&oobCode=oobCode&apiKey=API_KEY"
    func enc(_ text: String) -> String { PercentEncoding.encodeComponent(text) }
    func unwrap(_ link: String) throws -> ActionLinkUnwrapper.Result { try ActionLinkUnwrapper.unwrap(link) }

    @Test func directLinkIsASignInLink() throws {
        #expect(try unwrap(direct).action?.isSignIn == true)
        #expect(try unwrap(direct).layers.isEmpty)
        #expect(try unwrap(direct.replacingOccurrences(of: "signIn", with: "verifyEmail")).action?.isSignIn == false)
        #expect(try unwrap("https://www.example.com/action?mode=signIn").action == nil)
    }

    @Test func dynamicLinkAndCustomSchemeWrappers() throws {
        let goo = try unwrap("https://example.app.goo.gl/?link=" + enc(direct))
        #expect(goo.action?.oobCode == "oobCode")
        #expect(goo.layers == [.dynamicLink])
        let scheme = try unwrap("somexampleiosurl://google/link?deep_link_id=" + enc(direct))
        #expect(scheme.action?.isSignIn == true)
        #expect(scheme.layers == [.customScheme("somexampleiosurl")])
    }

    @Test func wrappedNonSignInLinksAreNotSignIn() throws {
        let verify = direct.replacingOccurrences(of: "signIn", with: "verifyEmail")
        #expect(try unwrap("https://example.app.goo.gl/?link=" + enc(verify)).action?.isSignIn == false)
        #expect(
            try unwrap("https://example.app.goo.gl/?link=" + enc("https://www.example.com/action?mode=signIn")).action
                == nil)
    }

    @Test func deepLinkInsideHostingLinkInsideDynamicLink() throws {
        let link =
            "https://example.page.link/?link="
            + enc("https://example.firebaseapp.com/__/auth/links?deep_link_id=" + enc(direct))
        let result = try unwrap(link)
        #expect(result.action?.link == direct)
        #expect(result.layers == [.dynamicLink, .hostingLinks])
    }

    @Test func dynamicLinkInsideCustomScheme() throws {
        let result = try unwrap(
            "com.example://google/link?deep_link_id=" + enc("https://example.page.link/?link=" + enc(direct)))
        #expect(result.action?.link == direct)
    }

    /// The JS SDK's order: `deep_link_id` (and `link` inside it) before a top-level `link`.
    @Test func deepLinkIDWinsOverLinkAtTheSameLevel() throws {
        let both = "https://x.page.link/?link=" + enc("https://www.example.com/app") + "&deep_link_id=" + enc(direct)
        #expect(try unwrap(both).action?.link == direct)
        let reversed =
            "https://x.page.link/?deep_link_id=" + enc("https://www.example.com/app") + "&link=" + enc(direct)
        #expect(try unwrap(reversed).action == nil)
    }

    @Test func linkInsideLinkIsNotAnActionLink() throws {
        let result = try unwrap("https://foo?link=http%3A%2F%2Ffoo%3Flink%3DdoubleDeep")
        #expect(result.action == nil)
    }

    let hostingWrapped =
        "https://proj.firebaseapp.com/__/auth/links?link=https%3A%2F%2Fproj.firebaseapp.com%2F__%2Fauth"
        + "%2Faction%3FapiKey%3DAIzaKEY%26mode%3DsignIn%26oobCode%3DCODE123%26continueUrl%3Dhttps%253A%252F%252F"
        + "app.example.com%252Fdone%253Fx%253D1%26lang%3Den"

    @Test func hostingLinksWrapper() throws {
        let action = try #require(try unwrap(hostingWrapped).action)
        #expect(action.mode == .signIn)
        #expect(action.oobCode == "CODE123")
        #expect(action.apiKey == "AIzaKEY")
        #expect(action.continueURL == "https://app.example.com/done?x=1")
        #expect(action.languageCode == "en")
    }

    /// The JS SDK gives up here; the extended unwrapper keeps going.
    @Test func dynamicLinkAroundHostingLink() throws {
        let result = try unwrap("https://x.page.link/?link=" + enc(hostingWrapped))
        #expect(result.action?.oobCode == "CODE123")
        #expect(result.layers == [.dynamicLink, .hostingLinks])
    }

    @Test func iOSFakeEmailSignInLink() throws {
        let link =
            "https://test.app.goo.gl/?link=https://test.firebaseapp.com/__/auth/action?apiKey%3DtestAPIKey%26mode"
            + "%3DsignIn%26oobCode%3Dtestoobcode%26continueUrl%3Dhttps://test.apps.com&ibi=com.test.com&ifl=https://"
            + "test.firebaseapp.com/__/auth/action?apiKey%3DtestAPIKey%26mode%3DsignIn%26oobCode%3Dtestoobcode%26"
            + "continueUrl%3Dhttps://test.apps.com"
        let action = try #require(try unwrap(link).action)
        #expect(action.isSignIn)
        #expect(action.oobCode == "testoobcode")
        #expect(action.apiKey == "testAPIKey")
        #expect(action.continueURL == "https://test.apps.com")
    }

    @Test func topLevelParametersOnAnyDomain() throws {
        #expect(
            try unwrap("https://example.domain.com/?apiKey=testAPIKey&oobCode=testoobcode&mode=signIn").action?.oobCode
                == "testoobcode")
    }

    @Test func customSchemeFirebaseauthHost() throws {
        let link =
            "app://firebaseauth/link?deep_link_id=https%3A%2F%2Fx.firebaseapp.com%2F__%2Fauth%2Faction%3F"
            + "apiKey%3Dk%26mode%3DsignIn%26oobCode%3DC"
        #expect(try unwrap(link).action?.oobCode == "C")
    }

    @Test func notActionLinks() throws {
        #expect(try unwrap("http://www.facebook.com").action == nil)
    }

    @Test func emulatorLinkWithContinueURL() throws {
        let action = try #require(
            try unwrap(
                "http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=c0de"
                    + "&apiKey=fake-api-key&continueUrl=https%3A%2F%2Fexample.com"
            ).action)
        #expect(action.oobCode == "c0de")
        #expect(action.continueURL == "https://example.com")
    }

    @Test func actionLinkWithAStrayLinkParameterStillParses() throws {
        let result = try unwrap(direct + "&link=https%3A%2F%2Fexample.com%2Fabout")
        #expect(result.action?.oobCode == "oobCode")
    }

    @Test func pastedHTMLEscapesAndBrackets() throws {
        let pasted = "  <" + direct.replacingOccurrences(of: "&", with: "&amp;") + ">\n"
        let link = try LinkInput.normalize(pasted)
        #expect(link == direct)
    }

    @Test func linkBrokenAcrossLines() throws {
        let broken = "https://www.example.com/action?mode=signIn&oob\r\nCode=oobCode&apiKey=API_KEY"
        #expect(try unwrap(LinkInput.normalize(broken)).action?.oobCode == "oobCode")
    }
}
