import AuthflowCore
import AuthflowListener
import Testing

@testable import AuthflowCLI

/// The CLI's rendering of library errors: the flags and commands the library no longer names. These assertions
/// moved here from the Core tests that checked the library's own wording before it lost the CLI's names.
@Suite("CLI wording of library errors")
struct ErrorWordingTests {
    @Test("SMS flows resume and restart with the CLI's commands")
    func smsCommands() throws {
        let number = try PhoneNumber(validating: "+15555550124")
        #expect(SMSCodeFlow.secondFactorSignIn(factorID: "f1").resumeCommand == "authflow mfa resolve --code CODE")
        #expect(SMSCodeFlow.secondFactorSignIn(factorID: "f1").restartCommand == "authflow mfa resolve --factor f1")
        #expect(
            SMSCodeFlow.secondFactorEnrollment(number).resumeCommand == "authflow mfa enroll +15555550124 --code CODE")
        #expect(
            SMSCodeFlow.phoneSignIn(number).resumeCommand == "authflow phone verify --code CODE --phone +15555550124")
    }

    @Test("Phone routes name the flags of the missing iOS app settings and the other route")
    func phoneRoutes() {
        let bundleOnly = PhoneSignInError.verifierUnavailable(.hostedNeedsIOSApp(missing: [.bundleID])).cliMessage
        #expect(bundleOnly.contains("the iOS bundle ID (--ios-bundle-id)") && !bundleOnly.contains("--client-id"))
        let loopback = PhoneVerificationPlan.Reason.hostedNeedsIOSApp(missing: [.clientOrAppID, .bundleID]).cliMessage
        #expect(loopback.contains("--ios-bundle-id"))
        let localhost = PhoneVerifierProblem.localhostNotAuthorized(projectID: "demo-project", hostedAvailable: true)
            .cliMessage
        #expect(localhost.contains("console.firebase.google.com/project/demo-project/authentication/settings"))
        #expect(localhost.contains("--verifier hosted"))
    }

    @Test("Apple's hosted route names the missing bundle ID's flag only")
    func appleNotConfigured() {
        let text = AppleSignInError.notConfigured(missing: [.bundleID]).cliMessage
        #expect(text.contains("--ios-bundle-id") && !text.contains("--client-id"))
    }

    @Test("Email link refusals name --tenant-id, --email and --emulator")
    func emailLinks() {
        let tenant = EmailLinkError.otherTenant(linkTenant: "tenant-b", configuredTenant: nil)
        #expect(tenant.cliMessage.contains("--tenant-id tenant-b"))
        let needed = EmailLinkError.emailNeeded(
            project: SessionProject(projectID: "demo-project", emulatorHost: "127.0.0.1:9099"))
        #expect(needed.cliMessage.contains("--email"))
        #expect(needed.cliMessage.contains("demo-project (emulator 127.0.0.1:9099)"))
        let emulator = OtherProjectLink(
            reason: .emulatorLink, linkAPIKey: "fake-api-key", linkHost: "127.0.0.1", ourProject: "demo-project",
            ourAPIKey: "AIzaSyExample")
        #expect(EmailLinkError.otherProject(emulator).cliMessage.contains("--emulator"))
    }

    @Test func missingAPIKeyNamesTheFlag() throws {
        let configuration = try ConfigurationLoader(environment: [:], workingDirectory: "/nonexistent").load()
        do {
            _ = try configuration.require(.apiKey, purpose: "Signing in")
            Issue.record("expected an error")
        } catch {
            #expect(error.cliMessage.contains("--api-key"))
        }
    }

    @Test("A missing template names --templates among the places searched and in the advice")
    func missingTemplate() {
        let searched: [TemplateDirectory.Location] = [
            .init(path: "/home/u/brand", origin: .explicit), .init(path: "/nonexistent/templates", origin: .sourceTree),
        ]
        let text = TemplateError.notFound(name: "nope.html", searched: searched).cliMessage
        #expect(
            text.contains("/home/u/brand") && text.contains("/nonexistent/templates") && text.contains("--templates"))
    }
}
