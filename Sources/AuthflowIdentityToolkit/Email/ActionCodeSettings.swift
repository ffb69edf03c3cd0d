/// Where an emailed link leads and which apps may open it: the `ActionCodeSettings` fields of `sendOobCode`.
public struct ActionCodeSettings: Sendable, Hashable {
    /// The URL the link continues to; its domain must be authorized. Required for sign-in links.
    public var continueUrl: String?
    /// Whether the app handles the code itself; must be `true` for sign-in links.
    public var canHandleCodeInApp: Bool?
    /// A custom Firebase Hosting domain for the link. Leave `nil` for the default domain: default Hosting
    /// domains (`web.app`, `firebaseapp.com`) are refused here.
    public var linkDomain: String?
    /// The iOS app to open the link in, sent as `iOSBundleId`.
    public var iosBundleID: String?
    /// The Android app to open the link in.
    public var androidPackageName: String?
    /// Whether Android should offer to install the app.
    public var androidInstallApp: Bool?
    /// The minimum Android app version, sent as `androidMinimumVersion`: the name the REST reference, the iOS
    /// SDK and the Android SDK use (the web SDK alone sends `androidMinimumVersionCode`).
    public var androidMinimumVersion: String?

    /// Settings; pass only what applies.
    public init(
        continueUrl: String? = nil, canHandleCodeInApp: Bool? = nil, linkDomain: String? = nil,
        iosBundleID: String? = nil, androidPackageName: String? = nil, androidInstallApp: Bool? = nil,
        androidMinimumVersion: String? = nil
    ) {
        self.continueUrl = continueUrl
        self.canHandleCodeInApp = canHandleCodeInApp
        self.linkDomain = linkDomain
        self.iosBundleID = iosBundleID
        self.androidPackageName = androidPackageName
        self.androidInstallApp = androidInstallApp
        self.androidMinimumVersion = androidMinimumVersion
    }

    /// Settings for an email sign-in link continuing to `continueUrl`.
    public static func emailSignIn(continueUrl: String, linkDomain: String? = nil) -> ActionCodeSettings {
        ActionCodeSettings(continueUrl: continueUrl, canHandleCodeInApp: true, linkDomain: linkDomain)
    }
}

extension ActionCodeSettings: Encodable {
    private enum CodingKeys: String, CodingKey {
        case continueUrl, canHandleCodeInApp, linkDomain
        case iosBundleID = "iOSBundleId"
        case androidPackageName
        case androidInstallApp, androidMinimumVersion
    }
}
