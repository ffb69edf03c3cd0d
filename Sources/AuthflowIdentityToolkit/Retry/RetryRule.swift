import AuthflowHTTP

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
