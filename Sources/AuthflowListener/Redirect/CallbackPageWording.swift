import Synchronization

/// The words of the callback pages in the person's language. The listener and the flows write a page's title
/// and message in English; a front end that shows another language installs the translation of each (the
/// `authflow` command passes its message catalogue). Without one, or for a text it does not know, the page
/// keeps the English.
///
/// A text holding a value ("Signed in with github.com") is translated through a ``Pattern``: its English and
/// its translation with placeholders where the values go. A refused callback's typed reason is worded by the
/// installed rejection wording, and a failing callback's typed failure by the installed failure wording (each its
/// English `description` without one).
public enum CallbackPageWording {
    /// An English text with values, such as `Signed in with VALUE`, and its translation, each holding the same
    /// placeholders where the values go.
    public struct Pattern: Sendable {
        /// The English literal pieces around the values: `Signed in with VALUE` is `["Signed in with ", ""]`.
        let pieces: [Substring]
        let translation: String
        let placeholders: [String]

        /// `english` and `translation` mark the values with `placeholders` (each once in `english`, in order;
        /// in any order in `translation`), strings that occur in no real page text.
        public init(english: String, translation: String, placeholders: [String]) {
            var pieces: [Substring] = []
            var rest = Substring(english)
            for placeholder in placeholders {
                guard let found = rest.range(of: placeholder) else { break }
                pieces.append(rest[..<found.lowerBound])
                rest = rest[found.upperBound...]
            }
            pieces.append(rest)
            self.pieces = pieces
            self.translation = translation
            self.placeholders = placeholders
        }

        /// `text` in the translation when it is this pattern's English with non-empty values in place.
        func translate(_ text: String) -> String? {
            guard pieces.count == placeholders.count + 1, let values = values(in: text) else { return nil }
            var translated = translation
            for (placeholder, value) in zip(placeholders, values) {
                translated = translated.replacingOccurrences(of: placeholder, with: value)
            }
            return translated
        }

        /// The values when `text` is this pattern's English with non-empty values in place, else nil.
        func values(in text: String) -> [String]? {
            guard pieces.count > 1, let first = pieces.first, text.hasPrefix(first) else { return nil }
            var rest = text.dropFirst(first.count)
            var values: [String] = []
            for (index, piece) in pieces.enumerated().dropFirst() {
                let isLast = index == pieces.count - 1
                let end: Substring.Index
                if isLast {
                    guard rest.hasSuffix(piece) else { return nil }
                    end = rest.index(rest.endIndex, offsetBy: -piece.count)
                } else {
                    guard !piece.isEmpty, let found = rest.range(of: piece) else { return nil }
                    end = found.lowerBound
                }
                guard end > rest.startIndex else { return nil }
                values.append(String(rest[..<end]))
                rest = rest[end...].dropFirst(piece.count)
            }
            return values
        }
    }

    private static let installed = Mutex<(texts: [String: String], patterns: [Pattern])>(([:], []))
    private static let rejectionWording = Mutex<(@Sendable (any CallbackRejectionReason) -> String)?>(nil)
    private static let failureWording = Mutex<(@Sendable (any CallbackFailure) -> String)?>(nil)

    /// Shows each English key of `translations` as its value from now on, and each text matching one of
    /// `patterns` as that pattern's translation.
    public static func install(_ translations: [String: String], patterns: [Pattern] = []) {
        installed.withLock { $0 = (translations, patterns) }
    }

    /// Words each refused callback's reason with `wording` from now on; nil goes back to the English.
    public static func installRejections(_ wording: (@Sendable (any CallbackRejectionReason) -> String)?) {
        rejectionWording.withLock { $0 = wording }
    }

    /// `reason` in the installed language, or its English description.
    public static func rejection(_ reason: any CallbackRejectionReason) -> String {
        let wording = rejectionWording.withLock { $0 }
        return wording?(reason) ?? reason.description
    }

    /// Words each failing callback's failure with `wording` from now on; nil goes back to the English.
    public static func installFailures(_ wording: (@Sendable (any CallbackFailure) -> String)?) {
        failureWording.withLock { $0 = wording }
    }

    /// `failure` in the installed language, or its English description.
    public static func failure(_ failure: any CallbackFailure) -> String {
        let wording = failureWording.withLock { $0 }
        return wording?(failure) ?? failure.description
    }

    /// `english` in the installed language, or as it is.
    public static func text(_ english: String) -> String {
        installed.withLock { installed in
            if let text = installed.texts[english] { return text }
            for pattern in installed.patterns {
                if let translated = pattern.translate(english) { return translated }
            }
            return english
        }
    }
}
