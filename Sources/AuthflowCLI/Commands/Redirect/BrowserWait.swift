import AuthflowListener
import Foundation

/// Waits for a listener's callback with the countdown line, ending early on Ctrl-C or SIGTERM.
enum BrowserWait {
    enum Outcome {
        case callback(RedirectCallback)
        case failed(RedirectListenerError)
        case interrupted
    }

    /// Catches Ctrl-C and SIGTERM from now on; make it before announcing the wait, so an early Ctrl-C is
    /// handled rather than killing the process with the port still in its rendezvous file.
    static func catchInterrupts() -> SignalWaiter {
        SignalWaiter(signals: [SIGINT, SIGTERM])
    }

    static func run(listener: RedirectListener, signals: SignalWaiter, timeout: Duration, message: String) async -> Outcome {
        let indicator = WaitIndicator(message: message, deadline: .now + timeout)
        defer { indicator.finish() }
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do throws(RedirectListenerError) {
                    return .callback(try await listener.callback(timeout: timeout))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                _ = await signals.wait()
                return .interrupted
            }
            let first = await group.next() ?? nil
            if case .callback? = first {
                // The answer to the request that carried the callback is still being written (the handoff's
                // 204, the browser's page); give it a moment before the server closes its connections.
                try? await Task.sleep(for: .milliseconds(250))
            }
            // Stopping frees the port at once and ends whichever task is still waiting.
            listener.stop()
            group.cancelAll()
            signals.cancel()
            return first ?? .interrupted
        }
    }
}

/// Feeds lines of standard input to a listener as pasted callback URLs, saying why a rejected one was not taken.
enum PastedLines {
    static func feed(into listener: RedirectListener) {
        Thread {
            while let line = readLine(strippingNewline: true) {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                switch listener.submit(text) {
                case .accepted, .acceptedWithError: return
                case .rejected(let reason): StandardError.write("authflow: not accepted: \(reason) Paste another URL.")
                }
            }
        }.start()
    }
}

/// Lines to standard output, each written whole and flushed at once: scripts read the first line early.
struct LineOutput {
    /// A line already ending in a newline, as ``OrderedJSON/line(_:)`` makes them.
    func line(_ bytes: [UInt8]) {
        write(bytes)
    }

    func line(_ text: String) {
        write(Array((text + "\n").utf8))
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
