import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// `authflow mfa list`: the signed-in user's second factors, as the account has them now.
struct MFAListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        _superCommandName: "authflow",
        abstract: "List the signed-in user's second factors.",
        discussion: """
            Looks the account up (refreshing the ID token first when due) and prints each factor: its number in \
            the list (what --factor and `mfa unenroll` accept, like the name and the ID), the phone number with \
            all but its last four digits hidden, the display name, when it was enrolled, and its ID.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow mfa list",
        "authflow mfa list --json",
    ]

    @OptionGroup var format: JSONOutputOptions<ReplacedTable>

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let service = try context.enrolledFactorService()
        let session: UserSession
        do {
            session = try await service.list()
        } catch {
            throw context.report(.from(error, resolvingSignIn: false))
        }
        let factors = session.enrolledFactors
        let output = StandardOutput()
        if format.json {
            output.write(
                bytes: JSONLineWriter.line([
                    ("uid", .string(session.uid)), ("email", .optional(session.email)),
                    (
                        "factors",
                        .array(
                            factors.enumerated().map { index, factor in
                                .object([
                                    ("index", .integer(index + 1)), ("id", .string(factor.id)),
                                    ("displayName", .optional(factor.displayName)),
                                    ("phoneNumber", .optional(factor.phoneNumber.map(PhoneNumberMask.mask))),
                                    ("factorType", .string(SessionPresentation.factorType(factor))),
                                    ("enrolledAt", .optional(factor.enrolledAt)),
                                ])
                            })
                    ),
                ]))
        } else if factors.isEmpty {
            output.write(
                localized(
                    "\(session.email ?? session.uid) has no second factors. Add one with "
                        + "`authflow mfa enroll +NUMBER` or `authflow mfa enroll --totp`.\n"))
        } else {
            output.write(Self.table(factors) + "\n")
        }
        output.flush()
    }

    /// `#  phone  name  enrolled  id`, one row per factor, columns padded.
    static func table(_ factors: [EnrolledFactor]) -> String {
        let rows =
            [["#", localized("PHONE"), localized("NAME"), localized("ENROLLED"), localized("ID")]]
            + factors.enumerated().map { index, factor in
                [
                    "\(index + 1)",
                    factor.phoneNumber.map(PhoneNumberMask.mask)
                        ?? (factor.factorKind == .totp ? localized("(TOTP app)") : localized("(not SMS)")),
                    factor.displayName.map(TerminalText.escaped) ?? "-",
                    factor.enrolledAt.flatMap(Self.date).map(TimeText.timestamp) ?? factor.enrolledAt ?? "-", factor.id,
                ]
            }
        let widths = (0..<5).map { column in rows.map { TerminalWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : TerminalWidth.padded(cell, to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    private static func date(_ text: String) -> Date? {
        MFAEnrollment(mfaEnrollmentId: "", enrolledAt: text).enrolledDate
    }
}
