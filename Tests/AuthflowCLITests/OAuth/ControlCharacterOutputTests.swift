import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// A provider's profile is outside data: a display name (or address) holding terminal controls must reach the
/// terminal escaped, never raw, in `oauth sign-in`'s report, `whoami` and `sessions` alike.
@Suite("Control characters from a provider are escaped in text output")
struct ControlCharacterOutputTests {
    /// Sets the window title, clears the screen, returns to the line's start and forges a line.
    static let hostileName = "\u{1B}]0;pwned\u{07}\u{1B}[2J\rFAKE: Signed in as admin@bank.com\nFAKE line"
    /// An address with a colour change, a bell and a carriage return in its local part.
    static let hostileEmail = "mallory\u{1B}[31m\u{07}\r@example.com"

    /// The raw control bytes found in `text` (ESC, BEL, CR and every other C0 control but tab and line feed).
    static func rawControls(_ text: String) -> [UInt8] {
        text.utf8.filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }
    }

    @Test("oauth sign-in, whoami and sessions print the name and address with their controls escaped")
    func escapedEverywhere() async throws {
        let fixture = try PhoneCLIFixture()
        let claims = OAuthHostedRouteTests.claims(sub: "666", email: Self.hostileEmail, name: Self.hostileName)

        let signIn = try await OAuthHostedRouteTests.signIn(fixture, provider: "github.com", claims: claims)
        let whoami = try await fixture.run(["whoami"])
        let sessions = try await fixture.run(["sessions"])
        let json = try await fixture.run(["whoami", "--json"])

        #expect(signIn.exitCode == 0, "\(signIn.stderrText)")
        #expect(whoami.exitCode == 0, "\(whoami.stderrText)")
        #expect(sessions.exitCode == 0, "\(sessions.stderrText)")
        for (name, result) in [("oauth sign-in", signIn), ("whoami", whoami), ("sessions", sessions)] {
            #expect(Self.rawControls(result.stdoutText + result.stderrText).isEmpty, "\(name) printed raw controls")
            #expect(!result.stdoutText.contains("\nFAKE"), "\(name) let a value start a line of its own")
        }
        #expect(signIn.stdoutText.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{D}FAKE"#), "\(signIn.stdoutText)")
        #expect(
            whoami.stdoutText.contains(
                #"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{D}FAKE: Signed in as admin@bank.com\u{A}FAKE line"#))
        #expect(whoami.stdoutText.contains(#"mallory\u{1B}[31m\u{7}\u{D}@example.com"#), "\(whoami.stdoutText)")
        #expect(sessions.stdoutText.contains(#"mallory\u{1B}[31m\u{7}\u{D}@example.com"#), "\(sessions.stdoutText)")
        // JSON keeps the value exact, its controls escaped as JSON escapes them.
        let user = try #require(try JSONParser.parse(json.stdoutText).objectValue)
        #expect(user["displayName"]?.stringValue == Self.hostileName)
        #expect(Self.rawControls(json.stdoutText).isEmpty)
    }
}
