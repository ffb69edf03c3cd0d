import AuthflowLocalization

/// What the terminal says when the answer of a hosted page is to be pasted back (`--no-browser`, or a
/// custom scheme the desktop does not hand to authflow).
enum PasteBackWording {
    /// The prompt, on its own line under the countdown.
    static var prompt: String { localized("Paste the address here: ") }

    /// How to find a custom-scheme address, which never shows in the address bar.
    static func advice(scheme: String) -> String {
        localized(
            """
            authflow: when the page is done, the browser goes to an address starting with \(scheme):// that it \
            cannot open, so it never appears in the address bar. To find it and paste it below:
              Chrome, Chromium, Edge: the "can't open this link" dialog or the tab's error page shows it; otherwise \
            open DevTools (F12) before finishing, Network tab, and copy the last request's URL.
              Firefox: the "The address wasn't understood" page shows it (right-click > Copy link); otherwise the \
            Network panel (Ctrl+Shift+E), last request, Copy URL.
              Safari: Develop > Show Web Inspector > Network before finishing, then copy the last request's URL.
            """)
    }

    /// Standard input ended before an address was pasted: only the desktop handoff can still answer.
    static var inputEnded: String {
        localized(
            "authflow: standard input ended, so no address can be pasted; still waiting for the "
                + "browser to hand the answer over through the desktop until the time limit.")
    }
}

/// The advice for a loopback page when authflow runs over SSH.
enum SSHTunnelWording {
    static func advice(_ tunnel: SSHTunnel) -> String {
        localized(
            "authflow: you are logged in over SSH, and this page is served on this machine's loopback port "
                + "\(tunnel.port), which your browser cannot reach yet. In a terminal on your own machine, run:\n\n    "
                + "\(tunnel.command)\n\nwith \(SSHTunnel.hostPlaceholder) the host name or address you gave ssh to reach "
                + "this machine (and the same -J jump host or options, if you used any), then open the page in the "
                + "browser there. To set the tunnel up before starting, fix the port with --port \(tunnel.port). For "
                + "hosted pages (phone, Apple, OAuth on the hosted route) no tunnel is needed: use --no-browser and "
                + "paste the address back.")
    }
}
