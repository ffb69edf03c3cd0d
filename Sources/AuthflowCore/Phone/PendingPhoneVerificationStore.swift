import AuthflowStorage
import Foundation

/// Keeps each ``PendingPhoneVerification`` of one project (and tenant) in
/// `pending-phone-<digits>.json` in its state directory: one file per number, private (0600), written
/// atomically, so a crash right after the SMS loses nothing and numbers never overwrite each other.
public struct PendingPhoneVerificationStore: Sendable {
    /// File names start with this.
    public static let filePrefix = "pending-phone-"

    /// The project's state directory.
    public let directory: ProjectStateDirectory

    /// The store for `directory`.
    public init(directory: ProjectStateDirectory) {
        self.directory = directory
    }

    /// The file's path for `number`, for messages.
    public func path(for number: PhoneNumber) -> String { file(for: number).path }

    /// The pending verification for `number`, or nil.
    public func load(_ number: PhoneNumber) throws(StorageError) -> PendingPhoneVerification? {
        try file(for: number).load()
    }

    /// Records `pending`, replacing an older one for the same number: only the latest SMS's code works.
    public func save(_ pending: PendingPhoneVerification) throws(StorageError) {
        try file(for: pending.phoneNumber).save(pending)
    }

    /// Forgets the verification for `number`; none stored is not an error.
    public func remove(_ number: PhoneNumber) throws(StorageError) {
        try file(for: number).remove()
    }

    /// Every pending verification of the project, oldest first (by number within the same second). Files
    /// that cannot be read are skipped:
    /// listing must not fail because of one damaged record.
    public func all() -> [PendingPhoneVerification] {
        let names = DirectoryEntries.names(in: directory.path) ?? []
        return
            names
            .filter { $0.hasPrefix(Self.filePrefix) && $0.hasSuffix(".json") }
            .compactMap { name in try? StateFile<PendingPhoneVerification>(name, in: directory).load() }
            .sorted { ($0.sentAt, $0.phoneNumber.e164) < ($1.sentAt, $1.phoneNumber.e164) }
    }

    private func file(for number: PhoneNumber) -> StateFile<PendingPhoneVerification> {
        StateFile("\(Self.filePrefix)\(number.digits).json", in: directory)
    }
}
