/// A setting of the project's iOS app that a hosted Firebase page needs to hand its answer back (phone
/// sign-in's reCAPTCHA page, Sign in with Apple). Errors name the missing ones; a front end says how to set
/// them.
public enum IOSAppSetting: Sendable, Hashable {
    /// The iOS app's OAuth client ID or its app ID (``ConfigurationKey/clientID``, ``ConfigurationKey/appID``),
    /// from which the custom callback scheme is derived.
    case clientOrAppID
    /// The iOS app's bundle ID (``ConfigurationKey/iosBundleID``).
    case bundleID

    /// The setting in library terms.
    public var summary: String {
        switch self {
        case .clientOrAppID: "the iOS app's client ID or app ID"
        case .bundleID: "the iOS app's bundle ID"
        }
    }

    /// The settings `configuration` lacks for a hosted page, in the order messages name them.
    static func missing(in configuration: ProjectConfiguration) -> [IOSAppSetting] {
        var missing: [IOSAppSetting] = []
        if configuration.callbackScheme == nil { missing.append(.clientOrAppID) }
        if (configuration[.iosBundleID] ?? "").isEmpty { missing.append(.bundleID) }
        return missing
    }
}
