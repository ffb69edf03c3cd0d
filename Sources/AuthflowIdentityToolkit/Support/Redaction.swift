import AuthflowPrimitives
import Foundation

/// Finds and hides credential values by walking a value's fields.
///
/// Works from an allowlist: a text field is shown only when its name is listed in ``publicLabels``, so a new
/// field is hidden until someone decides it is harmless.
enum Redaction {
    /// The placeholder written instead of a hidden value.
    static let placeholder = "<redacted>"

    /// Field names whose values identify or configure something but never authenticate anyone.
    static let publicLabels: Set<String> = [
        "email", "newEmail", "displayName", "photoUrl", "phoneNumber", "localId", "userID", "projectID", "projectId",
        "kind", "requestType", "continueUrl", "continueUri", "canHandleCodeInApp", "linkDomain", "iosBundleID",
        "androidPackageName", "androidInstallApp", "androidMinimumVersion", "clientType", "recaptchaVersion",
        "tenantID", "targetProjectID", "returnSecureToken", "returnIdpCredential", "autoCreate", "operation",
        "identifier", "providerId", "providerID", "tokenType", "deleteAttribute", "deleteProvider",
        "mfaEnrollmentId", "version", "isNewUser", "expiresIn", "registered", "federatedId", "emailVerified",
        "needConfirmation", "rawValue", "signinMethods", "allProviders", "authorizedDomains", "recaptchaSiteKey",
        "recaptchaKey", "provider", "enforcementState", "phoneInfo", "enrolledAt", "createdAt", "lastLoginAt",
        "firstName", "lastName", "fullName", "emailRecycled", "verifiedProvider", "errorMessage", "disabled",
    ]

    /// `TypeName(field: value, secret: <redacted>, …)` for a struct, `TypeName.case(…)` for an enum, leaving out
    /// fields that are `nil`.
    static func describe(_ subject: Any) -> String {
        if Mirror(reflecting: subject).displayStyle == .enum {
            return "\(type(of: subject))\(render(subject, label: "") ?? "")"
        }
        return "\(type(of: subject))(\(fields(of: subject).joined(separator: ", ")))"
    }

    /// Every hidden text value in `subject`, plus the pieces of URL- or form-shaped ones (an `id_token=` inside
    /// a `postBody`, a token inside a `requestUri`), so a server that echoes a piece can be scrubbed too.
    static func secrets(in subject: Any) -> [String] {
        var found: [String] = []
        collect(subject, label: nil, into: &found)
        var expanded: Set<String> = []
        for secret in found { expand(secret, depth: 0, into: &expanded) }
        // Very short values (a flag, a one-letter field) would blank out ordinary words in a message.
        return expanded.filter { $0.count >= 6 }.sorted { $0.count > $1.count }
    }

    /// `text` with every occurrence of each secret replaced by ``placeholder``.
    static func scrub(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: placeholder)
        }
        return result
    }

    private static func fields(of subject: Any) -> [String] {
        Mirror(reflecting: subject).children.compactMap { child in
            guard let label = child.label, let rendered = render(child.value, label: label) else { return nil }
            // Unlabelled tuple elements (`.0`) show just their value.
            return label.hasPrefix(".") ? rendered : "\(label): \(rendered)"
        }
    }

    /// The rendering of one field, or `nil` when it is `nil` or a group with nothing set.
    private static func render(_ value: Any, label: String) -> String? {
        // Identifiers such as a client type or token type show their wire value.
        if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            return leaf(text, label: label)
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return nil }
            return render(wrapped.value, label: label)
        case .collection, .set:
            let items = mirror.children.compactMap { render($0.value, label: label) }
            return "[\(items.joined(separator: ", "))]"
        case .dictionary:
            return mirror.children.isEmpty ? "[:]" : placeholder
        case .struct, .class, .tuple:
            let parts = fields(of: value)
            return parts.isEmpty && !mirror.children.isEmpty ? nil : "(\(parts.joined(separator: ", ")))"
        case .enum:
            guard let payload = mirror.children.first else {
                // Interpolating a redacting enum would call this very code again; such enums name their
                // payload-less cases in their own description.
                return value is any RedactingDescription ? "<\(type(of: value))>" : ".\(value)"
            }
            let name = payload.label ?? ""
            switch Mirror(reflecting: payload.value).displayStyle {
            case .tuple:
                return ".\(name)(\(fields(of: payload.value).joined(separator: ", ")))"
            case .struct, .class:
                return ".\(name)\(render(payload.value, label: name) ?? "()")"
            default:
                return ".\(name)(\(render(payload.value, label: name) ?? "nil"))"
            }
        default:
            if let text = value as? String { return leaf(text, label: label) }
            // Flags and numbers never authenticate anyone.
            return "\(value)"
        }
    }

    /// A text value, shown only when its field is allowlisted.
    private static func leaf(_ text: String, label: String) -> String {
        publicLabels.contains(label) ? "\"\(text)\"" : placeholder
    }

    private static func collect(_ value: Any, label: String?, into found: inout [String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .set:
            for child in mirror.children { collect(child.value, label: label, into: &found) }
        case .dictionary:
            for child in mirror.children {
                for part in Mirror(reflecting: child.value).children { collect(part.value, label: nil, into: &found) }
            }
        case .struct, .class, .tuple, .enum:
            for child in mirror.children { collect(child.value, label: child.label, into: &found) }
        default:
            guard let text = value as? String, !text.isEmpty else { return }
            if let label, publicLabels.contains(label) { return }
            found.append(text)
        }
    }

    /// Adds `secret`, its percent-decoded form, and the values of any `name=value` pairs inside it.
    private static func expand(_ secret: String, depth: Int, into result: inout Set<String>) {
        guard depth < 4, result.insert(secret).inserted else { return }
        let decoded = PercentDecoding.decode(secret, plusAsSpace: true)
        if decoded != secret { expand(decoded, depth: depth + 1, into: &result) }
        guard secret.contains("=") else { return }
        let pieces = secret.split(whereSeparator: { "?&#".contains($0) })
        for piece in pieces {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].lowercased()
            if name == "providerid" { continue }
            let value = String(piece[piece.index(after: equals)...])
            expand(value, depth: depth + 1, into: &result)
        }
    }
}
