import AuthflowParsing

/// The human-readable form of an inspection: what the link is, what it does, what was unwrapped.
enum InspectionSummary {
    static func text(for inspection: LinkInspection) -> String {
        var lines: [String] = []
        switch inspection.kind {
        case .emailAction:
            guard let action = inspection.action else { break }
            lines.append("Firebase email action link: \(action.mode.summary)")
            lines.append(row("mode", action.mode.rawValue))
            lines.append(row("oobCode", action.oobCode))
            lines.append(row("apiKey", action.apiKey))
            lines.append(row("continueUrl", action.continueURL))
            lines.append(row("lang", action.languageCode))
            lines.append(row("tenantId", action.tenantID))
            lines.append(row("link", action.link))
            if !action.isSignIn {
                lines.append("Note: this is not a sign-in link; `authflow email-link complete` will refuse it.")
            }
        case .authCallback:
            guard let callback = inspection.callback else { break }
            lines.append("Firebase auth callback")
            lines.append(row("authType", callback.authType))
            lines.append(row("eventId", callback.eventID))
            lines.append(row("recaptchaToken", callback.recaptchaToken))
            lines.append(row("link", callback.link))
            if let error = callback.error {
                lines.append(row("error", error.explanation))
            }
        case .unknown:
            lines.append("Not a Firebase Authentication link.")
            if let shortLink = inspection.unresolvedShortLink {
                lines.append("It is a short link (\(shortLink)); run without --offline to expand it.")
            }
            lines.append(row("innermost", inspection.innermost))
        }
        if !inspection.layers.isEmpty {
            lines.append(row("unwrapped", inspection.layers.map(\.description).joined(separator: " → ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One tab-separated line per input in batch mode: kind, mode or authType, link or reason.
    /// `--json`'s problem when a document holds no Firebase link: English in every language, as all of
    /// `link inspect`'s output.
    static func noFirebaseLink(linkCount: Int, path: String) -> String {
        "No Firebase link among the \(linkCount) links in \(path == "-" ? "standard input" : path)."
    }

    static func batchLine(for inspection: some InspectionFields) -> [UInt8] {
        var line: [UInt8] = []
        writeBatchLine(for: inspection, into: &line)
        return line
    }

    /// ``batchLine(for:)`` appended to `line` (batch mode reuses one buffer, and writes from a line's bytes).
    static func writeBatchLine(for inspection: some InspectionFields, into line: inout [UInt8]) {
        line.append(contentsOf: inspection.kind.rawValue.utf8)
        line.append(UInt8(ascii: "\t"))
        let mode = inspection.mode
        inspection.withText { text in
            if let mode {
                line.append(contentsOf: mode.rawValue.utf8)
            } else {
                line.append(contentsOf: text.authType ?? UnsafeBufferPointer(start: Self.dash.utf8Start, count: 1))
            }
            line.append(UInt8(ascii: "\t"))
            if let link = text.link ?? text.innermost { line.append(contentsOf: link) }
        }
        line.append(UInt8(ascii: "\n"))
    }

    private static let dash: StaticString = "-"

    private static func row(_ label: String, _ value: String?) -> String {
        let padded = label + String(repeating: " ", count: max(1, 16 - label.count))
        return "  " + padded + (value ?? "—")
    }
}
