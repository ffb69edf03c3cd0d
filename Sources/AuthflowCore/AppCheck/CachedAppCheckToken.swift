import AuthflowIdentityToolkit
import Foundation

/// An App Check token kept in the project's state directory between runs, with what it was obtained for.
public struct CachedAppCheckToken: Codable, Sendable, Equatable {
    /// The token (a secret; the file is 0600 and nothing prints it).
    public var token: String
    /// When it stops being accepted.
    public var expiresAt: Date
    /// The source that produced it.
    public var source: AppCheckSource
    /// The app it was obtained for, when the source needs one.
    public var appID: String?
    /// The SHA-256 of the source's setting (the debug token, the command, the site key), so a changed setting
    /// does not reuse a token obtained with the old one; never the setting itself.
    public var settingDigest: String?

    /// A token from `source` for `appID`, valid until `expiresAt`.
    public init(token: String, expiresAt: Date, source: AppCheckSource, appID: String?, settingDigest: String? = nil) {
        self.token = token
        self.expiresAt = expiresAt
        self.source = source
        self.appID = appID
        self.settingDigest = settingDigest
    }

    /// How long before expiry a token is replaced: the JS SDK refreshes five minutes early.
    public static let refreshMargin: TimeInterval = 5 * 60

    /// Whether it is still good to send at `now` (more than ``refreshMargin`` left).
    public func isFresh(at now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) > Self.refreshMargin
    }
}

/// The cache of one project's App Check tokens: one file per app and source,
/// `app-check-<source>[-<appId>].json`, written atomically with mode 0600 by ``StateFile``.
public struct AppCheckTokenCache: Sendable {
    /// The project's state directory.
    public let directory: ProjectStateDirectory

    /// The cache in `directory`.
    public init(directory: ProjectStateDirectory) {
        self.directory = directory
    }

    /// The file for `source` and `appID`.
    public func file(source: AppCheckSource, appID: String?) -> StateFile<CachedAppCheckToken> {
        var name = "app-check-\(source.rawValue)"
        if let appID { name += "-" + ProjectStateDirectory.safeName(appID) }
        return StateFile(name + ".json", in: directory)
    }

    /// The cached token for `source` and `appID` if it is still fresh at `now` and was obtained with the
    /// setting whose digest is `settingDigest`; an unreadable file counts as none (a new token replaces it).
    public func fresh(
        source: AppCheckSource, appID: String?, settingDigest: String? = nil, now: Date
    ) -> CachedAppCheckToken? {
        guard let cached = try? file(source: source, appID: appID).load(),
            cached.source == source, cached.appID == appID, cached.isFresh(at: now),
            settingDigest == nil || cached.settingDigest == settingDigest
        else { return nil }
        return cached
    }
}
