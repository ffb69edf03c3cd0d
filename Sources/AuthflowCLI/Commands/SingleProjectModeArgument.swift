import ArgumentParser
import AuthflowBackend

/// `authflow emulator --single-project-mode` values: the backend's modes, spelled for the command line.
enum SingleProjectModeArgument: String, ExpressibleByArgument, CaseIterable {
    case off, warning, error

    var mode: EmbeddedBackend.SingleProjectMode {
        switch self {
        case .off: .noWarning
        case .warning: .warning
        case .error: .error
        }
    }
}
