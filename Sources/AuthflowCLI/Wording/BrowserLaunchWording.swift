import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives

/// Why a browser command did not start the browser, as a clause in the language in force.
extension BrowserLaunchFailure {
    var cliMessage: String {
        switch problem {
        case .notInstalled: localized("\(program) is not installed")
        case .notStarted(let error): localized("\(program) could not be started: \(error.cliMessage)")
        case .exited(let status): localized("\(program) exited with status \(status)")
        case .signalled(let signal): localized("\(program) was killed by signal \(signal)")
        }
    }
}
