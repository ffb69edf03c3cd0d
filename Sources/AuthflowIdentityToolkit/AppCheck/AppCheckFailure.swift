import AuthflowPrimitives

/// Why no usable App Check token could be had. A front end names the flag or variable behind ``source``.
public struct AppCheckFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable {
        /// Exchanging needs the Firebase app ID registered with App Check, and none is configured.
        case missingAppID
        /// Exchanging needs a project ID, and none is configured.
        case missingProjectID
        /// The exchange call failed (refused, unreachable, redirected or an unusable reply).
        indirect case exchangeFailed(IdentityToolkitError)
        /// The token command could not be started (the system's reason).
        case commandNotStarted(SystemError)
        /// The token command ran longer than allowed.
        case commandTimedOut(Duration)
        /// The token command exited with this status (or `signal`, when a signal ended it).
        case commandFailed(status: Int32, signal: Bool)
        /// The token command printed no token, or JSON without a usable `token`, `expiresAt` or `ttl`.
        case commandOutputUnusable(UnusableOutput)
        /// The token the command printed has already expired.
        case commandTokenExpired
        /// The source needs a browser, and this run has none (no page was opened).
        case browserUnavailable
        /// The browser page reported this failure, or did not answer, or could not be served: the page layer's own
        /// typed error (its `description` is the English), which a front end words as it words that error.
        case pageFailed(any Error & CustomStringConvertible)
        /// The backend refused the App Check token that was sent.
        case rejected(ServerError)
        /// The backend refused ``AppCheckPlaceholder/token``, sent because no token could be obtained (that
        /// failure was reported when it happened): the project enforces App Check.
        case placeholderRefused(ServerError)
    }

    /// Whether a request may go on with ``AppCheckPlaceholder/token`` after this failure, as the SDKs do when
    /// obtaining a token fails: true when the source was tried and failed (an exchange, the command, the page);
    /// false when it is set up wrong (no app or project ID), cannot run in this command (no browser), or the
    /// backend refused what was sent.
    public var allowsPlaceholder: Bool {
        switch problem {
        case .exchangeFailed, .commandNotStarted, .commandTimedOut, .commandFailed, .commandOutputUnusable,
            .commandTokenExpired, .pageFailed:
            true
        case .missingAppID, .missingProjectID, .browserUnavailable, .rejected, .placeholderRefused:
            false
        }
    }

    /// What is wrong with a token command's output.
    public enum UnusableOutput: Sendable, Hashable, CustomStringConvertible {
        /// It printed nothing.
        case empty
        /// It starts with `{` but is not a JSON object.
        case notJSONObject
        /// The JSON has no `token` text.
        case noToken
        /// The first line is not a single token.
        case notSingleToken
        /// The JSON field (`expiresAt` or `ttl`) is not a time.
        case notATime(field: String)

        /// The problem in English, for logs and embedders.
        public var description: String {
            switch self {
            case .empty: "it printed nothing"
            case .notJSONObject: "the output starts with { but is not a JSON object"
            case .noToken: "the JSON has no \"token\" text"
            case .notSingleToken: "the first line is not a single token"
            case .notATime(let field): "\"\(field)\" is not a time"
            }
        }
    }

    /// The source that failed.
    public var source: AppCheckSource
    /// What went wrong.
    public var problem: Problem

    /// A failure of `source`.
    public init(source: AppCheckSource, problem: Problem) {
        self.source = source
        self.problem = problem
    }

    /// A description without credentials or command-line flags.
    public var description: String {
        let what =
            switch source {
            case .debugToken: "the App Check debug token"
            case .tokenCommand: "the App Check token command"
            case .recaptchaEnterprise: "App Check's reCAPTCHA Enterprise provider"
            }
        switch problem {
        case .missingAppID:
            return "No App Check token: exchanging \(what) needs the Firebase app ID registered with App Check."
        case .missingProjectID:
            return "No App Check token: exchanging \(what) needs the Firebase project ID."
        case .exchangeFailed(let error):
            return "No App Check token: exchanging \(what) failed. \(error.description)"
        case .commandNotStarted(let reason):
            return "No App Check token: \(what) could not be started: \(reason)."
        case .commandTimedOut(let limit):
            return "No App Check token: \(what) printed nothing within \(limit.components.seconds) seconds."
        case .commandFailed(let status, let signal):
            let how = signal ? "was killed by signal \(status)" : "exited with status \(status)"
            return "No App Check token: \(what) \(how)."
        case .commandOutputUnusable(let why):
            return "No App Check token: \(what) printed no usable token (\(why))."
        case .commandTokenExpired:
            return "No App Check token: the token \(what) printed has already expired."
        case .browserUnavailable:
            return "No App Check token: \(what) needs a browser, and this command opens none."
        case .pageFailed(let why):
            return "No App Check token: the browser page for \(what) failed: \(why)"
        case .rejected(let error):
            return "The project refused the App Check token from \(what). \(error.message)"
        case .placeholderRefused(let error):
            return "No App Check token could be had from \(what), and the project refused the placeholder sent "
                + "instead. \(error.message)"
        }
    }
}
