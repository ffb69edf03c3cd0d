/// Whether the system's browser opener can put a page in front of the person, judged from the environment
/// alone (nothing is run): a machine with no display, an SSH session without a forwarded one, or no
/// `xdg-open` means no browser will appear, so a flow should take its headless route at once instead of
/// trying one. An explicit browser command (`$BROWSER`, or one the caller passes) is the person's own choice
/// and is not judged here.
public enum BrowserAvailability: Sendable, Equatable {
    /// The system's opener can show a page here.
    case available
    /// No browser can be launched here, for this reason.
    case unavailable(NoBrowserReason)

    /// The availability in `environment` (the variables a launched browser would get).
    public static func detect(environment: [String: String]) -> BrowserAvailability {
        let hasDisplay = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        if !hasDisplay {
            return .unavailable(isSSHSession(environment: environment) ? .sshWithoutDisplay : .noDisplay)
        }
        let opener = BrowserCommand.xdgOpen.program
        if ChildProcess.find(opener, in: environment["PATH"] ?? "") == nil {
            return .unavailable(.openerMissing(program: opener))
        }
        return .available
    }

    /// Whether `environment` is that of an SSH login: `sshd` sets `SSH_CONNECTION` and `SSH_CLIENT` (and
    /// `SSH_TTY` with a terminal).
    public static func isSSHSession(environment: [String: String]) -> Bool {
        ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
    }
}

/// Why ``BrowserAvailability`` found that no browser can be launched.
public enum NoBrowserReason: Sendable, Equatable {
    /// An SSH session with no display forwarded to it (`ssh -X` would set `DISPLAY`): the person's browser
    /// is on their own machine.
    case sshWithoutDisplay
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set: no graphical session to show a browser in.
    case noDisplay
    /// The system's opener (`program`) is not on `PATH`.
    case openerMissing(program: String)
}
