import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow apple sign-in --id-token`, `apple nonce`, linking and its refusal, and the revoke-then-delete order,
/// against the embedded backend.
@Suite("authflow apple: identity token, nonce, link, revoke and delete")
struct AppleCommandTests {
    static func claims(_ sub: String, _ email: String) -> String {
        #"{"sub":"\#(sub)","email":"\#(email)","email_verified":true}"#
    }

    @Test("apple nonce prints a raw nonce and its SHA-256, which sha256sum agrees with")
    func nonce() async throws {
        let text = try await AuthflowCommand.run(["apple", "nonce"])
        let json = try await AuthflowCommand.run(["apple", "nonce", "--json"])

        #expect(text.exitCode == 0 && json.exitCode == 0)
        let object = try jsonObject(json.stdoutText)
        let raw = try #require(object["raw"] as? String)
        let hashed = try #require(object["sha256"] as? String)
        let check = try await Subprocess.run("/bin/sh", arguments: ["-c", "printf %s \"$1\" | sha256sum", "sh", raw])
        #expect(check.stdoutText.hasPrefix(hashed + " "))
        let lines = text.stdoutText.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("raw:    ") && lines[1].hasPrefix("sha256: "))
        #expect(!text.stdoutText.contains(raw), "a fresh nonce each time")
    }

    @Test("--id-token with --nonce and --full-name signs in; the token may come from standard input")
    func identityToken() async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run(
            [
                "apple", "sign-in", "--id-token", "-", "--nonce", "raw-nonce", "--full-name", "Ada King Lovelace",
                "--json",
            ],
            stdin: Array((Self.claims("apple-1", "x1@privaterelay.appleid.com") + "\n").utf8))

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["route"] as? String == "id-token")
        let apple = try #require(object["apple"] as? [String: Any])
        #expect(apple["fullName"] as? String == "Ada King Lovelace")
        #expect(apple["privateRelay"] as? Bool == true)
        #expect(try fixture.sessions.load()?.signInProvider == "apple.com")
    }

    @Test(
        "Argument mistakes are usage errors (exit 2) before anything is sent",
        arguments: [
            (["--id-token", "t"], "--id-token and --nonce go together"),
            (["--nonce", "n"], "--id-token and --nonce go together"),
            (["--full-name", "A B"], "--full-name goes with --id-token"),
            (["--id-token", "t", "--nonce", "n", "--scopes", "email"], "no page is opened"),
            (["--updated-credential", "--link"], "cannot be combined"),
            (["--link", "--reauth"], "not both"),
        ])
    func usage(arguments: [String], expected: String) async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run(["apple", "sign-in"] + arguments)

        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains(expected), "\(result.stderrText)")
    }

    @Test("MISSING_OR_INVALID_NONCE explains that the raw nonce is wanted (exit 1)")
    func wrongNonce() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(
                400,
                body: #"{"error":{"code":400,"message":"MISSING_OR_INVALID_NONCE : Nonce is missing in the request."}}"#
            ),
            for: "accounts:signInWithIdp")
        let hash = String(repeating: "ab", count: 32)

        let result = try await fixture.run([
            "apple", "sign-in", "--id-token", Self.claims("a", "a@b.c"), "--nonce", hash,
        ])

        #expect(result.exitCode == 1)
        #expect(
            result.stderrText.contains("--nonce must be the raw nonce whose SHA-256 (lowercase hex) went into Apple's"))
        #expect(result.stderrText.contains("--nonce looks like a SHA-256 hash"))
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("INVALID_IDP_RESPONSE for a token that is not one says to sign in with Apple again; the token is not echoed")
    func rejectedToken() async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run(["apple", "sign-in", "--id-token", "notajwt-secret-value", "--nonce", "n"])

        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("Firebase rejected Apple's credential"))
        #expect(result.stderrText.contains("sign in with Apple again"))
        #expect(!result.stderrText.contains("notajwt-secret-value"))
    }

    @Test("--link adds Apple; --reauth re-authenticates; another Apple ID for --reauth is refused")
    func linkAndReauth() async throws {
        let fixture = try PhoneCLIFixture()
        let grace = try await fixture.signUp(email: "grace@example.com")

        let linked = try await fixture.run([
            "apple", "sign-in", "--link", "--id-token", Self.claims("apple-g", "grace@example.com"), "--nonce", "n",
        ])
        let reauth = try await fixture.run([
            "apple", "sign-in", "--reauth", "--id-token", Self.claims("apple-g", "grace@example.com"), "--nonce", "n",
        ])
        let other = try await fixture.run([
            "apple", "sign-in", "--reauth", "--id-token", Self.claims("apple-x", "x@example.com"), "--nonce", "n",
        ])

        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        #expect(linked.stdoutText.hasPrefix("Linked Sign in with Apple to grace@example.com (uid \(grace.uid))"))
        #expect(reauth.exitCode == 0, "\(reauth.stderrText)")
        #expect(reauth.stdoutText.hasPrefix("Re-authenticated grace@example.com"))
        #expect(other.exitCode == 1)
        #expect(other.stderrText.contains("belongs to another account"))
        #expect(try fixture.sessions.load()?.uid == grace.uid)
    }

    @Test("A refused link keeps the updated credential; --updated-credential signs in to its owner once")
    func alreadyLinked() async throws {
        let fixture = try PhoneCLIFixture()
        let owner = try await fixture.run([
            "apple", "sign-in", "--id-token", Self.claims("apple-o", "o@privaterelay.appleid.com"), "--nonce", "n",
            "--json",
        ])
        let ownerUID = try #require((try jsonObject(owner.stdoutText)["user"] as? [String: Any])?["uid"] as? String)
        _ = try await fixture.signUp(email: "grace@example.com")

        let refused = try await fixture.run([
            "apple", "sign-in", "--link", "--id-token", Self.claims("apple-o", "o@privaterelay.appleid.com"), "--nonce",
            "n",
        ])
        let used = try await fixture.run(["apple", "sign-in", "--updated-credential", "--json"])
        let again = try await fixture.run(["apple", "sign-in", "--updated-credential"])

        #expect(refused.exitCode == 1)
        #expect(refused.stderrText.contains("already linked to another Firebase user (o@privaterelay.appleid.com)"))
        #expect(refused.stderrText.contains("`authflow apple sign-in --updated-credential`"))
        #expect(used.exitCode == 0, "\(used.stderrText)")
        #expect((try jsonObject(used.stdoutText)["user"] as? [String: Any])?["uid"] as? String == ownerUID)
        #expect(try jsonObject(used.stdoutText)["route"] as? String == "updated-credential")
        #expect(again.exitCode == 1)
        #expect(again.stderrText.contains("No updated Apple credential is waiting"))
    }

    @Test("delete-account refuses an Apple account until apple revoke ran; then it deletes, in Apple's order")
    func revokeThenDelete() async throws {
        let fixture = try PhoneCLIFixture()
        let signedIn = try await fixture.run([
            "apple", "sign-in", "--id-token", Self.claims("apple-d", "d@privaterelay.appleid.com"), "--nonce", "n",
        ])
        #expect(signedIn.exitCode == 0)

        let early = try await fixture.run(["delete-account", "--yes"])
        let revoked = try await fixture.run(
            ["apple", "revoke", "--authorization-code", "-", "--json"], stdin: Array("c0de-123\n".utf8))
        let deleted = try await fixture.run(["delete-account", "--yes"])

        #expect(early.exitCode == 2)
        #expect(early.stderrText.contains("Apple requires its token to be revoked before the account is deleted"))
        #expect(early.stderrText.contains("1. `authflow apple sign-in --reauth`"))
        #expect(early.stderrText.contains("Nothing was deleted."))
        #expect(revoked.exitCode == 0, "\(revoked.stderrText)")
        #expect(try jsonObject(revoked.stdoutText)["next"] as? String == "authflow delete-account")
        let recorded = try #require(fixture.backend.tokenRevocations.first)
        #expect(recorded.token == "c0de-123" && recorded.tokenType == "3" && recorded.providerID == "apple.com")
        #expect(deleted.exitCode == 0, "\(deleted.stderrText)")
        #expect(fixture.backend.accounts.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.projectDirectory.file(AppleTokenRevocation.fileName)))
    }

    @Test("apple revoke: not signed in, a user without Apple, and an emulator without revokeToken each say what to do")
    func revokeErrors() async throws {
        let fixture = try PhoneCLIFixture()

        let nobody = try await fixture.run(["apple", "revoke", "--authorization-code", "c"])
        _ = try await fixture.signUp(email: "p@example.com")
        let password = try await fixture.run(["apple", "revoke", "--authorization-code", "c"])
        let passwordDelete = try await fixture.run(["delete-account", "--yes"])
        _ = try await fixture.run([
            "apple", "sign-in", "--id-token", Self.claims("apple-e", "e@example.com"), "--nonce", "n",
        ])
        fixture.backend.setFault(
            .status(
                501,
                body:
                    #"{"error":{"code":501,"message":"identitytoolkit.accounts.revokeToken is not implemented in the Auth Emulator.","status":"NOT_IMPLEMENTED"}}"#
            ),
            for: "accounts:revokeToken")
        let emulator = try await fixture.run(["apple", "revoke", "--authorization-code", "c"])
        let skipped = try await fixture.run(["delete-account", "--yes", "--skip-apple-revocation"])

        #expect(nobody.exitCode == 1)
        #expect(nobody.stderrText.contains("Nobody is signed in"))
        #expect(password.exitCode == 1)
        #expect(password.stderrText.contains("does not sign in with Apple"))
        #expect(passwordDelete.exitCode == 0, "a password account needs no revocation: \(passwordDelete.stderrText)")
        #expect(emulator.exitCode == 1)
        #expect(emulator.stderrText.contains("does not implement revokeToken"))
        #expect(emulator.stderrText.contains("--skip-apple-revocation"))
        #expect(skipped.exitCode == 0, "\(skipped.stderrText)")
        #expect(fixture.backend.tokenRevocations.isEmpty)
    }
}
