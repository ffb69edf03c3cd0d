import AuthflowListener
import AuthflowLocalization

/// Why this machine's `xdg-open` would not pass a scheme on, in the language in force.
extension OpenerLimitation {
    var cliMessage: String {
        localized(
            "xdg-open \(openerVersion) treats \(scheme): URLs as file names when no desktop environment is set "
                + "(XDG_CURRENT_DESKTOP is empty), so browsers that use it will not hand them over. In a desktop "
                + "session this does not apply; elsewhere set XDG_CURRENT_DESKTOP (GNOME uses gio), or paste the URL "
                + "instead.")
    }
}
