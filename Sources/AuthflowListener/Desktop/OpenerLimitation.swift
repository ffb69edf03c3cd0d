/// Why this machine's `xdg-open` would not hand a scheme's URLs to their handler: data for a front end to word
/// (see ``SchemeRegistrar/openerLimitation(for:)``).
public struct OpenerLimitation: Sendable, Hashable, CustomStringConvertible {
    /// The scheme whose URLs would not be handed over.
    public let scheme: String
    /// The version of `xdg-open` found, as it reports it (`1.1.3`).
    public let openerVersion: String

    /// The limitation of `xdg-open` `openerVersion` for `scheme`.
    public init(scheme: String, openerVersion: String) {
        self.scheme = scheme
        self.openerVersion = openerVersion
    }

    /// The limitation in English, for logs and embedders.
    public var description: String {
        "xdg-open \(openerVersion) treats \(scheme): URLs as file names when no desktop environment is set "
            + "(XDG_CURRENT_DESKTOP is empty), so browsers that use it will not hand them over. In a desktop session "
            + "this does not apply; elsewhere set XDG_CURRENT_DESKTOP (GNOME uses gio), or paste the URL instead."
    }
}
