import AuthflowLocalization
import AuthflowPrimitives
import Foundation
import Synchronization

/// The live "waiting for the browser" line: a spinner and the time left, redrawn on standard error. Nothing is
/// drawn when standard error is not a terminal, so logs and pipes stay clean.
///
/// Without a prompt the line is redrawn in place. With one (someone is to type or paste an address), the
/// countdown lives on the terminal's bottom row, kept out of the scrolling region, and the prompt is written
/// where the cursor is: what is typed after it is echoed above the countdown and never erased by a redraw, and
/// the countdown keeps advancing. A terminal whose size is unknown (or `TERM=dumb`) gets the countdown once, on
/// its own line.
final class WaitIndicator: Sendable {
    private struct State {
        var active = false
        var task: Task<Void, Never>?
        /// The terminal's rows while the bottom row is reserved for the countdown.
        var pinnedRows: Int?
        /// A prompt written to standard error that is not a terminal (nothing typed is echoed after it): its line
        /// is ended when the wait ends, so the next output does not run on after it or leave it dangling.
        var openPrompt = false
    }

    // Drawing and clearing happen under the lock, so no frame can land after the line was cleared.
    private let state = Mutex(State())
    private let prompt: String?

    /// Starts drawing `message` with a countdown to `deadline`, if standard error is a terminal, and writes
    /// `prompt` (whether or not it is a terminal) for a paste to be typed after it.
    init(message: String, deadline: ContinuousClock.Instant, prompt: String? = nil) {
        self.prompt = prompt
        guard Terminal.standardErrorIsTerminal else {
            if let prompt {
                StandardError.write(prompt, newline: false)
                state.withLock { $0.openPrompt = true }
            }
            return
        }
        let rows = prompt == nil ? nil : Self.terminalRows()
        if prompt != nil, rows == nil {
            let (minutes, seconds) = Self.left(until: deadline)
            StandardError.write(localized("\(message) (up to \(minutes):\(seconds); Ctrl-C to cancel)"))
        }
        if let rows {
            // A new line first, so the cursor is not on the row about to leave the scrolling region.
            StandardError.draw("\n\u{1B}7\u{1B}[1;\(rows - 1)r\u{1B}8\u{1B}[1A")
        }
        state.withLock { $0 = State(active: rows != nil || prompt == nil, task: nil, pinnedRows: rows) }
        if let prompt { StandardError.write(prompt, newline: false) }
        guard state.withLock({ $0.active }) else { return }
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        let drawing = Task.detached { [weak self] in
            var frame = 0
            while !Task.isCancelled {
                let text = localized("\(message) \(Self.clock(until: deadline)) left · Ctrl-C to cancel")
                self?.draw(frames[frame % frames.count] + " " + TerminalText.escaped(text))
                frame += 1
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        state.withLock { $0.task = drawing }
    }

    /// Minutes and seconds left before `deadline`, as `1:05`.
    private static func clock(until deadline: ContinuousClock.Instant) -> String {
        let (minutes, seconds) = left(until: deadline)
        return "\(minutes):\(seconds)"
    }

    /// Whole minutes and two-digit seconds left before `deadline`, rounded up: a limit of 60 s starts at 1:00.
    private static func left(until deadline: ContinuousClock.Instant) -> (minutes: Int64, seconds: String) {
        let left = max(.zero, deadline - .now)
        let seconds = left.components.seconds + (left.components.attoseconds > 0 ? 1 : 0)
        return (seconds / 60, String(format: "%02d", seconds % 60))
    }

    /// Writes the prompt again, after a pasted line was refused (the refusal was written on lines of its own).
    func promptAgain() {
        if let prompt { StandardError.write(prompt, newline: false) }
    }

    private func draw(_ text: String) {
        // Cut to the terminal's width, read at each frame so a resized window is followed: a line that wrapped
        // would leave its first row behind at every redraw. The last column stays empty (no pending wrap).
        let line = Terminal.standardErrorSize.map { TerminalWidth.cut(text, to: $0.columns - 1) } ?? text
        state.withLock { state in
            guard state.active else { return }
            guard let rows = state.pinnedRows else {
                StandardError.draw("\r\u{1B}[K" + line)
                return
            }
            // A resized terminal gets its scrolling region again, one row shorter than the new height.
            if let now = Self.terminalRows(), now != rows {
                StandardError.draw("\u{1B}7\u{1B}[1;\(now - 1)r\u{1B}8")
                state.pinnedRows = now
            }
            let bottom = state.pinnedRows ?? rows
            // Save the cursor (it sits in what is being typed), draw on the bottom row, and put it back.
            StandardError.draw("\u{1B}7\u{1B}[\(bottom);1H\u{1B}[2K" + line + "\u{1B}8")
        }
    }

    /// Stops drawing and clears the countdown (and a prompt still waiting for its line).
    func finish() {
        state.withLock { state in
            state.task?.cancel()
            if let rows = state.pinnedRows {
                StandardError.draw("\u{1B}7\u{1B}[r\u{1B}[\(rows);1H\u{1B}[2K\u{1B}8\r\u{1B}[K")
            } else if state.active {
                StandardError.draw("\r\u{1B}[K")
            } else if state.openPrompt {
                StandardError.write("")
            }
            state = State()
        }
    }

    /// The height of the terminal on standard error, when it says, has room for a reserved row and takes
    /// cursor movements (not `TERM=dumb`).
    private static func terminalRows() -> Int? {
        guard ProcessEnvironment.current()["TERM"] != "dumb", let size = Terminal.standardErrorSize, size.rows >= 3
        else { return nil }
        return size.rows
    }
}
