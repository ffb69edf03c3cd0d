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
