import AuthflowPrimitives

/// `google-services.json`, the Android app configuration from the Firebase console.
///
/// It may describe several Android apps; the first client is used, with its package name and, when the
/// console lists one, its signing certificate's SHA-1 (for API keys restricted to Android apps). Its iOS OAuth client, when the project has
/// an iOS app, supplies the client ID and bundle ID the hosted reCAPTCHA route needs.
enum GoogleServicesJSON {
    static func parse(
        _ object: JSONObject, path: String, source: ConfigurationSource
    ) throws(ConfigurationError) -> ConfigurationLayer {
        guard let project = object["project_info"]?.objectValue else {
            throw .invalidFile(path: path, reason: .projectInfoNotObject)
        }
        var layer = ConfigurationLayer()
        layer.set(.projectID, text(project["project_id"]), from: source)
        let client = objects(object["client"])?.first
        let clientInfo = client?["client_info"]?.objectValue
        layer.set(.appID, text(clientInfo?["mobilesdk_app_id"]), from: source)
        let keys = objects(client?["api_key"])
        layer.set(.apiKey, keys?.lazy.compactMap { text($0["current_key"]) }.first, from: source)

        let android = clientInfo?["android_client_info"]?.objectValue
        layer.set(.androidPackage, text(android?["package_name"]), from: source)
        // An OAuth client of type 1 is the Android app's, with the signing certificate's SHA-1 (lower-case hex)
        // when one was added in the console.
        let oauthClients = objects(client?["oauth_client"]) ?? []
        let certificates = oauthClients.lazy.compactMap { text($0["android_info"]?["certificate_hash"]) }
        layer.set(.androidCertificateSHA1, certificates.first, from: source)

        let invites = client?["services"]?.objectValue?["appinvite_service"]?.objectValue
        let others = objects(invites?["other_platform_oauth_client"]) ?? []
        if let ios = others.first(where: { $0["ios_info"]?.objectValue != nil }) {
            layer.set(.clientID, text(ios["client_id"]), from: source)
            layer.set(.iosBundleID, text(ios["ios_info"]?["bundle_id"]), from: source)
        }
        guard layer.values[.apiKey] != nil || layer.values[.projectID] != nil else {
            throw .invalidFile(path: path, reason: .noAndroidSettings)
        }
        return layer
    }

    /// A string member, or a number written as a string (project numbers arrive both ways).
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONWriter.format(number)
        default: nil
        }
    }

    /// An array of objects; nil when `value` is not an array or holds anything but objects.
    private static func objects(_ value: JSONValue?) -> [JSONObject]? {
        guard let elements = value?.arrayValue else { return nil }
        let objects = elements.compactMap(\.objectValue)
        return objects.count == elements.count ? objects : nil
    }
}
