import AuthflowCore
import AuthflowParsing
import Testing

struct DocumentLinkFinderTests {
    let finder = DocumentLinkFinder(inspector: LinkInspector(resolver: nil))
    let signIn = "https://p.firebaseapp.com/__/auth/action?apiKey=K&mode=signIn&oobCode=SIGNIN&lang=en"
    let reset = "https://p.firebaseapp.com/__/auth/action?apiKey=K&mode=resetPassword&oobCode=RESET"

    @Test func picksTheSignInLinkAmongOthers() async throws {
        let search = try await finder.search(links: [
            "https://www.example.com/logo.png", reset, "mailto:help@example.com",
            "https://www.example.com/unsubscribe?u=1", signIn, "https://track.example.net/open.gif",
        ])
        #expect(search.chosen?.action?.oobCode == "SIGNIN")
        #expect(search.actionLinkCount == 2)
        #expect(search.linkCount == 6)
    }

    @Test func otherActionLinkWhenNoSignIn() async throws {
        let search = try await finder.search(links: ["https://www.example.com/", reset])
        #expect(search.chosen?.action?.mode == .resetPassword)
    }

    @Test func nothingRecognised() async throws {
        let search = try await finder.search(links: ["https://www.example.com/", "not a link", ""])
        #expect(search.chosen == nil)
        #expect(search.linkCount == 3)
    }

    @Test func htmlDocument() async throws {
        let html =
            "<html><body><a href=\"https://www.example.com/\">home</a>"
            + "<a href=\"\(signIn.replacingAmpersands())\">Sign in</a></body></html>"
        let search = try await finder.search(html: Array(html.utf8))
        #expect(search.chosen?.action?.oobCode == "SIGNIN")
    }

    /// A Firebase link whose oobCode holds a broken escape is reported as damaged, naming the parameter, not as
    /// "no link".
    @Test func aDamagedFirebaseLinkIsReportedAsDamaged() async throws {
        let damaged = "https://p.firebaseapp.com/__/auth/action?apiKey=K&mode=signIn&oobCode=AB%2"
        await #expect(throws: DocumentSearchError.self) {
            try await finder.search(links: ["https://www.example.com/", damaged])
        }
        do {
            _ = try await finder.search(links: ["https://www.example.com/", damaged])
        } catch {
            guard case .damagedLink(.damagedParameter(let name, .malformedEscape)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "oobCode")
        }
        // Inside a Safe Links wrapper the inner link is percent-encoded; its marks still show.
        let wrapped =
            "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fp.firebaseapp.com%2F__%2Fauth"
            + "%2Faction%3FapiKey%3DK%26mode%3DsignIn%26oobCode%3DAB%25ZZ&data=x"
        await #expect(throws: DocumentSearchError.self) { try await finder.search(links: [wrapped]) }
    }

    /// Damaged noise (a tracking link with a broken escape) is no Firebase link: the document has no link.
    @Test func aDamagedLinkThatIsNotFirebaseStillMeansNoLink() async throws {
        let search = try await finder.search(links: ["https://track.example.net/open?u=%E2%82", "https://a.test/"])
        #expect(search.chosen == nil)
        #expect(search.linkCount == 2)
    }

    /// One damaged copy and one good copy of the link (mailers often break the plain-text copy): the good one
    /// is chosen, whichever comes first.
    @Test func aGoodFirebaseLinkWinsOverADamagedOne() async throws {
        let damaged = "https://p.firebaseapp.com/__/auth/action?apiKey=K&mode=signIn&oobCode=SIGN%G1"
        for links in [[damaged, signIn], [signIn, damaged]] {
            let search = try await finder.search(links: links)
            #expect(search.chosen?.action?.oobCode == "SIGNIN")
        }
    }

    @Test func shortLinkOnlyOfflineIsReportedUnexpanded() async throws {
        let search = try await finder.search(links: ["https://x.page.link/AbCd"])
        #expect(search.chosen == nil)
    }
}

extension String {
    fileprivate func replacingAmpersands() -> String {
        split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&amp;")
    }
}
