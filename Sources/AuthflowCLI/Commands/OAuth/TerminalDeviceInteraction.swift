import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives
import Foundation
import Synchronization

/// The device route at a terminal: the verification page and the user code, prominently and as a QR code, with a
/// countdown to the codes' expiry on standard error (the shared ``WaitIndicator``, cut to the terminal's width).
/// With `--json`, or when standard error is not a terminal (no one would see the prompt; a tool runs authflow),
/// the same comes first as one event line on standard output, so the tool can show it. Ctrl-C ends the wait.
final class TerminalDeviceInteraction: DeviceSignInInteraction {
    private let json: Bool
    private let interactive: Bool
    private let signals = Mutex<SignalWaiter?>(nil)
    private let countdown = Mutex<WaitIndicator?>(nil)

    init(json: Bool) {
        self.json = json
        interactive = Terminal.isInteractive
    }

    func present(_ authorization: DeviceAuthorization, provider: OAuthProvider) async {
        let waiter = SignalWaiter()
        signals.withLock { $0 = waiter }
        if json || !Terminal.standardErrorIsTerminal {
            let output = StandardOutput()
            output.write(bytes: Self.event(authorization, provider: provider, at: Date()))
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
        if interactive {
            countdown.withLock { indicator in
                if indicator == nil {
                    indicator = WaitIndicator(message: localized("Waiting for the approval…"), deadline: expiry)
                }
            }
        }
        let clock = ContinuousClock()
        while clock.now < instant {
            if waiter?.received != nil { return false }
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
        countdown.withLock { indicator in
            indicator?.finish()
            indicator = nil
        }
    }

    /// The device prompt as one event line, its shape defined here only (the README's "Device sign-in" shows
    /// it): what the person is to do, for a tool to show. `expiresAt` is `expiresIn` from `now`, in UTC.
    static func event(_ authorization: DeviceAuthorization, provider: OAuthProvider, at now: Date) -> [UInt8] {
        JSONLineWriter.line([
            ("event", .string("device-authorization")), ("provider", .string(provider.id)),
            ("verificationUri", .string(authorization.verificationURI)),
            ("verificationUriComplete", .optional(authorization.verificationURIComplete)),
            ("userCode", .string(authorization.userCode)), ("expiresIn", .integer(authorization.expiresIn)),
            ("expiresAt", .string(TimeText.iso8601(now.addingTimeInterval(Double(authorization.expiresIn))))),
            ("interval", .integer(authorization.interval)),
        ])
    }
}
