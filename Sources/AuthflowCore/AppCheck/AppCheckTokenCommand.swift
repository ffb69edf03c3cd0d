import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A command the user owns that prints an App Check token: typically it asks their backend, which mints tokens
/// with the Admin SDK (`appCheck().createToken(appId)`).
///
/// It runs with `/bin/sh -c`, with `AUTHFLOW_PROJECT_ID` and `AUTHFLOW_APP_ID` (when known) in its environment;
/// its standard error is ours. Its standard output is either the token alone on the first non-empty line, or
/// one JSON object `{"token": …}` with `expiresAt` (RFC 3339 text, or milliseconds since 1970), `ttl`
/// (`"3600s"` or seconds) or `ttlMillis` (what `createToken` returns). A bare token that is a JWT expires at
/// its `exp`; any other bare token is used for this run only.
public struct AppCheckTokenCommand: Sendable {
    /// The command line, as given.
    public let command: String
    /// How long it may run.
    public let timeout: Duration

    /// A command that may run for `timeout`.
    public init(_ command: String, timeout: Duration = .seconds(60)) {
        self.command = command
        self.timeout = timeout
    }

    /// What the command printed: the token and, when it said or the token shows, its expiry.
    public struct Output: Sendable, Equatable {
        /// The token.
        public var token: String
        /// When it expires; nil when neither the output nor the token says.
        public var expiresAt: Date?
    }

    /// Runs the command for `projectID`'s app `appID`.
    public func run(projectID: String?, appID: String?, now: Date = Date()) async throws(AppCheckFailure) -> Output {
        var environment = ProcessEnvironment.current()
        environment["AUTHFLOW_PROJECT_ID"] = projectID
        environment["AUTHFLOW_APP_ID"] = appID
        let command = self.command
        let timeout = self.timeout
        let childEnvironment = environment
        let printed = await DetachedThread.value {
            Self.execute(command, environment: childEnvironment, timeout: timeout)
        }
        return try Self.parse(try printed.get(), now: now)
    }

    private static func execute(
        _ command: String, environment: [String: String], timeout: Duration
    ) -> Result<[UInt8], AppCheckFailure> {
        func failure(_ problem: AppCheckFailure.Problem) -> Result<[UInt8], AppCheckFailure> {
            .failure(AppCheckFailure(source: .tokenCommand, problem: problem))
        }
        let run = ChildProcess.runCollectingOutput(
            "/bin/sh", arguments: ["-c", command],
            options: .userCommand(environment: environment),
            timeout: timeout, limit: 64 * 1024)
        switch run {
        case .finished(.exited(0), let output): return .success(output)
        case .finished(.exited(let status), _): return failure(.commandFailed(status: status, signal: false))
        case .finished(.signalled(let signal), _): return failure(.commandFailed(status: signal, signal: true))
        case .notStarted(let error): return failure(.commandNotStarted(SystemError(code: error.code)))
        case .timedOut, .cancelled: return failure(.commandTimedOut(timeout))
        }
    }

    /// Reads what the command printed (see the type's description for the forms).
    public static func parse(_ output: [UInt8], now: Date) throws(AppCheckFailure) -> Output {
        func unusable(_ why: AppCheckFailure.UnusableOutput) -> AppCheckFailure {
            AppCheckFailure(source: .tokenCommand, problem: .commandOutputUnusable(why))
        }
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw unusable(.empty) }
        let parsed: Output
        if text.hasPrefix("{") {
            guard let json = try? JSONParser.parse(Array(text.utf8)), json.objectValue != nil else {
                throw unusable(.notJSONObject)
            }
            guard let token = json["token"]?.stringValue, !token.isEmpty else {
                throw unusable(.noToken)
            }
            parsed = Output(token: token, expiresAt: try expiry(of: json, now: now) ?? jwtExpiry(token))
        } else {
            guard let line = text.split(whereSeparator: \.isNewline).first.map(String.init),
                !line.contains(where: \.isWhitespace)
            else { throw unusable(.notSingleToken) }
            parsed = Output(token: line, expiresAt: jwtExpiry(line))
        }
        if let expiresAt = parsed.expiresAt, expiresAt <= now {
            throw AppCheckFailure(source: .tokenCommand, problem: .commandTokenExpired)
        }
        return parsed
    }

    private static func expiry(of json: JSONValue, now: Date) throws(AppCheckFailure) -> Date? {
        func unusable(_ field: String) -> AppCheckFailure {
            AppCheckFailure(source: .tokenCommand, problem: .commandOutputUnusable(.notATime(field: field)))
        }
        if let value = json["expiresAt"] {
            if case .number(let millis) = value { return Date(timeIntervalSince1970: millis / 1000) }
            guard let text = value.stringValue,
                let date = ISO8601DateFormatter().date(from: text)
                    ?? Self.fractionalFormatter.date(from: text)
            else { throw unusable("expiresAt") }
            return date
        }
        if let value = json["ttlMillis"] {
            guard case .number(let millis) = value, millis > 0 else { throw unusable("ttlMillis") }
            return now.addingTimeInterval(millis / 1000)
        }
        if let value = json["ttl"] {
            if case .number(let seconds) = value, seconds > 0 { return now.addingTimeInterval(seconds) }
            guard let text = value.stringValue, let duration = AppCheckTokenResponse.duration(text) else {
                throw unusable("ttl")
            }
            return now.addingTimeInterval(Double(duration.components.seconds))
        }
        return nil
    }

    private static func jwtExpiry(_ token: String) -> Date? {
        IDTokenClaims(jwt: token)?.expiresAt
    }

    private static var fractionalFormatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
