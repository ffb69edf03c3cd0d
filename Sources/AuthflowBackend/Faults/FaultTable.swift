import Synchronization

/// The faults currently armed, per endpoint (a REST operation name such as `accounts:signUp` or `token`,
/// or a path such as `/emulator/auth/handler`) or for every request (`nil`), each optionally limited to a
/// number of uses.
final class FaultTable: Sendable {
    private struct Entry {
        var fault: BackendFault
        var remaining: Int?
    }

    private let entries = Mutex<[String?: Entry]>([:])

    func set(_ fault: BackendFault?, for endpoint: String?, times: Int?) {
        entries.withLock { entries in
            if let fault, times.map({ $0 > 0 }) ?? true {
                entries[endpoint] = Entry(fault: fault, remaining: times)
            } else {
                entries[endpoint] = nil
            }
        }
    }

    /// Whether a fault is still armed for `endpoint` (itself, not the global one).
    func isArmed(for endpoint: String?) -> Bool {
        entries.withLock { $0[endpoint] != nil }
    }

    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// The fault for this request, endpoint-specific before global, counting one use.
    func take(for endpoint: String) -> BackendFault? {
        entries.withLock { entries in
            for key in [endpoint, nil] as [String?] {
                guard var entry = entries[key] else { continue }
                if let remaining = entry.remaining {
                    entry.remaining = remaining - 1
                    entries[key] = remaining > 1 ? entry : nil
                }
                return entry.fault
            }
            return nil
        }
    }
}
