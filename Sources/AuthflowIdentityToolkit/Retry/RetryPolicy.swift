import AuthflowHTTP

/// How calls that are safe to repeat (reads and the token refresh) are retried after a transient failure:
/// exponential backoff with full jitter, so many clients hitting the same outage spread out.
///
/// Only network failures that may clear up and 5xx/429 replies are retried; a 4xx refusal is final. Calls that
/// send SMS or email, or change the account, are never retried. Cancelling the calling task stops waiting.
public struct RetryPolicy: Sendable {
    /// Attempts in total, including the first; 1 disables retries.
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry; it doubles for each further retry.
    public var baseDelay: Duration
    /// The largest ceiling, whatever the attempt number.
    public var maxDelay: Duration
    /// Waits between attempts; throws when the task is cancelled. Tests inject a recorder.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A value in the given range (uniformly, for real use); tests inject fixed values.
    public var random: @Sendable (ClosedRange<Double>) -> Double
    /// The longest wait a server's `Retry-After` may ask for; a longer request is cut to this.
    public var retryAfterLimit: Duration = .seconds(10)

    /// A policy; the defaults wait with `Task.sleep` and draw from the system random generator.
    public init(
        maxAttempts: Int,
        baseDelay: Duration,
        maxDelay: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
        self.random = random
    }

    /// Three attempts, waiting up to 0.5 s and then up to 1 s; at most 4 s per wait.
    public static let `default` = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(4))

    /// One attempt only.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: .zero, maxDelay: .zero)

    /// The wait before retry number `retry` (1 for the first retry): a uniform draw between zero and
    /// `min(maxDelay, baseDelay × 2^(retry − 1))`.
    public func delay(beforeRetry retry: Int) -> Duration {
        let ceiling = Self.seconds(ceiling(beforeRetry: retry))
        guard ceiling > 0 else { return .zero }
        let drawn = min(max(random(0...ceiling), 0), ceiling)
        return .nanoseconds(Int64((drawn * 1e9).rounded()))
    }

    /// The upper bound of ``delay(beforeRetry:)``.
    public func ceiling(beforeRetry retry: Int) -> Duration {
        let doublings = min(max(retry - 1, 0), 30)
        let grown = Self.seconds(baseDelay) * Double(1 << doublings)
        return min(.nanoseconds(Int64(min(grown, Self.seconds(maxDelay)) * 1e9)), maxDelay)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A server's `Retry-After` header (RFC 9110): how long it asks to be left alone. Only the delay-seconds form
/// is read; an HTTP date, which Google's front ends do not send, is ignored.
enum RetryAfter {
    /// The delay `value` asks for, or nil when there is none or it is not a whole number of seconds.
    static func delay(_ value: String?) -> Duration? {
        guard let value else { return nil }
        let trimmed = value.filter { $0 != " " && $0 != "\t" }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 9, trimmed.utf8.allSatisfy({ (48...57).contains($0) }),
            let seconds = Int(trimmed)
        else { return nil }
        return .seconds(seconds)
    }
}

/// Which outcomes of a retryable call deserve another attempt.
enum RetryRule {
    /// Transport failures that may clear up by themselves. Configuration mistakes (bad URL, blocked address,
    /// TLS) and cancellation are final.
    static func isTransient(_ error: HTTPError) -> Bool {
        switch error {
        case .connectionRefused, .dnsFailure, .timedOut, .transport, .proxy: true
        default: false
        }
    }

    /// Server trouble or rate limiting. 501 is the emulator saying it lacks the feature, which is final.
    static func isTransient(status: Int) -> Bool {
        status == 429 || (status >= 500 && status != 501)
    }
}
