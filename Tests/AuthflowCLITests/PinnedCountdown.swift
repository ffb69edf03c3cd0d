import Foundation

/// What a terminal showed while a paste was being typed under the countdown: the countdown's redraws, each
/// saved-cursor, bottom-row, restored-cursor, and whatever else was written.
struct PinnedCountdown {
    /// The countdowns drawn ("0:29"), in order.
    let countdowns: [String]
    /// What was shown with the redraws taken out.
    let rest: String

    init(_ shown: String) {
        let redraw = /\u{1B}7\u{1B}\[\d+;1H\u{1B}\[2K([^\u{1B}]*)\u{1B}8/
        countdowns = shown.matches(of: redraw).compactMap { match in
            match.output.1.firstMatch(of: /\d+:\d\d/).map { String($0.output) }
        }
        rest = shown.replacing(redraw, with: "")
    }

    /// Whether `typed` was shown and nothing but the bottom-row redraws came after it: nothing moved the cursor
    /// back over it or cleared its line.
    func keeps(_ typed: String) -> Bool {
        guard let echo = rest.range(of: typed) else { return false }
        let after = rest[echo.upperBound...]
        return !after.contains("\u{1B}") && !after.contains("\r")
    }

    /// Whether the countdown went down while it was watched: at least two different times, falling.
    var advanced: Bool {
        let seconds = countdowns.compactMap { time -> Int? in
            let parts = time.split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
        }
        guard let first = seconds.first, let last = seconds.last else { return false }
        return last < first && zip(seconds, seconds.dropFirst()).allSatisfy { $0 >= $1 }
    }
}
