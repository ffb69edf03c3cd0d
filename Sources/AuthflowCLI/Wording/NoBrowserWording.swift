import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// Why no browser is launched on this machine, said before the address a flow prints instead.
enum NoBrowserWording {
    static func reason(_ reason: NoBrowserReason) -> String {
        switch reason {
        case .sshWithoutDisplay:
            localized(
                "authflow: this is an SSH session with no display forwarded, so no browser is launched here; "
                    + "open the page below in the browser on your own machine (--browser CMD launches one here "
                    + "anyway).")
        case .noDisplay:
            localized(
                "authflow: there is no display here (DISPLAY and WAYLAND_DISPLAY are unset), so no browser is "
                    + "launched; open the page below in a browser on any machine (--browser CMD launches one here "
                    + "anyway).")
        case .openerMissing(let program):
            localized(
                "authflow: \(program) is not installed, so no browser is launched; open the page below yourself, "
                    + "or name a browser with --browser CMD or $BROWSER.")
        }
    }

    /// The first line of an OAuth sign-in that took the device route because no browser can be launched
    /// here: why, and how to take `other`, the browser route, instead.
    static func deviceInstead(_ reason: NoBrowserReason, other: OAuthRoute) -> String {
        switch reason {
        case .sshWithoutDisplay:
            localized(
                "authflow: this is an SSH session with no display forwarded, so this sign-in uses a code you "
                    + "enter on another device (--device); pass --route \(other.rawValue) to open the page in a "
                    + "browser elsewhere instead.")
        case .noDisplay:
            localized(
                "authflow: there is no display here (DISPLAY and WAYLAND_DISPLAY are unset), so this sign-in uses "
                    + "a code you enter on another device (--device); pass --route \(other.rawValue) to open the "
                    + "page in a browser elsewhere instead.")
        case .openerMissing(let program):
            localized(
                "authflow: \(program) is not installed, so this sign-in uses a code you enter on another device "
                    + "(--device); pass --route \(other.rawValue) to open the page in a browser instead, or name "
                    + "one with --browser CMD.")
        }
    }
}
