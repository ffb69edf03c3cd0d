import AuthflowPrimitives
import Foundation

/// The desktop entry (`.desktop` file) that makes the desktop hand `SCHEME:` URLs to `authflow handle-url`.
///
/// The file follows the Desktop Entry Specification: `MimeType=x-scheme-handler/SCHEME;` says what it
/// handles, `%u` in `Exec` is where the launcher puts the URL, and `NoDisplay` keeps it out of menus.
public struct DesktopEntry: Sendable, Equatable {
    /// The URL scheme, lowercased.
    public let scheme: String
    /// The absolute path of the program the desktop runs.
    public let executable: String

    /// The key that marks a file as ours, so unregistering never removes someone else's handler.
    static let ownerKey = "X-Authflow-Scheme"

    /// Schemes that belong to the browser, the desktop or another program every user has; taking one over would
    /// break ordinary links (or hand them, and whatever they carry, to authflow).
    public static let reservedSchemes: Set<String> = [
        // The web and the browser's own.
        "http", "https", "ws", "wss", "file", "ftp", "ftps", "data", "javascript", "about", "blob", "filesystem",
        "view-source", "chrome", "chrome-extension", "moz-extension", "resource", "edge",
        // Mail, messaging and telephony.
        "mailto", "news", "nntp", "snews", "tel", "sms", "callto", "sip", "sips", "xmpp", "irc", "ircs", "webcal",
        "geo", "magnet", "urn", "cid", "mid",
        // Network file systems and remote shells the desktop's file manager opens.
        "sftp", "ssh", "smb", "nfs", "dav", "davs", "afp", "trash", "recent", "computer", "network", "admin",
    ]

    /// An entry for `scheme` that runs `executable handle-url %u`.
    ///
    /// The one check of a scheme before anything is written or shown: it must be a URL scheme (a letter, then
    /// letters, digits, `+`, `-` or `.`: nothing that could break a line of the file or add a key to it), and not
    /// one of ``reservedSchemes``.
    public init(scheme: String, executable: String) throws(SchemeRegistrationError) {
        guard URLParts.isValidScheme(Substring(scheme)) else { throw .invalidScheme(scheme) }
        let scheme = scheme.lowercased()
        guard !Self.reservedSchemes.contains(scheme) else { throw .reservedScheme(scheme) }
        self.scheme = scheme
        self.executable = executable
    }

    /// The desktop file ID, which is also the file name: `authflow-SCHEME.desktop`.
    public var fileID: String { Self.fileID(for: scheme) }

    /// The desktop file ID of authflow's entry for `scheme`: `authflow-SCHEME.desktop`.
    public static func fileID(for scheme: String) -> String { "authflow-\(scheme.lowercased()).desktop" }

    /// The MIME type the desktop files URL handlers under.
    public var mimeType: String { Self.mimeType(for: scheme) }

    /// `x-scheme-handler/SCHEME`.
    public static func mimeType(for scheme: String) -> String { "x-scheme-handler/\(scheme.lowercased())" }

    /// The file's text.
    public var text: String {
        """
        [Desktop Entry]
        Type=Application
        Name=authflow (\(scheme))
        Comment=Hands \(scheme): sign-in callbacks to the authflow command waiting for them
        Exec=\(Self.execArgument(executable)) handle-url %u
        MimeType=\(mimeType);
        NoDisplay=true
        Terminal=false
        \(Self.ownerKey)=\(scheme)

        """
    }

    /// The scheme a desktop entry written by authflow handles, or nil when `text` is not one of ours.
    static func ownedScheme(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(ownerKey + "=") {
            let value = line.dropFirst(ownerKey.count + 1).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// One `Exec` argument: quoted only when it has to be (simple launchers such as `xdg-open`'s own split on
    /// spaces and do not understand quotes), with the specification's escapes inside the quotes; `%` is
    /// doubled because a lone `%` starts a field code.
    static func execArgument(_ argument: String) -> String {
        let reserved: Set<Character> = [
            " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`",
        ]
        let percentSafe = argument.replacingOccurrences(of: "%", with: "%%")
        guard percentSafe.contains(where: reserved.contains) else { return percentSafe }
        var quoted = "\""
        for character in percentSafe {
            switch character {
            // Inside quotes `"`, `` ` ``, `$` and `\` take a backslash; the string-value escape rule then
            // doubles every backslash once more.
            case "\"", "`", "$": quoted += "\\\\" + String(character)
            case "\\": quoted += "\\\\\\\\"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
