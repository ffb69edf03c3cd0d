import Foundation

/// `GoogleService-Info.plist`, the iOS app configuration from the Firebase console (XML or binary).
enum GoogleServiceInfoPlist {
    static func parse(
        _ bytes: [UInt8], path: String, source: ConfigurationSource
    ) throws(ConfigurationError) -> ConfigurationLayer {
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw .invalidFile(path: path, reason: .notPropertyList)
        }
        guard let dictionary = value as? [String: Any] else {
            throw .invalidFile(path: path, reason: .propertyListNotDictionary)
        }
        var layer = ConfigurationLayer()
        layer.set(.apiKey, dictionary["API_KEY"] as? String, from: source)
        layer.set(.projectID, dictionary["PROJECT_ID"] as? String, from: source)
        layer.set(.appID, dictionary["GOOGLE_APP_ID"] as? String, from: source)
        layer.set(.clientID, dictionary["CLIENT_ID"] as? String, from: source)
        layer.set(.iosBundleID, dictionary["BUNDLE_ID"] as? String, from: source)
        guard !layer.values.isEmpty else {
            throw .invalidFile(path: path, reason: .noIOSSettings)
        }
        return layer
    }
}
