import AuthflowPrimitives

/// The app an App Check exchange is for: `projects/<projectId>/apps/<appId>`, each part percent-encoded so an
/// ID cannot add path segments.
public struct AppCheckResource: Sendable, Hashable {
    /// The Firebase project ID.
    public var projectID: String
    /// The Firebase app ID registered with App Check (`1:…:web:…`, `1:…:ios:…`).
    public var appID: String

    /// The app `appID` of `projectID`.
    public init(projectID: String, appID: String) {
        self.projectID = projectID
        self.appID = appID
    }

    /// `projects/<projectId>/apps/<appId>`.
    var path: String {
        "projects/\(PercentEncoding.encodeUnreserved(projectID))/apps/\(PercentEncoding.encodeUnreserved(appID))"
    }
}
