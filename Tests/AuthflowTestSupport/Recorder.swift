import Synchronization

/// Collects values from handlers running on server threads so a test can inspect them afterwards.
public final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    public init() {}

    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    public var values: [Value] {
        storage.withLock { $0 }
    }

    public var last: Value? {
        storage.withLock { $0.last }
    }
}
