import AuthflowCore
import AuthflowLocalization

/// An ID token of another project, with the CLI's flags and environment variables.
extension ProjectMismatch {
    var cliMessage: String {
        localized(
            "The backend issued an ID token for project \(tokenProject), but authflow is configured for project "
                + "\(configuredProject); nothing was saved. If the backend is an emulator, it serves "
                + "\(tokenProject): set FIREBASE_PROJECT_ID=\(tokenProject) (or pass --project-id \(tokenProject)), "
                + "or restart the emulator for \(configuredProject). Against Google, the API key belongs to project "
                + "\(tokenProject): use that project's ID or an API key of \(configuredProject).")
    }
}
