import Foundation

/// A sign-in link that was sent and not yet used: the address it went to, so completing it on this machine
/// does not have to ask again (the link itself does not carry the address).
///
/// It also records which project sent it, so that `authflow handle-url`, which the desktop runs without any
/// project flags, can find the project a clicked link belongs to.
public struct PendingEmailLink: Codable, Sendable, Equatable {
    /// The address the link was sent to, as the server confirmed it.
    public var email: String
    /// When it was sent.
    public var sentAt: Date
    /// Where the link continues to after sign-in.
    public var continueURL: String
    /// The API key the link was requested with; the server writes it into the link (`apiKey=`), except the
    /// emulator, which always writes `fake-api-key`.
    public var apiKey: String
    /// The project, tenant and backend the link belongs to.
    public var project: SessionProject

    /// A record of a link sent just now.
    public init(email: String, sentAt: Date = Date(), continueURL: String, apiKey: String, project: SessionProject) {
        self.email = email
        self.sentAt = sentAt.wholeSeconds
        self.continueURL = continueURL
        self.apiKey = apiKey
        self.project = project
    }
}
