import AuthflowListener
import AuthflowPrimitives

/// Checks a REST call against the key restriction in force and builds Google's refusal.
enum KeyRestrictionCheck {
    /// Google's 403 reply when `request` does not satisfy `restriction`, else nil. `service` is the Google API
    /// host the call was for, named in the reply's metadata as Google does.
    static func refusal(
        of request: LoopbackRequest, under restriction: EmbeddedBackend.KeyRestriction, service: String,
        projectID: String
    ) -> LoopbackResponse? {
        switch restriction {
        case .iosApps(let bundleIDs):
            let claimed = request.header("X-Ios-Bundle-Identifier") ?? ""
            if bundleIDs.contains(claimed) { return nil }
            return reply(
                "Requests from this iOS client application \(shown(claimed)) are blocked.",
                reason: "API_KEY_IOS_APP_BLOCKED", metadata: [("iosBundleId", shown(claimed))], service: service,
                projectID: projectID)
        case .androidApps(let apps):
            let package = request.header("X-Android-Package") ?? ""
            let certificate = normalized(request.header("X-Android-Cert") ?? "")
            if apps.contains(where: { $0.package == package && normalized($0.certificateSHA1) == certificate }) {
                return nil
            }
            return reply(
                "Requests from this Android client application \(shown(package)) are blocked.",
                reason: "API_KEY_ANDROID_APP_BLOCKED", metadata: [("androidPackage", shown(package))],
                service: service, projectID: projectID)
        case .websites(let patterns):
            let referrer = request.header("Referer") ?? ""
            if !referrer.isEmpty, patterns.contains(where: { matches(referrer, pattern: $0) }) { return nil }
            return reply(
                "Requests from referer \(shown(referrer)) are blocked.",
                reason: "API_KEY_HTTP_REFERRER_BLOCKED", metadata: [("httpReferrer", shown(referrer))],
                service: service, projectID: projectID)
        }
    }

    /// The value as Google quotes it: `<empty>` for a missing header.
    private static func shown(_ value: String) -> String {
        value.isEmpty ? "<empty>" : value
    }

    private static func normalized(_ fingerprint: String) -> String {
        fingerprint.replacingOccurrences(of: ":", with: "").uppercased()
    }

    /// Glob matching where `*` is any run of characters and everything else matches itself.
    static func matches(_ text: String, pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return text == pattern }
        guard text.hasPrefix(pieces[0]) else { return false }
        var rest = text.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }

    /// `{"error":{"code":403,"message":…,"errors":[…],"status":"PERMISSION_DENIED","details":[ErrorInfo,
    /// LocalizedMessage]}}`, the shape Google's front end sends for a refused key.
    private static func reply(
        _ message: String, reason: String, metadata: [(String, String)], service: String, projectID: String
    ) -> LoopbackResponse {
        var fields = JSONObject()
        fields["service"] = .string(service)
        fields["consumer"] = .string("projects/\(projectID)")
        for (name, value) in metadata { fields[name] = .string(value) }
        let body: JSONValue = [
            "error": [
                "code": 403,
                "message": .string(message),
                "errors": [["message": .string(message), "domain": "global", "reason": "forbidden"]],
                "status": "PERMISSION_DENIED",
                "details": [
                    [
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": .string(reason),
                        "domain": "googleapis.com", "metadata": .object(fields),
                    ],
                    [
                        "@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US",
                        "message": .string(message),
                    ],
                ],
            ]
        ]
        return JSONReply.ok(body, status: 403)
    }
}
