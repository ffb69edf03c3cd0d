import AuthflowIdentityToolkit
import AuthflowStorage

/// Why a stored session could not be used or kept up to date.
public enum SessionError: Error, Sendable, CustomStringConvertible {
    /// Nobody is signed in to this project.
    case notSignedIn(project: SessionProject)
    /// The session file could not be read or written.
    case storage(StorageError)
    /// Firebase no longer accepts the session (revoked, user deleted or disabled): sign in again. The stored
    /// session is kept, so nothing is lost if this was a transient server mistake.
    case rejected(ServerError)
    /// Firebase could not be reached or failed; the session is unchanged and may work later.
    case service(IdentityToolkitError)
    /// A refreshed ID token was issued for another project than the configured one; the session is unchanged.
    case projectMismatch(ProjectMismatch)

    public var description: String {
        switch self {
        case .notSignedIn(let project):
            "Nobody is signed in to \(project.label) on this machine. Sign in first with one of the sign-in flows, "
                + "using the same project and state directory."
        case .storage(let error):
            error.description
        case .rejected(let error):
            error.message
        case .service(let error):
            error.description
        case .projectMismatch(let mismatch):
            mismatch.description
        }
    }
}
