/// The Android app an API key restricted to Android apps must recognise: its package name and the SHA-1
/// fingerprint of its signing certificate, as the Android SDKs send them in `X-Android-Package` and
/// `X-Android-Cert`.
public enum AndroidAppIdentity {
    /// Why `name` is not an Android package name, or nil when it is one: at least two dot-separated
    /// segments, each starting with a letter and made of ASCII letters, digits and underscores.
    public static func problem(withPackageName name: String) -> ConfigurationValueProblem? {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else {
            return .androidPackageTooFewParts
        }
        for segment in segments {
            guard let first = segment.unicodeScalars.first, first.isASCIILetter else {
                return .androidPackagePartStart(part: String(segment))
            }
            guard segment.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }) else {
                return .androidPackageCharacters
            }
        }
        return nil
    }

    /// The fingerprint as `X-Android-Cert` carries it (40 upper-case hex digits), from 40 hex digits or 20
    /// colon-separated pairs (`keytool`'s and the console's form), in either case; nil when it is neither.
    public static func certificateSHA1(_ text: String) -> String? {
        let hex: Substring
        if text.contains(":") {
            let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
            guard pairs.count == 20, pairs.allSatisfy({ $0.count == 2 }) else { return nil }
            hex = Substring(pairs.joined())
        } else {
            hex = Substring(text)
        }
        guard hex.count == 40, hex.unicodeScalars.allSatisfy({ $0.isASCIIHexDigit }) else { return nil }
        return hex.uppercased()
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isASCIIHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
