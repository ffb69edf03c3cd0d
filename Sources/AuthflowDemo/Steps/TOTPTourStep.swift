import AuthflowLocalization
import AuthflowPrimitives
import Foundation

/// TOTP multi-factor: enrol an authenticator app (the QR code is drawn in the terminal), then sign in again
/// and give its code. The tour plays the app: it reads the `otpauth://` URI the command prints and computes
/// the codes (RFC 6238) itself. With `--interactive` the person types them.
struct TOTPTourStep: TourStep {
    static let email = "katherine@example.com"
    static let factorName = "Authenticator"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(localized("A second factor needs a verified email; signing in with an email link verifies it."))
        try await context.signInWithEmailLink(Self.email)
        narrator.say(
            localized(
                "Enrol an authenticator app: scan the QR code (or type the key), then give the app's first "
                    + "code."))
        if context.interactive {
            let enrol = try context.start(
                ["mfa", "enroll", "--totp", "--display-name", Self.factorName], interactive: true)
            try await enrol.finish()
            try await context.run(["sign-out"])
            narrator.say(
                localized(
                    "Sign in again: the first factor is accepted, and Firebase asks for the app's code."))
            try await context.signInWithEmailLink(Self.email, expecting: 5)
            narrator.say(localized("Type the app's next code where `mfa resolve` asks (each code works once)."))
            try await context.start(["mfa", "resolve"], interactive: true).finish()
        } else {
            let enrol = try context.start(["mfa", "enroll", "--totp", "--display-name", Self.factorName])
            let app: TimeBasedOneTimePassword
            do throws(DemoFailure) {
                app = try await Self.playApp(enrol)
            } catch {
                await enrol.stop()
                throw error
            }
            narrator.say(
                localized(
                    "The tour plays the app: it computed the code from the URI's secret and typed it in."))
            try await enrol.finish()
            try await context.run(["mfa", "list"])
            try await context.run(["sign-out"])

            narrator.say(
                localized(
                    "Sign in again: the first factor is accepted, and Firebase asks for the app's code."))
            try await context.signInWithEmailLink(Self.email, expecting: 5)
            narrator.say(
                localized(
                    "No terminal to ask on, so it stopped with exit status 5. Finish with the app's next code "
                        + "(each code works once, and the enrolment used the current one):"))
            try await context.run(["mfa", "resolve", "--code", Self.code(app, ahead: 30)])
        }
        try await context.run(["whoami"])
        narrator.say(localized("Withdraw the factor:"))
        try await context.run(["mfa", "unenroll", Self.factorName])
        return localized(
            "enrolled \"\(Self.factorName)\" for \(Self.email) and signed in with its code as the second "
                + "factor")
    }

    /// Reads the URI `enrol` prints, types the app's current code into it, and returns the app.
    static func playApp(_ enrol: AuthflowRun) async throws(DemoFailure) -> TimeBasedOneTimePassword {
        let uri = await enrol.waitForOutput(limit: .seconds(60)) { line -> String? in
            guard let start = line.range(of: "otpauth://totp/") else { return nil }
            return String(line[start.lowerBound...])
        }
        guard let uri, let secret = QueryParameters(url: uri).value("secret"),
            let app = TimeBasedOneTimePassword(base32Secret: secret)
        else {
            throw .setup(localized("`authflow mfa enroll --totp` printed no otpauth:// URI to compute codes from."))
        }
        enrol.type(code(app, ahead: 0))
        return app
    }

    /// The code the app shows `ahead` seconds from now.
    static func code(_ app: TimeBasedOneTimePassword, ahead: Int64) -> String {
        app.code(at: Int64(Date().timeIntervalSince1970) + ahead)
    }
}
