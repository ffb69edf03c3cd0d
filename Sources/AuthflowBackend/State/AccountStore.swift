/// One state's accounts in the order they were created, with an index for every way a request finds one (local
/// ID, email, phone number, provider identity, a linked provider's email, first email, passkey), so finding,
/// adding, changing and deleting an account costs the same with a thousand accounts or a million.
///
/// Accounts sit in slots; a deleted account leaves an empty slot (so the others keep their order and their slot
/// numbers) until empty slots outnumber the accounts, when the slots are packed and the indexes rebuilt. Each
/// index maps a key to the slots holding it, in slot order, so the first match is the oldest account, as a scan
/// of the accounts in order would find.
///
/// While a ``Journal`` is open (``openJournal()``), every change records what it replaced, so a run of an
/// operation that has to stop for a blocking function is undone (``rollBack()``) without a copy of the accounts.
struct AccountStore: Sendable {
    /// A linked provider's identity: its provider ID and the user's ID there.
    struct ProviderKey: Hashable, Sendable {
        var providerId: String
        var rawId: String
    }

    /// The slots holding one key, oldest first; one slot needs no array.
    private enum Postings: Sendable {
        case one(Int)
        case many([Int])

        var first: Int {
            switch self {
            case .one(let slot): slot
            case .many(let slots): slots[0]
            }
        }

        var all: [Int] {
            switch self {
            case .one(let slot): [slot]
            case .many(let slots): slots
            }
        }

        /// Adds `slot` in slot order.
        static func inserting(_ slot: Int, into postings: Postings?) -> Postings {
            guard let postings else { return .one(slot) }
            var slots = postings.all
            let position = slots.firstIndex { $0 > slot } ?? slots.endIndex
            if position > 0, slots[position - 1] == slot { return postings }
            slots.insert(slot, at: position)
            return .many(slots)
        }

        /// Removes `slot`; `nil` when nothing is left.
        static func removing(_ slot: Int, from postings: Postings?) -> Postings? {
            guard case .many(var slots) = postings else { return nil }
            slots.removeAll { $0 == slot }
            if slots.count == 1 { return .one(slots[0]) }
            return slots.isEmpty ? nil : .many(slots)
        }
    }

    /// What changes since ``openJournal()`` replaced: each touched account as it was, with its slot (`nil` when
    /// the account did not exist), and the whole store as it was if every account was removed.
    private struct Journal: Sendable {
        var replaced: [String: (slot: Int, account: Account)?] = [:]
        var beforeRemovingAll: Saved?
    }

    /// A whole store kept by a journal (a class: a store cannot hold a store).
    private final class Saved: Sendable {
        let store: AccountStore
        init(_ store: AccountStore) { self.store = store }
    }

    private var slots: [Account?] = []
    private var slotByLocalId: [String: Int] = [:]
    private var byEmail: [String: Postings] = [:]
    private var byPhoneNumber: [String: Postings] = [:]
    private var byProvider: [ProviderKey: Postings] = [:]
    /// Emails of linked providers that differ from their account's own email.
    private var byProviderEmail: [String: Postings] = [:]
    private var byInitialEmail: [String: Postings] = [:]
    private var byPasskey: [String: Postings] = [:]
    private var journal: Journal?
    /// Every local ID in ascending order, made when a listing needs it and dropped when an account comes or goes.
    private var sortedLocalIds: [String]?

    init() {}

    /// How many accounts there are.
    var count: Int { slotByLocalId.count }

    /// Every account, oldest first.
    var all: [Account] { slots.compactMap { $0 } }

    // MARK: Finding

    func account(localId: String) -> Account? {
        slotByLocalId[localId].flatMap { slots[$0] }
    }

    func first(email: String) -> Account? { first(byEmail[email]) }

    func first(phoneNumber: String) -> Account? { first(byPhoneNumber[phoneNumber]) }

    /// The oldest account with a linked provider of this identity. The `password` and `phone` entries an account
    /// derives from its own email and number are found through those indexes (one index entry fewer per account).
    func first(provider: ProviderKey) -> Account? {
        var found = byProvider[provider]?.first
        let derived: Postings?
        switch provider.providerId {
        case ProviderID.password: derived = byEmail[provider.rawId]
        case ProviderID.phone: derived = byPhoneNumber[provider.rawId]
        default: derived = nil
        }
        for slot in derived?.all ?? [] where found.map({ slot < $0 }) ?? true {
            // In the email (phone) index under the identity's ID, a matching entry is the derived one.
            guard let account = slots[slot] else { continue }
            if account.providers.contains(where: { $0.providerId == provider.providerId && $0.rawId == provider.rawId })
            {
                found = slot
                break
            }
        }
        return found.flatMap { slots[$0] }
    }

    func first(initialEmail: String) -> Account? { first(byInitialEmail[initialEmail]) }

    func first(passkeyCredentialId: String) -> Account? { first(byPasskey[passkeyCredentialId]) }

    /// Accounts whose own email is `email`, oldest first.
    func accounts(email: String) -> [Account] { accounts(byEmail[email]) }

    /// Accounts with a linked provider carrying `email` while their own email is another, oldest first.
    func accounts(providerEmail email: String) -> [Account] { accounts(byProviderEmail[email]) }

    /// Up to `limit` accounts (all with a negative limit) in ascending local-ID order, after `start`. Sorts once
    /// after accounts came or went; a page then costs its own size.
    mutating func page(after start: String?, limit: Int) -> [Account] {
        let sorted = sortedLocalIds ?? slotByLocalId.keys.sorted()
        sortedLocalIds = sorted
        var low = 0
        if let start {
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= start { low = middle + 1 } else { high = middle }
            }
        }
        let end = limit < 0 ? sorted.count : min(sorted.count, low + limit)
        return sorted[low..<end].compactMap { account(localId: $0) }
    }

    private func first(_ postings: Postings?) -> Account? {
        postings.flatMap { slots[$0.first] }
    }

    private func accounts(_ postings: Postings?) -> [Account] {
        postings?.all.compactMap { slots[$0] } ?? []
    }

    // MARK: Changing

    /// Stores `account`: a new one after every other, an existing one (same local ID) in its place.
    mutating func put(_ account: Account) {
        if let slot = slotByLocalId[account.localId], let old = slots[slot] {
            record(old.localId, slot: slot, old)
            let rekeyed = !Self.sameKeys(old, account)
            if rekeyed { unindex(old, slot: slot) }
            slots[slot] = account
            if rekeyed { index(account, slot: slot) }
        } else {
            record(account.localId, slot: nil, nil)
            sortedLocalIds = nil
            let slot = slots.endIndex
            slots.append(account)
            slotByLocalId[account.localId] = slot
            index(account, slot: slot)
        }
    }

    mutating func remove(localId: String) {
        guard let slot = slotByLocalId[localId], let old = slots[slot] else { return }
        record(localId, slot: slot, old)
        sortedLocalIds = nil
        unindex(old, slot: slot)
        slots[slot] = nil
        slotByLocalId[localId] = nil
        packIfSparse()
    }

    mutating func removeAll() {
        if var journal {
            if journal.beforeRemovingAll == nil {
                self.journal = nil
                var before = self
                before.undo(journal.replaced)
                journal.beforeRemovingAll = Saved(before)
                journal.replaced = [:]
            }
            self = AccountStore()
            self.journal = journal
        } else {
            self = AccountStore()
        }
    }

    // MARK: Journal

    /// Starts recording what changes replace, for ``rollBack()``; slots are not packed meanwhile.
    mutating func openJournal() {
        journal = Journal()
    }

    /// Keeps every change since ``openJournal()`` and stops recording.
    mutating func closeJournal() {
        journal = nil
        packIfSparse()
    }

    /// Undoes every change since ``openJournal()`` and stops recording.
    mutating func rollBack() {
        guard let journal else { return }
        self.journal = nil
        if let before = journal.beforeRemovingAll {
            self = before.store
        } else {
            undo(journal.replaced)
        }
    }

    private mutating func record(_ localId: String, slot: Int?, _ account: Account?) {
        guard journal != nil, journal?.replaced.index(forKey: localId) == nil else { return }
        if let slot, let account {
            journal?.replaced[localId] = .some((slot, account))
        } else {
            journal?.replaced[localId] = .some(nil)
        }
    }

    /// Puts every recorded account back in its slot and removes those that did not exist.
    private mutating func undo(_ replaced: [String: (slot: Int, account: Account)?]) {
        sortedLocalIds = nil
        for localId in replaced.keys {
            guard let slot = slotByLocalId[localId], let current = slots[slot] else { continue }
            unindex(current, slot: slot)
            slots[slot] = nil
            slotByLocalId[localId] = nil
        }
        for case let (localId, (slot, account)?) in replaced {
            slots[slot] = account
            slotByLocalId[localId] = slot
            index(account, slot: slot)
        }
        while let last = slots.last, last == nil { slots.removeLast() }
    }

    // MARK: Indexes

    private mutating func index(_ account: Account, slot: Int) {
        Self.add(slot, account.email, &byEmail)
        Self.add(slot, account.phoneNumber, &byPhoneNumber)
        Self.add(slot, account.initialEmail, &byInitialEmail)
        for provider in account.providers where !Self.isDerived(provider, of: account) {
            Self.add(slot, Self.providerKey(provider), &byProvider)
        }
        for email in Self.providerEmails(account) { Self.add(slot, email, &byProviderEmail) }
        for passkey in account.passkeys ?? [] { Self.add(slot, passkey.credentialId, &byPasskey) }
    }

    private mutating func unindex(_ account: Account, slot: Int) {
        Self.remove(slot, account.email, &byEmail)
        Self.remove(slot, account.phoneNumber, &byPhoneNumber)
        Self.remove(slot, account.initialEmail, &byInitialEmail)
        for provider in account.providers where !Self.isDerived(provider, of: account) {
            Self.remove(slot, Self.providerKey(provider), &byProvider)
        }
        for email in Self.providerEmails(account) { Self.remove(slot, email, &byProviderEmail) }
        for passkey in account.passkeys ?? [] { Self.remove(slot, passkey.credentialId, &byPasskey) }
    }

    /// Whether the two versions of an account have the same index keys.
    private static func sameKeys(_ old: Account, _ new: Account) -> Bool {
        old.email == new.email && old.phoneNumber == new.phoneNumber && old.initialEmail == new.initialEmail
            && old.providers == new.providers && old.passkeys == new.passkeys
    }

    /// Whether `provider` is the `password` or `phone` entry `account` derives from its email or number, found
    /// through the email and phone indexes instead of the provider index.
    private static func isDerived(_ provider: ProviderInfo, of account: Account) -> Bool {
        switch provider.providerId {
        case ProviderID.password: provider.rawId == account.email
        case ProviderID.phone: provider.rawId == account.phoneNumber
        default: false
        }
    }

    private static func providerKey(_ provider: ProviderInfo) -> ProviderKey {
        ProviderKey(providerId: provider.providerId, rawId: provider.rawId)
    }

    private static func providerEmails(_ account: Account) -> [String] {
        var emails: [String] = []
        for provider in account.providers {
            if let email = provider.email, email != account.email, !emails.contains(email) { emails.append(email) }
        }
        return emails
    }

    private static func add<Key: Hashable>(_ slot: Int, _ key: Key?, _ index: inout [Key: Postings]) {
        guard let key else { return }
        index[key] = Postings.inserting(slot, into: index.removeValue(forKey: key))
    }

    private static func remove<Key: Hashable>(_ slot: Int, _ key: Key?, _ index: inout [Key: Postings]) {
        guard let key else { return }
        index[key] = Postings.removing(slot, from: index.removeValue(forKey: key))
    }

    /// Packs the slots and rebuilds the indexes once empty slots outnumber the accounts (never while a journal
    /// is open: its records name slots).
    private mutating func packIfSparse() {
        let empty = slots.count - slotByLocalId.count
        guard journal == nil, empty > 1024, empty > slotByLocalId.count else { return }
        let accounts = all
        self = AccountStore()
        for account in accounts { put(account) }
    }
}
