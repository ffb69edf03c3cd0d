import AuthflowParsing
import Testing

/// The scheme vectors of protocol reference §12.3 and §2.5.
struct CallbackSchemeTests {
    @Test func reversedClientID() throws {
        let scheme = try #require(CallbackScheme(clientID: "123456.apps.googleusercontent.com"))
        #expect(scheme.scheme == "com.googleusercontent.apps.123456")
        #expect(scheme.identifier == .clientID("123456.apps.googleusercontent.com"))
    }

    @Test func appID() throws {
        let scheme = try #require(CallbackScheme(appID: "1:123456789:ios:123abc456def"))
        #expect(scheme.scheme == "app-1-123456789-ios-123abc456def")
        #expect(scheme.identifier == .appID("1:123456789:ios:123abc456def"))
        #expect(CallbackScheme(appID: "1:1234567890:ios:abcdef")?.scheme == "app-1-1234567890-ios-abcdef")
    }

    @Test func emptyOrMalformedIdentifiers() {
        #expect(CallbackScheme(clientID: "") == nil)
        #expect(CallbackScheme(clientID: "a..b") == nil)
        #expect(CallbackScheme(appID: "") == nil)
    }

    @Test func acceptsCallbacksOnItsSchemeIgnoringCase() throws {
        let scheme = try #require(CallbackScheme(clientID: "123-abc.apps.googleusercontent.com"))
        let inner = "https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FauthType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DE"
        let matching = try #require(
            AuthCallback(url: "COM.googleusercontent.apps.123-abc://firebaseauth/link?deep_link_id=" + inner))
        let other = try #require(AuthCallback(url: "app-1-2-ios-3://firebaseauth/link?deep_link_id=" + inner))
        #expect(scheme.accepts(matching))
        #expect(!scheme.accepts(other))
    }
}
