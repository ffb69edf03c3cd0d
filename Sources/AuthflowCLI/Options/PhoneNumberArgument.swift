import ArgumentParser
import AuthflowCore

extension PhoneNumber {
    /// A number given on the command line: refused as a usage error (2) with the E.164 explanation.
    static func argument(_ text: String) throws(CommandFailure) -> PhoneNumber {
        do {
            return try PhoneNumber(validating: text)
        } catch {
            throw CommandFailure(error.cliMessage, status: .usage)
        }
    }

    /// The same check for `validate()`, where ArgumentParser wants a `ValidationError`.
    static func validateArgument(_ text: String) throws {
        do {
            _ = try PhoneNumber(validating: text)
        } catch {
            throw ValidationError(error.cliMessage)
        }
    }
}
