import AuthflowLocalization
import AuthflowPrimitives

/// A system call's failure as the CLI shows it: AuthflowLocalization's wording, shared with the demo.
extension SystemError {
    var cliMessage: String { localizedMessage }
}
