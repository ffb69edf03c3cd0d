import AuthflowTestSupport
import Foundation
import Testing

/// `authflow link inspect`, run as a user would run it.
struct LinkInspectCommandTests {
    let action =
        "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123"
        + "&continueUrl=https%3A%2F%2Fapp.example.com%2Fdone&lang=en&tenantId=T1"

    @Test func summaryForAnActionLink() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", action])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("Firebase email action link: sign-in link"))
        #expect(result.stdoutText.contains("CODE123"))
        #expect(result.stderr.isEmpty)
    }

    @Test func jsonHasEveryKeyInOrder() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", action])
        #expect(result.exitCode == 0)
        let keys = [
            "kind", "mode", "oobCode", "apiKey", "continueUrl", "lang", "tenantId", "link", "authType",
            "eventId", "recaptchaToken", "error", "layers", "shortLink",
        ]
        let text = result.stdoutText
        let positions = keys.compactMap { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        let object = try jsonObject(text)
        #expect(object["kind"] as? String == "emailAction")
        #expect(object["oobCode"] as? String == "CODE123")
        #expect(object["continueUrl"] as? String == "https://app.example.com/done")
        #expect(object["tenantId"] as? String == "T1")
        #expect(object["link"] as? String == action)
        #expect(object["authType"] is NSNull)
        #expect(text.hasSuffix("}\n"))
    }

    @Test func callbackJSON() async throws {
        let callback =
            "com.googleusercontent.apps.123://firebaseauth/link?deep_link_id=https%3A%2F%2Fp.firebaseapp.com"
            + "%2F__%2Fauth%2Fcallback%3FfirebaseError%3D%257B%2522code%2522%253A%2522auth%252Finternal-error%2522%252C"
            + "%2522message%2522%253A%2522Internal%2520error%2522%257D%26authType%3DverifyApp%26eventId%3DE1"
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", callback])
        #expect(result.exitCode == 0)
        let object = try jsonObject(result.stdoutText)
        #expect(object["kind"] as? String == "authCallback")
        #expect(object["authType"] as? String == "verifyApp")
        #expect(object["eventId"] as? String == "E1")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "auth/internal-error")
        #expect(error["message"] as? String == "Internal error")
    }

    @Test func unknownLinkExitsOne() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "https://www.example.com/about"])
        #expect(result.exitCode == 1)
        #expect(try jsonObject(result.stdoutText)["kind"] as? String == "unknown")
    }

    @Test func unusableInputExitsTwoWithAMessage() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "not a link"])
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("is not a URL"))
    }

    @Test(arguments: [
        ["link", "inspect"],
        ["link", "inspect", "https://x", "--html", "f.html"],
        ["link", "inspect", "--bogus"],
        ["link", "inspect", "--timeout", "0", "https://x"],
    ])
    func usageErrorsExitTwo(arguments: [String]) async throws {
        let result = try await AuthflowCommand.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Usage") || result.stderrText.contains("Error"))
    }

    @Test func shippedEmail() async throws {
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--json", "--eml", AuthflowCommand.example("sign-in.eml"),
        ])
        #expect(result.exitCode == 0)
        let object = try jsonObject(result.stdoutText)
        #expect(object["kind"] as? String == "emailAction")
        #expect(object["mode"] as? String == "signIn")
        #expect(object["oobCode"] as? String == "Qm9vay1hLXRhYmxlLWZvci10d28tYXQtZWlnaHQ_demo")
        #expect(object["continueUrl"] as? String == "https://app.example.com/finish?cart=42")
        #expect(object["layers"] as? [String] == ["Microsoft Safe Links"])
    }

    /// A long newsletter or a mail archive: more links than the 10,000 once searched, the sign-in link last.
    /// Only the 32 MiB document limit bounds a page now.
    @Test(
        "A page or email with more than 10,000 links and the sign-in link last is searched to the end",
        arguments: ["--html", "text", "mime"])
    func manyLinksWithTheSignInLinkLast(kind: String) async throws {
        let count = 12_000
        let anchors = (0..<count).map { "<a href=\"https://news.example/item/\($0)\">item</a>\n" }.joined()
        let lines = (0..<count).map { "https://news.example/item/\($0)\n" }.joined()
        let headers = "From: news@example.com\r\nTo: ada@example.com\r\nSubject: News\r\nMIME-Version: 1.0\r\n"
        let signIn = "<a href=\"\(action.replacingOccurrences(of: "&", with: "&amp;"))\">Sign in</a>\n"
        let document: String
        switch kind {
        case "--html":
            document = "<html><body>\n" + anchors + signIn + "</body></html>\n"
        case "text":
            document =
                headers + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + lines + action + "\n"
        default:
            document =
                headers + "Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n--b\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + lines + "\r\n--b\r\n"
                + "Content-Type: text/html; charset=utf-8\r\n\r\n<html><body>\n" + anchors + signIn
                + "</body></html>\r\n--b--\r\n"
        }
        let result = try await AuthflowCommand.run(
            ["link", "inspect", "--json", kind == "--html" ? "--html" : "--eml", "-"], stdin: Array(document.utf8))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try jsonObject(result.stdoutText)["oobCode"] as? String == "CODE123")
    }

    @Test func htmlFromStandardInput() async throws {
        let html = try Data(contentsOf: URL(fileURLWithPath: AuthflowCommand.example("sign-in.html")))
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "--html", "-"], stdin: Array(html))
        #expect(result.exitCode == 0)
        #expect(
            try jsonObject(result.stdoutText)["oobCode"] as? String == "Qm9vay1hLXRhYmxlLWZvci10d28tYXQtZWlnaHQ_demo")
    }

    @Test func documentWithoutFirebaseLinks() async throws {
        let html = Array("<p><a href=\"https://www.example.com/\">home</a></p>".utf8)
        let result = try await AuthflowCommand.run(["link", "inspect", "--html", "-"], stdin: html)
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("No Firebase link among the 1 links"))
    }

    /// A damaged Firebase link inside a page or an email is called damaged (2, naming the parameter), not "no
    /// link"; with a good copy beside it, the good one is used.
    @Test func damagedLinkInADocumentExitsTwo() async throws {
        let damaged = "https://p.firebaseapp.com/__/auth/action?apiKey=K&amp;mode=signIn&amp;oobCode=AB%2"
        let html = Array("<p><a href=\"https://www.example.com/\">home</a><a href=\"\(damaged)\">in</a></p>".utf8)
        let result = try await AuthflowCommand.run(["link", "inspect", "--html", "-"], stdin: html)
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("oobCode parameter"), "\(result.stderrText)")
        #expect(result.stderrText.contains("cut off or altered in transit"))
        #expect(!result.stderrText.contains("No Firebase link"))

        let eml = Array(
            ("From: a@example.com\r\nTo: b@example.com\r\nSubject: Sign in\r\nContent-Type: text/plain\r\n\r\n"
                + "Sign in: https://p.firebaseapp.com/__/auth/action?apiKey=K&mode=signIn&oobCode=AB%ZZ\r\n").utf8)
        let fromEmail = try await AuthflowCommand.run(["link", "inspect", "--eml", "-"], stdin: eml)
        #expect(fromEmail.exitCode == 2, "\(fromEmail.stderrText)")
        #expect(fromEmail.stderrText.contains("oobCode parameter"), "\(fromEmail.stderrText)")

        let good = "https://p.firebaseapp.com/__/auth/action?apiKey=K&amp;mode=signIn&amp;oobCode=GOOD"
        let mixed = Array("<a href=\"\(damaged)\">a</a> <a href=\"\(good)\">b</a>".utf8)
        let chosen = try await AuthflowCommand.run(["link", "inspect", "--json", "--html", "-"], stdin: mixed)
        #expect(chosen.exitCode == 0, "\(chosen.stderrText)")
        #expect(try jsonObject(chosen.stdoutText)["oobCode"] as? String == "GOOD")
    }

    /// A damaged link that is not a Firebase link (a tracker) leaves the document with no link (1).
    @Test func damagedNonFirebaseLinkInADocumentIsNoLink() async throws {
        let html = Array("<a href=\"https://track.example.net/o?u=%E2%82\">t</a>".utf8)
        let result = try await AuthflowCommand.run(["link", "inspect", "--html", "-"], stdin: html)
        #expect(result.exitCode == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("No Firebase link among the 1 links"))
    }

    /// The former spellings still work and say, in one line on standard error, what to use instead; the new
    /// ones say nothing.
    @Test func formerSpellingsPrintADeprecationNotice() async throws {
        let old = try await AuthflowCommand.run(["link", "inspect", "--json", "--timeout", "5", action])
        #expect(old.exitCode == 0, "\(old.stderrText)")
        #expect(try jsonObject(old.stdoutText)["oobCode"] as? String == "CODE123")
        let notice = "authflow: --timeout is deprecated and will be removed; use --request-timeout"
        #expect(old.stderrText.contains(notice), "\(old.stderrText)")
        #expect(old.stderrText.split(separator: "\n").count == 1)

        let new = try await AuthflowCommand.run(["link", "inspect", "--json", "--request-timeout", "5", action])
        #expect(new.exitCode == 0)
        #expect(new.stderrText.isEmpty, "\(new.stderrText)")

        let fixture = try EmailLinkCLIFixture()
        let complete = try await fixture.run(["email-link", "complete", "--timeout", "5", "not a link"])
        #expect(complete.exitCode == 2, "\(complete.stderrText)")
        #expect(complete.stderrText.contains(notice), "\(complete.stderrText)")
    }

    /// --link-domain means one thing in every command, the Hosting domain `email-link send` builds a link on;
    /// where links are only read it is refused (2), naming the flag that allows a short-link host, and nothing
    /// is looked up.
    @Test(arguments: [["link", "inspect"], ["email-link", "complete"]])
    func linkDomainIsRefusedWhereLinksAreRead(command: [String]) async throws {
        let fixture = try EmailLinkCLIFixture()
        let result = try await fixture.run(command + ["--link-domain", "links.example.com", action])
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "--link-domain is the Hosting domain `email-link send` builds a new link on; it means nothing here. "
                    + "To let authflow expand short links on links.example.com, pass --short-link-domain "
                    + "links.example.com."), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileExitsTwo() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "--eml", "/nonexistent/mail.eml"])
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Cannot read /nonexistent/mail.eml: no such file or directory"))
    }

    @Test func htmlFileGivenAsEmailExitsTwo() async throws {
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--eml", AuthflowCommand.example("sign-in.html"),
        ])
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("is not an email"))
        #expect(result.stderrText.contains("pass it with --html"))
        #expect(result.stdout.isEmpty)
    }

    @Test func batchOneObjectPerLine() async throws {
        let input = try String(contentsOfFile: AuthflowCommand.example("links.txt"), encoding: .utf8)
        let result = try await AuthflowCommand.run(
            ["link", "inspect", "--json", "--offline", "-"], stdin: Array(input.utf8))
        let inputLines = input.split(separator: "\n")
        let outputLines = result.stdoutText.split(separator: "\n")
        #expect(outputLines.count == inputLines.count)
        let kinds = try outputLines.map { try jsonObject($0)["kind"] as? String }
        #expect(
            kinds == [
                "emailAction", "emailAction", "emailAction", "emailAction", "emailAction", "authCallback", "unknown",
            ])
        #expect(result.exitCode == 1) // the highest status any line produced: one unknown link
    }

    @Test func batchKeepsGoingPastBadLines() async throws {
        var input = Array("https://e.com/a?mode=signIn&apiKey=K&oobCode=C1\n\n".utf8)
        input += [0xFF, 0xFE, 0x0A]
        input += Array("https://e.com/a?mode=signIn&apiKey=K&oobCode=C2".utf8) // no final newline
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "-"], stdin: input)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 4) // one per input line, the blank one included
        #expect(try jsonObject(lines[0])["oobCode"] as? String == "C1")
        #expect(try jsonObject(lines[1])["problem"] as? String == "blank line")
        #expect((try jsonObject(lines[2])["problem"] as? String)?.contains("UTF-8") == true)
        #expect(try jsonObject(lines[3])["oobCode"] as? String == "C2")
        #expect(result.exitCode == 2)
    }

    @Test func batchLinesLongerThanOneReadAndCarriageReturns() async throws {
        // A line several times the reader's 64 KiB read, split across reads, then CRLF lines, the last one
        // without its LF: each comes out whole, in order.
        let padding = String(repeating: "a", count: 300_000)
        var input = Array("https://e.com/a?mode=signIn&apiKey=K&oobCode=LONG&continueUrl=https%3A%2F%2Fx.com%2F".utf8)
        input += Array(padding.utf8) + [0x0A]
        input += Array("https://e.com/a?mode=signIn&apiKey=K&oobCode=C2\r\n".utf8)
        input += Array("https://e.com/a?mode=signIn&apiKey=K&oobCode=C3\r".utf8)
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "--offline", "-"], stdin: input)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 3)
        let first = try jsonObject(lines[0])
        #expect(first["oobCode"] as? String == "LONG")
        #expect(first["continueUrl"] as? String == "https://x.com/" + padding)
        #expect(try jsonObject(lines[1])["oobCode"] as? String == "C2")
        #expect(try jsonObject(lines[2])["oobCode"] as? String == "C3")
        #expect(result.exitCode == 0)
    }

    @Test func shortLinkOffline() async throws {
        let result = try await AuthflowCommand.run([
            "link", "inspect", "--json", "--offline", "https://demo.page.link/AbCd",
        ])
        #expect(result.exitCode == 1)
        #expect(try jsonObject(result.stdoutText)["shortLink"] as? String == "https://demo.page.link/AbCd")
    }

    @Test func shortLinkWithoutNetworkExitsThree() async throws {
        let result = try await AuthflowCommand.run(["link", "inspect", "https://demo.page.link/AbCd"])
        #expect(result.exitCode == 3)
        #expect(result.stderrText.contains("Could not resolve the short link https://demo.page.link/AbCd"))
        #expect(!result.timedOut)
    }

    @Test func batchExpandsAShortLinkBetweenOfflineLines() async throws {
        // Only the short link's line goes online (and, with no network, says why it failed); the lines around it
        // are read and written as they are.
        let input = Array(
            ("https://e.com/a?mode=signIn&apiKey=K&oobCode=C1\nhttps://demo.page.link/AbCd\n"
                + "https://e.com/a?mode=signIn&apiKey=K&oobCode=C2\n").utf8)
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "-"], stdin: input)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(try jsonObject(lines[0])["oobCode"] as? String == "C1")
        let problem = try jsonObject(lines[1])["problem"] as? String
        #expect(problem?.contains("Could not resolve the short link https://demo.page.link/AbCd") == true)
        #expect(try jsonObject(lines[2])["oobCode"] as? String == "C2")
        #expect(result.exitCode == 3)
        #expect(!result.timedOut)
    }

    @Test func deeplyNestedInputExitsTwo() async throws {
        let link = String(repeating: "https://x.page.link/?link=", count: 10_000) + action
        let result = try await AuthflowCommand.run(["link", "inspect", "--json", "-"], stdin: Array(link.utf8))
        #expect(result.exitCode == 2)
        #expect(result.stdoutText.contains("wrapped more than"))
    }
}
