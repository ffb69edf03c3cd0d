import AuthflowIdentityToolkit
import Foundation

/// What one project (and tenant) was last found to ask of the email/password provider's protected calls, kept
/// between runs: only that it did NOT enforce reCAPTCHA Enterprise (`OFF`, `AUDIT`, or no configuration, as an
/// emulator's 501 says), and when that was read. `recaptcha-not-enforced.json` in the project's state directory,
/// written atomically with mode 0600 by ``StateFile``; it holds no secret (no token, no site key).
///
/// The SDKs read `recaptchaConfig` once per `Auth` instance and keep it in memory; a command-line run is one
/// process per command, so without this record every protected call would pay a round trip to read it again.
/// While the record is recent (``lifetime``) a protected call is sent first without a token and the read is
/// skipped. A project that has started enforcing since answers that call with `MISSING_RECAPTCHA_TOKEN`; the
/// configuration is then read again, the call retried once with a token, and the record removed.
/// `ENFORCE` is never recorded, so a stale record cannot make authflow ask for a token the project no longer
/// needs.
public struct RecaptchaNotEnforcedRecord: Codable, Sendable, Equatable {
    /// When the configuration was read and found not enforcing.
    public var checkedAt: Date

    /// A record of a read at `checkedAt`.
    public init(checkedAt: Date) {
        self.checkedAt = checkedAt
    }

    /// How long a record is trusted: a day. Being wrong costs one refused call and the read that would have been
    /// made anyway (the JS SDK itself sends a protected call without a token until the server asks for one,
    /// unless the app read the configuration first), so the bound is hygiene rather than safety: a record does
    /// not outlive a working day, and a project is read afresh at least daily.
    public static let lifetime: TimeInterval = 24 * 60 * 60

    /// Whether the record still stands at `now`: read less than ``lifetime`` ago, and not in the future (a clock
    /// set back makes a record doubtful, so it is read again).
    public func isRecent(at now: Date) -> Bool {
        let age = now.timeIntervalSince(checkedAt)
        return age >= 0 && age < Self.lifetime
    }
}

/// The record's file in one project's state directory (see ``RecaptchaNotEnforcedRecord``).
public struct RecaptchaNotEnforcedStore: Sendable {
    /// The file name inside a project's state directory.
    public static let fileName = "recaptcha-not-enforced.json"

    private let file: StateFile<RecaptchaNotEnforcedRecord>

    /// The store for `directory`.
    public init(directory: ProjectStateDirectory) {
        self.file = StateFile(Self.fileName, in: directory)
    }

    /// The file's path.
    public var path: String { file.path }

    /// Whether a record stands at `now`. A missing, unreadable or damaged file counts as none: the configuration
    /// is then read, and the file replaced or removed.
    public func isNotEnforced(at now: Date) -> Bool {
        guard let record = try? file.load() else { return false }
        return record.isRecent(at: now)
    }

    /// Records that a read of the configuration at `now` found the provider not enforced. A state directory that
    /// cannot be written only costs the next run a read, so a failure is ignored.
    public func recordNotEnforced(at now: Date) {
        try? file.save(RecaptchaNotEnforcedRecord(checkedAt: now))
    }

    /// Removes the record (the project enforces, or the server asked for a token); none is not an error.
    public func forget() {
        try? file.remove()
    }
}
