import AuthflowCore
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// How a stored session is shown by `whoami`: a short table for people, a stable object for scripts.
/// Tokens are never part of either; `whoami` masks phone numbers as `mfa list` does.
enum SessionPresentation {
    static func text(_ session: UserSession, storedAt path: String, now: Date = Date()) -> String {
        var rows: [(String, String)] = [("uid", session.uid)]
        if let email = session.email {
            rows.append(
                (
                    localized("email"),
                    session.emailVerified == true
                        ? localized("\(email) (verified)")
                        : session.emailVerified == false ? localized("\(email) (not verified)") : email
                ))
        }
        if let phone = session.phoneNumber { rows.append((localized("phone"), PhoneNumberMask.mask(phone))) }
        if let name = session.displayName { rows.append((localized("name"), name)) }
        if !session.providerIDs.isEmpty {
            rows.append((localized("providers"), session.providerIDs.joined(separator: ", ")))
        }
        var signedIn = TimeText.timestamp(session.signedInAt)
        if let provider = session.signInProvider { signedIn = localized("\(signedIn) with \(provider)") }
        if let factor = session.secondFactorID {
            let used = session.enrolledFactors.first { $0.id == factor }
            let name = used?.displayName.map { "\"\($0)\"" } ?? factor
            switch used?.factorKind {
            case .totp?: signedIn += localized(", second factor \(name) (TOTP app)")
            case .sms?: signedIn += localized(", second factor \(name) (SMS)")
            case nil where used == nil: signedIn += localized(", second factor \(name)")
            default: signedIn += localized(", second factor \(name) (unknown kind)")
            }
        }
        rows.append((localized("signed in"), signedIn))
        rows.append((localized("ID token"), TimeText.expiry(session.tokens.expiresAt, now: now)))
        for (index, factor) in session.enrolledFactors.enumerated() {
            let number =
                factor.phoneNumber.map(PhoneNumberMask.mask)
                ?? (factor.factorKind == .totp ? localized("TOTP app") : nil)
            var line = [factor.displayName.map { "\"\($0)\"" }, number].compactMap { $0 }.joined(separator: " ")
            line += (line.isEmpty ? "" : " ") + "(id \(factor.id))"
            rows.append((index == 0 ? localized("second factors") : "", line))
        }
        rows.append((localized("session file"), path))
        let width = rows.map { TerminalWidth.of($0.0) }.max() ?? 0
        let project = session.project
        var details: [String] = []
        if let tenant = project.tenantID { details.append(localized("tenant \(tenant)")) }
        if let emulator = project.emulatorHost { details.append(localized("the emulator at \(emulator)")) }
        let place = project.projectID + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
        let header = localized("Signed in to \(TerminalText.escaped(place))")
        // Values come from the server and the provider (a display name may hold anything): each is escaped whole,
        // line feeds too, so none can drive the terminal or forge a line.
        return
            ([header + ":"]
            + rows.map { "  " + TerminalWidth.padded($0.0, to: width) + "  " + TerminalText.escaped($0.1) })
            .joined(separator: "\n")
    }

    /// The session as JSON; `maskingPhones` (for `whoami`) hides all but the last four digits of every number.
    static func json(_ session: UserSession, maskingPhones: Bool = false) -> [(String, JSONValue)] {
        let phone: (String?) -> JSONValue = { .optional(maskingPhones ? $0.map(PhoneNumberMask.mask) : $0) }
        return [
            ("uid", .string(session.uid)),
            ("email", .optional(session.email)),
            ("emailVerified", .optional(session.emailVerified)),
            ("phoneNumber", phone(session.phoneNumber)),
            ("displayName", .optional(session.displayName)),
            ("providerIds", .array(session.providerIDs.map(JSONValue.string))),
            ("signInProvider", .optional(session.signInProvider)),
            ("secondFactorId", .optional(session.secondFactorID)),
            ("mfa", .array(session.enrolledFactors.map { factorJSON($0, maskingPhone: maskingPhones) })),
            ("projectId", .string(session.project.projectID)),
            ("tenantId", .optional(session.project.tenantID)),
            ("emulatorHost", .optional(session.project.emulatorHost)),
            ("signedInAt", .string(TimeText.iso8601(session.signedInAt))),
            ("idTokenExpiresAt", .string(TimeText.iso8601(session.tokens.expiresAt))),
        ]
    }

    /// A factor's kind as JSON names it: `phone` (the SDKs' factor ID), `totp` or `unknown`.
    static func factorType(_ factor: EnrolledFactor) -> String {
        factor.factorKind == .sms ? "phone" : factor.factorKind.rawValue
    }

    /// One factor as JSON: ID, name, number (SMS), kind and enrolment time.
    static func factorJSON(_ factor: EnrolledFactor) -> JSONValue {
        factorJSON(factor, maskingPhone: false)
    }

    /// One factor as JSON, its number masked when asked.
    static func factorJSON(_ factor: EnrolledFactor, maskingPhone: Bool) -> JSONValue {
        .object([
            ("id", .string(factor.id)),
            ("displayName", .optional(factor.displayName)),
            (
                "phoneNumber",
                .optional(maskingPhone ? factor.phoneNumber.map(PhoneNumberMask.mask) : factor.phoneNumber)
            ),
            ("factorType", .string(factorType(factor))),
            ("enrolledAt", .optional(factor.enrolledAt)),
        ])
    }
}

/// Dates as authflow prints them.
enum TimeText {
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(
                .colon)) + " UTC"
    }

    /// "expires in 54 min", "expired 3 min ago".
    static func expiry(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        let minutes = abs(seconds) / 60
        let amount =
            minutes >= 120
            ? localized("\(minutes / 60) h")
            : minutes >= 1 ? localized("\(minutes) min") : localized("\(abs(seconds)) s")
        return seconds > 0
            ? localized("expires in \(amount) (authflow token refreshes it)")
            : localized("expired \(amount) ago (authflow token refreshes it)")
    }
}
