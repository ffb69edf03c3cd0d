/// `google-services.json`, the Android app configuration from the Firebase console.
///
/// It may describe several Android apps; the first client is used, with its package name and, when the
/// console lists one, its signing certificate's SHA-1 (for API keys restricted to Android apps). Its iOS OAuth client, when the project has
/// an iOS app, supplies the client ID and bundle ID the hosted reCAPTCHA route needs.
enum GoogleServicesJSON {
    static func parse(
        _ object: [String: Any], path: String, source: ConfigurationSource
    ) throws(ConfigurationError) -> ConfigurationLayer {
        guard let project = object["project_info"] as? [String: Any] else {
            throw .invalidFile(path: path, reason: .projectInfoNotObject)
        }
        var layer = ConfigurationLayer()
        layer.set(.projectID, ConfigJSON.string(project, "project_id"), from: source)
        let client = (object["client"] as? [[String: Any]])?.first
        let clientInfo = client?["client_info"] as? [String: Any]
        layer.set(.appID, ConfigJSON.string(clientInfo, "mobilesdk_app_id"), from: source)
        let keys = client?["api_key"] as? [[String: Any]]
        layer.set(.apiKey, keys?.lazy.compactMap { ConfigJSON.string($0, "current_key") }.first, from: source)

        let android = clientInfo?["android_client_info"] as? [String: Any]
        layer.set(.androidPackage, ConfigJSON.string(android, "package_name"), from: source)
        // An OAuth client of type 1 is the Android app's, with the signing certificate's SHA-1 (lower-case hex)
        // when one was added in the console.
        let oauthClients = client?["oauth_client"] as? [[String: Any]] ?? []
        let certificates = oauthClients.lazy.compactMap {
            ConfigJSON.string($0["android_info"] as? [String: Any], "certificate_hash")
        }
        layer.set(.androidCertificateSHA1, certificates.first, from: source)

        let services = client?["services"] as? [String: Any]
        let invites = services?["appinvite_service"] as? [String: Any]
        let others = invites?["other_platform_oauth_client"] as? [[String: Any]] ?? []
        if let ios = others.first(where: { ($0["ios_info"] as? [String: Any]) != nil }) {
            layer.set(.clientID, ConfigJSON.string(ios, "client_id"), from: source)
            layer.set(.iosBundleID, ConfigJSON.string(ios["ios_info"] as? [String: Any], "bundle_id"), from: source)
        }
        guard layer.values[.apiKey] != nil || layer.values[.projectID] != nil else {
            throw .invalidFile(path: path, reason: .noAndroidSettings)
        }
        return layer
    }
}
