import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives
import Foundation
import Synchronization

/// The device route at a terminal: the verification page and the user code, prominently and as a QR code, with a
/// countdown to the codes' expiry on standard error; with `--json`, the same first as one event line on standard
/// output, so a tool can show it. Ctrl-C ends the wait.
final class TerminalDeviceInteraction: DeviceSignInInteraction {
    private let json: Bool
    private let interactive: Bool
    private let signals = Mutex<SignalWaiter?>(nil)

    init(json: Bool) {
        self.json = json
        interactive = Terminal.isInteractive
    }

    func present(_ authorization: DeviceAuthorization, provider: OAuthProvider) async {
        let waiter = SignalWaiter()
        signals.withLock { $0 = waiter }
        if json {
            let output = StandardOutput()
            output.write(bytes: Self.event(authorization, provider: provider))
            output.flush()
        }
        guard !json || interactive else { return }
        StandardError.write(
            localized("To sign in with \(provider.id), open this page on any device and enter the code:"))
        StandardError.write("")
        StandardError.write("    \(authorization.verificationURI)")
        StandardError.write("")
        StandardError.write("    \(authorization.userCode)")
        StandardError.write("")
        if let matrix = try? QRMatrix(encoding: authorization.scannableURI) {
            for line in TerminalQRCode.lines(matrix, colour: interactive) { StandardError.draw("  " + line + "\n") }
            StandardError.write("")
        }
        if let complete = authorization.verificationURIComplete {
            StandardError.write(localized("Or open \(complete), which fills in the code."))
        }
        let minutes = max(1, authorization.expiresIn / 60)
        StandardError.write(localized("The code expires in \(minutes) minutes."))
    }

    func pause(until instant: ContinuousClock.Instant, expiry: ContinuousClock.Instant) async -> Bool {
        let waiter = signals.withLock { $0 }
        let clock = ContinuousClock()
        while clock.now < instant {
            if waiter?.received != nil { return false }
            if interactive {
                let left = max(0, Int((expiry - clock.now).components.seconds))
                let countdown = String(format: "%d:%02d", left / 60, left % 60)
                StandardError.draw(
                    "\r\u{1B}[K" + localized("Waiting for the approval… the code expires in \(countdown)."))
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
        return waiter?.received == nil
    }

    func finished() async {
        let waiter = signals.withLock { state in
            defer { state = nil }
            return state
        }
        if waiter?.received == nil { waiter?.cancel() }
        if interactive { StandardError.draw("\r\u{1B}[K") }
    }

    /// The `--json` event line: what the person is to do, for a tool to show.
    static func event(_ authorization: DeviceAuthorization, provider: OAuthProvider) -> [UInt8] {
        JSONLineWriter.line([
            ("event", .string("device-authorization")), ("provider", .string(provider.id)),
            ("verificationUri", .string(authorization.verificationURI)),
            ("verificationUriComplete", .optional(authorization.verificationURIComplete)),
            ("userCode", .string(authorization.userCode)), ("expiresIn", .integer(authorization.expiresIn)),
            ("interval", .integer(authorization.interval)),
        ])
    }
}
