import AuthflowLocalization
import AuthflowPrimitives
import Foundation
import Synchronization

/// The live "waiting for the browser" line: a spinner and the time left, redrawn in place on standard error.
/// Nothing is drawn when standard error is not a terminal, so logs and pipes stay clean.
final class WaitIndicator: Sendable {
    // Drawing and clearing happen under the lock, so no frame can land after the line was cleared.
    private let state = Mutex<(active: Bool, task: Task<Void, Never>?)>((false, nil))

    /// Starts drawing `message` with a countdown to `deadline`, if standard error is a terminal. Not
    /// `animated`, it writes the line once (ending in a newline) and never redraws, so a paste being typed
    /// below it is never erased.
    init(message: String, deadline: ContinuousClock.Instant, animated: Bool = true) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        guard animated else {
            let left = max(0, (deadline - .now).components.seconds)
            StandardError.write(
                localized("\(message) (up to \(left / 60):\(String(format: "%02d", left % 60)); Ctrl-C to cancel)"))
            return
        }
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        state.withLock { $0.active = true }
        let drawing = Task.detached { [weak self] in
            var frame = 0
            while !Task.isCancelled {
                let left = max(0, (deadline - .now).components.seconds)
                let clock = "\(left / 60):\(String(format: "%02d", left % 60))"
                let text = localized("\(message) \(clock) left · Ctrl-C to cancel")
                let line = "\r\u{1B}[K\(frames[frame % frames.count]) " + TerminalText.escaped(text)
                self?.draw(line)
                frame += 1
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        state.withLock { $0.task = drawing }
    }

    private func draw(_ line: String) {
        state.withLock { if $0.active { StandardError.draw(line) } }
    }

    /// Stops drawing and clears the line.
    func finish() {
        state.withLock { state in
            guard state.active else { return }
            state.active = false
            state.task?.cancel()
            StandardError.draw("\r\u{1B}[K")
        }
    }
}
